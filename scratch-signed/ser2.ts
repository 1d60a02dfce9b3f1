import { readFileSync } from 'node:fs';
import { z } from 'zod';
import fastJson from 'fast-json-stringify';
import { notification } from '../src/common/api/notifications';
import { tradeRequest } from '../src/common/api/trades';
import { conversation } from '../src/common/api/chat';
const cases = [
  ['notifications', z.array(notification)],
  ['trade-requests', z.array(tradeRequest)],
  ['conversations', z.array(conversation)],
] as const;
for (const [name, schema] of cases) {
  const data = JSON.parse(readFileSync(`/tmp/signed-tools/${name}.json`, 'utf8'));
  const { $schema, ...json } = z.toJSONSchema(schema, { io: 'output' }) as Record<string, unknown>;
  const fjs = fastJson(json as never);
  const zodSer = (d: unknown) => JSON.stringify(z.encode(schema, d as never));
  const same = fjs(data) === zodSer(data);
  for (const [label, f] of [['zod encode+stringify', zodSer], ['JSON.stringify only', (d: unknown) => JSON.stringify(d)], ['fast-json-stringify', fjs]] as const) {
    for (let i = 0; i < 200; i++) f(data);
    const n = 1000; const t = performance.now();
    for (let i = 0; i < n; i++) f(data);
    console.log(name, label, ((performance.now() - t) / n * 1000).toFixed(0), 'µs', 'same output:', same);
  }
}

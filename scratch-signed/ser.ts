import { z } from 'zod';
import { notification } from '../src/common/api/notifications';
import { tradeRequest } from '../src/common/api/trades';
for (const [name, s] of [['notification', z.array(notification)], ['trades', z.array(tradeRequest)]] as const) {
  try { const j = z.toJSONSchema(s, { io: 'output', unrepresentable: 'any' }); console.log(name, JSON.stringify(j).slice(0, 600)); } catch (e) { console.log(name, 'ERR', (e as Error).message); }
}

import { request as httpRequest } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { listItem } from '../../test-support/fixtures';
import { useTestApp } from '../../test-support/test-app';

/*
 * Repeated marketplace reads are answered before Fastify from the bytes the route sent last time
 * (MarketplaceFront, decision 015). Over a real socket: inject() does not pass through the server.
 */

const t = useTestApp();
let port = 0;

beforeAll(async () => {
  await t.ready();
  ({ port } = await t.listen());
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<Raw>((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** What a client sees of an answer, the Date header aside. */
const seen = ({ status, headers, body }: Raw) => {
  const { date: _date, ...rest } = headers;
  return { status, headers: rest, body: body.toString('base64') };
};

const served = () => t.app.marketplaceFront.served;

describe('ready answers for repeated marketplace reads', () => {
  it('answer a repeated list read with the very status, headers and bytes the route sent', async () => {
    const owner = await t.member();
    await listItem(owner, { title: 'Wool Coat' });
    const before = served();
    const first = await get('/api/items?limit=10');
    expect(first.status).toBe(200);
    expect(served()).toBe(before);
    const second = await get('/api/items?limit=10');
    expect(served()).toBe(before + 1);
    expect(seen(second)).toEqual(seen(first));
    expect(second.headers['x-total-count']).toBe('1');
    expect(second.headers['cache-control']).toBe('no-store');
    expect(second.headers['content-security-policy']).toBeDefined();
    expect((JSON.parse(second.body.toString()) as Array<{ title: string }>)[0]?.title).toBe('Wool Coat');
  });

  it('keep one ready answer per Accept-Encoding, compressed as the route compressed it', async () => {
    const owner = await t.member();
    for (const title of ['Linen Shirt', 'Denim Jacket', 'Canvas Sneakers'])
      await listItem(owner, { title, description: 'Worn twice. '.repeat(40) });
    const plain = await get('/api/items');
    const br = { 'accept-encoding': 'gzip, deflate, br' };
    const before = served();
    const first = await get('/api/items', br);
    expect(first.headers['content-encoding']).toBe('br');
    expect(served()).toBe(before);
    const second = await get('/api/items', br);
    expect(served()).toBe(before + 1);
    expect(seen(second)).toEqual(seen(first));
    expect(brotliDecompressSync(second.body).toString()).toBe(plain.body.toString());
  });

  it('never answer from an entry a write changed: its author sees the change on the next read', async () => {
    const owner = await t.member();
    const item = await listItem(owner, { title: 'Silk Scarf' });
    await get('/api/items');
    await get('/api/items');
    const before = served();
    expect((await owner.patch(`/api/items/${item.id}`, { title: 'Blue Silk Scarf' })).statusCode).toBe(200);
    const after = await get('/api/items');
    expect(served()).toBe(before);
    expect((JSON.parse(after.body.toString()) as Array<{ title: string }>)[0]?.title).toBe('Blue Silk Scarf');
    // The new answer is ready in turn.
    expect(seen(await get('/api/items'))).toEqual(seen(after));
    expect(served()).toBe(before + 1);
  });

  it('answer repeated facets too, and leave HEAD, refused queries and other paths to Fastify', async () => {
    const owner = await t.member();
    await listItem(owner);
    const facets = await get('/api/items/facets');
    const before = served();
    expect(seen(await get('/api/items/facets'))).toEqual(seen(facets));
    expect(served()).toBe(before + 1);

    const head = await get('/api/items/facets', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (let i = 0; i < 2; i += 1) expect((await get('/api/items?sortBy=cheapest')).status).toBe(400);
    expect((await get('/api/items/facets?size=M')).status).toBe(200);
    expect(served()).toBe(before + 1);
  });
});

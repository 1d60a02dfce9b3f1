import sharp from 'sharp';
import type { ItemInput } from '../../common/api/items';
import type { TestClient } from './test-app';

let samplePng: Promise<Buffer> | undefined;

/** A small real PNG, made once per test file. */
export function pngImage(width = 64, height = 80): Promise<Buffer> {
  if (width === 64 && height === 80) {
    samplePng ??= sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
    return samplePng;
  }
  return sharp({ create: { width, height, channels: 3, background: '#2980b9' } })
    .png()
    .toBuffer();
}

/** A multipart body with one file part, as a browser's FormData would send it. */
export function multipart(file: Buffer, field = 'file', filename = 'photo.png', type = 'image/png') {
  const boundary = `----threadswap${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function uploadImage(client: TestClient): Promise<string> {
  const { payload, headers } = multipart(await pngImage());
  const response = await client.post('/api/images', payload, headers);
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json().url;
}

export function itemInput(photo: string, overrides: Partial<ItemInput> = {}): ItemInput {
  return {
    title: 'Vintage Denim Jacket',
    description: 'Classic blue denim jacket, light fading, all buttons intact.',
    category: 'clothing',
    gender: 'unisex',
    style: 'Outerwear',
    condition: 'good',
    brand: "Levi's",
    size: 'M',
    estimatedValue: 4500,
    images: [photo],
    tags: ['vintage', 'denim'],
    colors: ['Blue'],
    seasons: ['Spring', 'Fall'],
    location: 'Berlin',
    ...overrides,
  };
}

/** Lists an item for the member and answers it. */
export async function listItem(client: TestClient, overrides: Partial<ItemInput> = {}) {
  const photo = overrides.images?.[0] ?? (await uploadImage(client));
  const response = await client.post('/api/items', itemInput(photo, overrides));
  if (response.statusCode !== 201)
    throw new Error(`create item failed: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string; userId: string; title: string; estimatedValue: number };
}

/**
 * Through the API, as members do it: the requester offers a new item of theirs for a new item of
 * the owner's, and the owner accepts when `accept` is set. Answers both items and the trade's id.
 */
export async function requestTrade(owner: TestClient, requester: TestClient, { accept = false } = {}) {
  const wanted = await listItem(owner);
  const offered = await listItem(requester);
  const response = await requester.post('/api/trade-requests', {
    requestedItemId: wanted.id,
    offeredItemId: offered.id,
  });
  if (response.statusCode !== 201)
    throw new Error(`trade request failed: ${response.statusCode} ${response.body}`);
  const id = (response.json() as { id: string }).id;
  if (accept) {
    const accepted = await owner.patch(`/api/trade-requests/${id}`, { status: 'accepted' });
    if (accepted.statusCode !== 200)
      throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
  }
  return { wanted, offered, id };
}

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Item } from '@common/api/items';
import { uniqueEmail } from './browser';
import { toastLog } from './ui';

/**
 * Helpers for the marketplace journeys (issues 3 to 5): members and listings made through the
 * API from a browser context (which signs that context in), photos, toasts and URLs. The machine
 * running these is slow and shared, so every wait is generous; none is a fixed sleep.
 */

/** How long a journey waits for something the user should see. */
export const WAIT_MS = 30_000;

export async function shown(locator: Locator, timeout = WAIT_MS): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout });
}

export async function gone(locator: Locator, timeout = WAIT_MS): Promise<void> {
  await locator.waitFor({ state: 'hidden', timeout });
}

/** Polls `read` until it equals `expected`. */
export async function eventually<T>(
  read: () => Promise<T> | T,
  expected: T,
  timeout = WAIT_MS,
): Promise<void> {
  await expect.poll(read, { timeout, interval: 100 }).toEqual(expected);
}

/** The visible text of an element, with runs of white space collapsed. */
export async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent({ timeout: WAIT_MS })) ?? '').replace(/\s+/g, ' ').trim();
}

/** Money as the app shows it (docs/product.md § Money): dollars with 2 decimals and thousands separators, e.g. '$1,234.50'. */
export function dollars(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** A made-up word no demo listing contains (letters only, so search and stemming keep it whole). */
export function uniqueWord(prefix = 'Zq'): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  let word = prefix;
  for (let index = 0; index < 8; index++) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

// --- toasts --------------------------------------------------------------------------------------

/**
 * Toast recording (each toast as rendered, in sessionStorage, so that one replaced or timed out
 * before a slow check is still found): the one recorder of ui.ts. Call `watchToasts` before the
 * first navigation.
 */
export { recordToasts as watchToasts, toastLog } from './ui';

/** Runs `action` and waits until it has raised a toast reading `title` / `description`. */
export async function expectToastFrom(
  page: Page,
  action: () => Promise<unknown>,
  title: string,
  description: string,
  timeout = WAIT_MS,
): Promise<void> {
  const before = (await toastLog(page)).length;
  await action();
  await expect
    .poll(async () => (await toastLog(page)).slice(before), { timeout, interval: 100 })
    .toContainEqual([title, description]);
}

// --- the URL -------------------------------------------------------------------------------------

/** The page's path and its query parameters as an object, e.g. ['/browse', { search: 'Zara' }]. */
export function location(page: Page): [string, Record<string, string>] {
  const url = new URL(page.url());
  return [url.pathname, Object.fromEntries(url.searchParams)];
}

export async function expectLocation(
  page: Page,
  path: string,
  params: Record<string, string> = {},
): Promise<void> {
  await eventually(() => location(page), [path, params]);
}

// --- members and listings through the API --------------------------------------------------------

export interface Member {
  id: string;
  firstName: string;
  lastName: string;
  /** 'First Last', as trade cards and toasts name the member to a trade partner. */
  name: string;
  /** 'First L.', as every public place and the chat name the member. */
  publicName: string;
  email: string;
}

/**
 * Marks the welcome flow that follows registering as done, for the member signed in to `page`'s
 * context: journeys about other things start without it (e2e/onboarding.e2e.ts covers it).
 */
export async function skipOnboarding(page: Page): Promise<void> {
  const response = await page.request.delete('/api/users/onboarding');
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Registers a new member with POST /api/auth/register from `page`'s context, which signs that
 * context (every page of it) in. The page itself is not reloaded.
 */
export async function registerMember(page: Page, firstName: string, lastName = 'Tester'): Promise<Member> {
  const email = uniqueEmail(firstName.toLowerCase());
  const response = await page.request.post('/api/auth/register', {
    data: { firstName, lastName, email, password: 'swap-secret-1' },
  });
  expect(response.status(), await response.text()).toBe(201);
  const user = (await response.json()) as { id: string };
  await skipOnboarding(page);
  return {
    id: user.id,
    firstName,
    lastName,
    name: `${firstName} ${lastName}`,
    publicName: `${firstName} ${lastName.slice(0, 1)}.`,
    email,
  };
}

/** A small solid-colour PNG; `hue` varies it so that no two photos are byte-identical. */
export async function pngBytes(hue = Math.floor(Math.random() * 360)): Promise<Buffer> {
  const [r, g, b] = [hue % 256, (hue * 7) % 256, (hue * 13) % 256];
  return sharp({ create: { width: 64, height: 80, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

const tempDirs: string[] = [];

/** Removes the folders pngFiles wrote (per-file.ts, after each file). */
export function removePhotoFolders(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Writes `count` small PNG files to a temporary folder (removed after the file) for a file input. */
export async function pngFiles(count: number): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'threadswap-photos-'));
  tempDirs.push(dir);
  const paths: string[] = [];
  for (let index = 0; index < count; index++) {
    const path = join(dir, `photo-${index + 1}.png`);
    writeFileSync(path, await pngBytes(40 * index + 17));
    paths.push(path);
  }
  return paths;
}

/** Uploads a photo as the signed-in member of `page`'s context (POST /api/images, multipart). */
export async function uploadPhoto(page: Page): Promise<string> {
  const response = await page.request.post('/api/images', {
    multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: await pngBytes() } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

/** An item as GET /api/items answers it: the contract's Item, under the name the journeys use. */
export type ApiItem = Item;

export interface NewListing {
  title: string;
  description?: string;
  category: 'clothing' | 'shoes' | 'accessories';
  gender?: 'women' | 'men' | 'unisex' | 'kids';
  style?: string | null;
  condition?: 'new' | 'like-new' | 'good' | 'fair' | 'poor';
  brand?: string | null;
  size?: string | null;
  /** Cents. */
  estimatedValue: number;
  tags?: string[];
  /** "Free to a good home". */
  isGiveaway?: boolean;
}

/** Lists an item with one freshly uploaded photo as the signed-in member of `page`'s context. */
export async function listItemViaApi(page: Page, listing: NewListing): Promise<ApiItem> {
  const photo = await uploadPhoto(page);
  const response = await page.request.post('/api/items', {
    data: {
      description: `${listing.title}, listed by an end-to-end journey.`,
      gender: 'unisex',
      condition: 'good',
      ...listing,
      images: [photo],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ApiItem;
}

/** GET a JSON resource as the member (or visitor) of `page`'s context. */
export async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** How many items GET /api/items finds for `query` (its X-Total-Count header). */
export async function itemTotal(page: Page, query: Record<string, string> = {}): Promise<number> {
  const params = new URLSearchParams({ ...query, limit: '1' });
  const response = await page.request.get(`/api/items?${params.toString()}`);
  expect(response.status()).toBe(200);
  return Number(response.headers()['x-total-count']);
}

// --- widgets -------------------------------------------------------------------------------------

/** Picks `option` in a Radix select opened from `trigger`. */
export async function choose(page: Page, trigger: Locator, option: string): Promise<void> {
  await trigger.click();
  const listbox = page.getByRole('listbox');
  const choice = page.getByRole('option', { name: option, exact: true });
  await shown(choice);
  // Radix Select ignores a pointer-up that comes too soon after it opened, and on a loaded machine
  // the click can land then and leave the list open (seen once in CI): click again until it closes.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await choice.click({ timeout: 5_000 }).catch(() => undefined);
    const closed = await listbox.waitFor({ state: 'hidden', timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (closed) return;
  }
  await gone(listbox);
}

/** The ids of the item cards inside `scope`, in page order. */
export async function cardIds(scope: Locator): Promise<string[]> {
  return scope
    .locator('[data-testid^="card-item-"]')
    .evaluateAll((cards) =>
      cards.map((card) => (card.getAttribute('data-testid') ?? '').slice('card-item-'.length)),
    );
}

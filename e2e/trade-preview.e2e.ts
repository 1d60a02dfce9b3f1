import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Item } from '@common/api/items';
import { conditionAccent } from '@common/domain/trade-preview';
import { isFairTrade, VALUE_HINT_TEXT, valueHint } from '@common/domain/value-hint';
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, CHROMIUM_ARGS } from './support/browser';

/**
 * The 3D trade preview (docs/product.md § 3D trade preview), and three.js kept out of the first bundle (the
 * JavaScript budget in docs/performance.md).
 */

const UI_TIMEOUT_MS = 15_000;
const DIST = join(process.cwd(), 'dist', 'client');
const ASSETS = join(DIST, 'assets');
/** A class name only three.js's renderer brings; minifiers keep it (it is an exported name and appears in messages). */
const THREE_MARKER = 'WebGLRenderer';

const visible = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
const hidden = (locator: Locator) => locator.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });

/** The built JS asset that holds three.js. */
function threeChunk(): string {
  const chunks = readdirSync(ASSETS).filter(
    (name) => name.endsWith('.js') && readFileSync(join(ASSETS, name), 'utf8').includes(THREE_MARKER),
  );
  expect(chunks, 'exactly one chunk holds three.js').toHaveLength(1);
  return chunks[0] as string;
}

/** `name` and every chunk it imports statically (not the dynamic import()s), transitively. */
function staticClosure(names: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...names];
  while (queue.length > 0) {
    const name = queue.pop() as string;
    if (seen.has(name)) continue;
    seen.add(name);
    const code = readFileSync(join(ASSETS, name), 'utf8');
    // `import{a as b}from"./x.js"`, `import"./x.js"`, `export{c}from"./x.js"`; never `import("./x.js")`.
    for (const match of code.matchAll(
      /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']\.\/([^"']+\.js)["']/g,
    )) {
      queue.push(match[1] as string);
    }
  }
  return seen;
}

describe('the first bundle', () => {
  it('does not contain three.js: the entry script, its modulepreloads and their static imports', () => {
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    const initial = [
      ...html.matchAll(/<script[^>]*type="module"[^>]*src="\/assets\/([^"]+\.js)"/g),
      ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/assets\/([^"]+\.js)"/g),
    ].map((match) => match[1] as string);
    expect(initial.length, 'the entry script is found').toBeGreaterThan(0);

    const loadedFirst = staticClosure(initial);
    for (const name of loadedFirst) {
      expect(readFileSync(join(ASSETS, name), 'utf8').includes(THREE_MARKER), `${name} is loaded first`).toBe(
        false,
      );
    }
    // It does exist, in a chunk of its own that nothing loads up front.
    expect(loadedFirst.has(threeChunk())).toBe(false);
  });

  it('keeps three.js out of the preview dialog too, so the 2D view never fetches it', () => {
    const dialogChunks = readdirSync(ASSETS).filter(
      (name) =>
        name.endsWith('.js') && readFileSync(join(ASSETS, name), 'utf8').includes('dialog-trade-preview'),
    );
    expect(dialogChunks).toHaveLength(1);
    expect(staticClosure(dialogChunks).has(threeChunk())).toBe(false);
  });
});

const sessions: Array<{ context: BrowserContext; dir: string }> = [];
afterAll(async () => {
  for (const { context, dir } of sessions.splice(0)) {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A fresh Chromium profile; `extraArgs` lets a journey take WebGL away. Records every URL it requests. */
async function openChromium(options: {
  extraArgs?: string[];
  reducedMotion?: 'reduce' | 'no-preference';
}): Promise<{ page: Page; requested: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'threadswap-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...(options.extraArgs ?? [])],
    headless: true,
    viewport: { width: 1280, height: 900 },
    baseURL: baseURL(),
    reducedMotion: options.reducedMotion ?? 'no-preference',
  });
  sessions.push({ context, dir });
  const page = context.pages()[0] ?? (await context.newPage());
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  return { page, requested };
}

interface Trade {
  wanted: Item;
  offered: Item;
}

/**
 * The journey up to the preview: Dev Login as the demo member, Barter on another member's item
 * in /browse, choose the first item offered. Answers the two items.
 */
async function chooseTrade(page: Page, browsePath: string): Promise<Trade> {
  await page.goto('/');
  // Dev Login signs in without a reload.
  await page.getByRole('button', { name: 'Dev Login' }).click();
  await visible(page.getByRole('button', { name: /^Account menu for / }));

  const status = (await (await page.request.get('/api/auth/status')).json()) as { user: { id: string } };
  const listed = (await (await page.request.get('/api/items?limit=24')).json()) as Item[];
  const wanted = listed.find((item) => item.userId !== status.user.id && item.availability === 'available');
  expect(wanted, "another member's available item is listed").toBeDefined();
  const mine = (await (await page.request.get(`/api/users/${status.user.id}/items`)).json()) as Item[];

  await page.goto(browsePath);
  // A card's name is its item's title, which two listings may share: the card keeps its test id.
  await page
    .getByTestId(`card-item-${wanted?.id}`)
    .getByRole('button', { name: 'Barter', exact: true })
    .click();
  const barter = barterDialog(page);
  await visible(barter);
  const previewButton = barter.getByRole('button', { name: 'Preview Trade in 3D' });
  await visible(previewButton);
  expect(await previewButton.isDisabled(), 'disabled until an item is chosen').toBe(true);

  // Each item the member can offer is a checkbox (its value the item's id) inside a card that
  // shows the title; the card is what a member clicks.
  const option = barter.getByRole('checkbox').first();
  await option.waitFor({ state: 'attached', timeout: UI_TIMEOUT_MS });
  const offeredId = await option.getAttribute('value');
  const offered = mine.find((item) => item.id === offeredId);
  expect(offered, 'the chosen item is one of the member’s').toBeDefined();
  await barter.getByText(offered?.title ?? '', { exact: true }).click();
  await expect.poll(() => option.isChecked()).toBe(true);
  await expect.poll(() => previewButton.isDisabled()).toBe(false);
  return { wanted: wanted as Item, offered: offered as Item };
}

const barterDialog = (page: Page) => page.getByRole('dialog', { name: 'Make a Barter Request' });

async function openPreview(page: Page): Promise<Locator> {
  await barterDialog(page).getByRole('button', { name: 'Preview Trade in 3D' }).click();
  const dialog = page.getByRole('dialog', { name: 'Trade Preview in 3D' });
  await visible(dialog);
  return dialog;
}

/** The angle the preview shows, top left of the stage: 'Angle 15°'. */
async function angle(dialog: Locator): Promise<number> {
  const text = ((await dialog.getByText(/^Angle\s*\d{1,3}°$/).textContent()) ?? '').replace(/^Angle\s*/, '');
  expect(text).toMatch(/^\d{1,3}°$/);
  return Number.parseInt(text, 10);
}

/** The view mode buttons: 'Your item', 'Both', 'Their item'. */
const MODE_NAMES = { user: 'Your item', both: 'Both', target: 'Their item' } as const;

function modeButton(dialog: Locator, mode: keyof typeof MODE_NAMES): Locator {
  return dialog.getByRole('group', { name: 'View', exact: true }).getByRole('button', {
    name: MODE_NAMES[mode],
    exact: true,
  });
}

const autoRotateButton = (dialog: Locator) =>
  dialog.getByRole('button', { name: 'Auto-rotate', exact: true });
const resetButton = (dialog: Locator) => dialog.getByRole('button', { name: 'Reset', exact: true });
/** The 2D view says so with a '2D view' badge on the stage. */
const flatBadge = (dialog: Locator) => dialog.getByText('2D view', { exact: true });

async function pressed(button: Locator): Promise<boolean> {
  return (await button.getAttribute('aria-pressed')) === 'true';
}

/** The overlays and the value comparison describe the two items: condition colours and the value hint. */
async function expectOverlays(dialog: Locator, { offered, wanted }: Trade) {
  // The condition tags keep their test ids: both sides' can read the same, and which side a tag
  // belongs to shows only by where it is on the stage.
  expect(await dialog.getByTestId('badge-preview-condition-user').textContent()).toBe(
    conditionAccent(offered.condition).label,
  );
  expect(await dialog.getByTestId('badge-preview-condition-target').textContent()).toBe(
    conditionAccent(wanted.condition).label,
  );
  const comparison = dialog.getByRole('region', { name: 'Value comparison' });
  await visible(
    comparison.getByText(VALUE_HINT_TEXT[valueHint(offered.estimatedValue, wanted.estimatedValue)], {
      exact: true,
    }),
  );
  expect(await comparison.getByText('Fair Trade', { exact: true }).count()).toBe(
    isFairTrade(offered.estimatedValue, wanted.estimatedValue) ? 1 : 0,
  );
}

/** Modes: both by default; user and target show one side each. */
async function expectModes(dialog: Locator) {
  const badge = (side: string) => dialog.getByTestId(`badge-preview-condition-${side}`);
  expect(await pressed(modeButton(dialog, 'both'))).toBe(true);
  for (const [mode, shows, hides] of [
    ['user', 'user', 'target'],
    ['target', 'target', 'user'],
  ] as const) {
    await modeButton(dialog, mode).click();
    expect(await pressed(modeButton(dialog, mode))).toBe(true);
    expect(await pressed(modeButton(dialog, 'both'))).toBe(false);
    await visible(badge(shows));
    await hidden(badge(hides));
  }
  await modeButton(dialog, 'both').click();
  await visible(badge('user'));
  await visible(badge('target'));
}

/** Reset faces the front and stops turning; arrows turn 15 degrees; R resets; a drag turns. */
async function expectResetKeysAndDrag(page: Page, dialog: Locator) {
  await resetButton(dialog).click();
  expect(await angle(dialog)).toBe(0);
  expect(await pressed(autoRotateButton(dialog))).toBe(false);
  await page.waitForTimeout(300);
  expect(await angle(dialog), 'stays at the front after reset').toBe(0);

  const stage = dialog.locator('[aria-roledescription="3D preview"]');
  await stage.focus();
  await page.keyboard.press('ArrowRight');
  expect(await angle(dialog)).toBe(15);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  expect(await angle(dialog)).toBe(345);
  await page.keyboard.press('r');
  expect(await angle(dialog)).toBe(0);

  const box = await stage.boundingBox();
  expect(box).not.toBeNull();
  if (box) {
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width / 2 - 30, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 30, y, { steps: 6 });
    await page.mouse.up();
  }
  // Half a degree per pixel: 60 px is 30 degrees.
  expect(Math.abs((await angle(dialog)) - 30)).toBeLessThanOrEqual(1);
  await resetButton(dialog).click();
  expect(await angle(dialog)).toBe(0);
}

async function expectFullscreenToggle(page: Page, dialog: Locator) {
  // Named 'Full screen', then 'Exit full screen' while the dialog fills the screen.
  const button = dialog.getByRole('button', { name: /^(Exit full screen|Full screen)$/ });
  const dialogIsFullscreen = () => dialog.evaluate((element) => document.fullscreenElement === element);
  const noneFullscreen = () => page.evaluate(() => document.fullscreenElement === null);
  await dialog.getByRole('button', { name: 'Full screen', exact: true }).click();
  await expect.poll(dialogIsFullscreen, { timeout: UI_TIMEOUT_MS }).toBe(true);
  await expect.poll(() => pressed(button)).toBe(true);
  await dialog.getByRole('button', { name: 'Exit full screen', exact: true }).click();
  await expect.poll(noneFullscreen, { timeout: UI_TIMEOUT_MS }).toBe(true);
  await expect.poll(() => pressed(button)).toBe(false);
  await visible(dialog.getByRole('button', { name: 'Full screen', exact: true }));
}

async function expectNoSeriousAxeViolations(page: Page, dialog: Locator) {
  // The dialog's own id (the barter request's dialog is still open behind it).
  const id = await dialog.getAttribute('id');
  expect(id).toBeTruthy();
  const results = await new AxeBuilder({ page }).include(`[id="${id}"]`).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
}

describe('the 3D preview with WebGL', () => {
  let page: Page;
  let requested: string[];
  let trade: Trade;
  let dialog: Locator;
  let webgl = false;

  beforeAll(async () => {
    ({ page, requested } = await openChromium({}));
  });

  it('signs in with Dev Login and chooses an item to offer for another member’s item', async () => {
    trade = await chooseTrade(page, '/browse');
    webgl = await page.evaluate(() => document.createElement('canvas').getContext('webgl2') !== null);
  });

  it('fetches three.js only when the preview opens, and draws the scene', async () => {
    const chunk = threeChunk();
    expect(
      requested.some((url) => url.endsWith(`/assets/${chunk}`)),
      'not fetched before opening',
    ).toBe(false);
    dialog = await openPreview(page);
    if (!webgl) {
      // This Chromium has no WebGL 2: the preview must say so and show the 2D view instead.
      await visible(flatBadge(dialog));
      return;
    }
    const canvas = dialog.getByTestId('canvas-trade-preview');
    await visible(dialog.locator('[data-testid="canvas-trade-preview"][data-state="ready"]'));
    expect(requested.some((url) => url.endsWith(`/assets/${chunk}`))).toBe(true);
    expect(await flatBadge(dialog).count()).toBe(0);
    // Something was drawn: the canvas is far from one flat colour.
    const stats = await sharp(await canvas.screenshot()).stats();
    expect(Math.max(...stats.channels.slice(0, 3).map((channel) => channel.stdev))).toBeGreaterThan(10);
  });

  it('shows the condition accents and the value comparison', async () => {
    await expectOverlays(dialog, trade);
  });

  it('switches between user, both and target', async () => {
    await expectModes(dialog);
  });

  it('turns by itself from the start (no reduced motion), and the toggle stops and restarts it', async () => {
    const autoRotate = autoRotateButton(dialog);
    expect(await pressed(autoRotate)).toBe(true);
    const before = await angle(dialog);
    await expect.poll(() => angle(dialog), { timeout: UI_TIMEOUT_MS }).not.toBe(before);

    await autoRotate.click();
    expect(await pressed(autoRotate)).toBe(false);
    const stopped = await angle(dialog);
    await page.waitForTimeout(300);
    expect(await angle(dialog)).toBe(stopped);

    await autoRotate.click();
    expect(await pressed(autoRotate)).toBe(true);
    await expect.poll(() => angle(dialog), { timeout: UI_TIMEOUT_MS }).not.toBe(stopped);
  });

  it('resets to 0, turns with the arrow keys and R, and with a drag', async () => {
    await expectResetKeysAndDrag(page, dialog);
  });

  it('goes full screen and back', async () => {
    await expectFullscreenToggle(page, dialog);
  });

  it('has no serious accessibility violations', async () => {
    await expectNoSeriousAxeViolations(page, dialog);
  });

  it('closes back to the barter request', async () => {
    await page.keyboard.press('Escape');
    await hidden(dialog);
    await visible(barterDialog(page));
  });
});

describe('the 2D fallback, asked for with ?preview=2d', () => {
  let page: Page;
  let requested: string[];
  let trade: Trade;
  let dialog: Locator;

  beforeAll(async () => {
    // Reduced motion: the preview must not start turning by itself.
    ({ page, requested } = await openChromium({ reducedMotion: 'reduce' }));
  });

  it('shows the items side by side without loading three.js', async () => {
    trade = await chooseTrade(page, '/browse?preview=2d');
    dialog = await openPreview(page);
    await visible(flatBadge(dialog));
    expect(await dialog.getByTestId('canvas-trade-preview').count()).toBe(0);
    await visible(dialog.getByText('Showing the flat side-by-side view.'));
    await page.waitForLoadState('networkidle');
    const chunk = threeChunk();
    expect(requested.some((url) => url.endsWith(`/assets/${chunk}`))).toBe(false);
  });

  it('shows the condition accents and the value comparison', async () => {
    await expectOverlays(dialog, trade);
  });

  it('switches between user, both and target', async () => {
    await expectModes(dialog);
  });

  it('starts still under reduced motion; the toggle turns it, 1 degree per 50 ms', async () => {
    const autoRotate = autoRotateButton(dialog);
    expect(await pressed(autoRotate)).toBe(false);
    await page.waitForTimeout(300);
    expect(await angle(dialog)).toBe(0);

    await autoRotate.click();
    expect(await pressed(autoRotate)).toBe(true);
    await expect.poll(() => angle(dialog), { timeout: UI_TIMEOUT_MS }).toBeGreaterThan(0);
    const start = await angle(dialog);
    await page.waitForTimeout(1000);
    // About 20 degrees a second; timers in a busy headless browser may run late, never early.
    const turned = (await angle(dialog)) - start;
    expect(turned).toBeGreaterThanOrEqual(8);
    expect(turned).toBeLessThanOrEqual(25);
  });

  it('resets to 0, turns with the arrow keys and R, and with a drag', async () => {
    await expectResetKeysAndDrag(page, dialog);
  });

  it('goes full screen and back', async () => {
    await expectFullscreenToggle(page, dialog);
  });

  it('has no serious accessibility violations', async () => {
    await expectNoSeriousAxeViolations(page, dialog);
  });
});

describe('the 2D fallback in a browser without WebGL', () => {
  it('notices, explains, and still shows both items with their conditions', async () => {
    const { page, requested } = await openChromium({ extraArgs: ['--disable-webgl'] });
    const trade = await chooseTrade(page, '/browse');
    const dialog = await openPreview(page);
    await visible(flatBadge(dialog));
    await visible(
      dialog.getByText(
        '3D needs WebGL, which this browser does not offer, so the items are shown side by side.',
      ),
    );
    expect(await dialog.getByTestId('canvas-trade-preview').count()).toBe(0);
    await expectOverlays(dialog, trade);
    await page.waitForLoadState('networkidle');
    const chunk = threeChunk();
    expect(requested.some((url) => url.endsWith(`/assets/${chunk}`))).toBe(false);
  });
});

import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** How long a journey waits for something the user should see. */
export const UI_TIMEOUT_MS = 20_000;

export async function visible(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
}

export async function hidden(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
}

/** Waits until the page's path (and query) is `expected`, e.g. '/browse?search=denim'. */
export async function expectPath(page: Page, expected: string): Promise<void> {
  await expect
    .poll(
      () => {
        const url = new URL(page.url());
        return url.pathname + url.search;
      },
      { timeout: UI_TIMEOUT_MS },
    )
    .toBe(expected);
}

/**
 * The rendered toasts: Radix puts them as list items in the 'Notifications (F8)' region. (Not
 * found by role: while a modal dialog is open the region is aria-hidden, and the toast is
 * announced through a separate live region.)
 */
const TOAST_SELECTOR = '[role="region"][aria-label^="Notifications"] li';

export function toasts(page: Page): Locator {
  return page.locator(TOAST_SELECTOR);
}

function toastTexts(page: Page): Promise<string[][]> {
  return toasts(page).evaluateAll((items) =>
    items.map((item) =>
      Array.from(item.querySelectorAll(':scope > div > div'), (line) => line.textContent ?? ''),
    ),
  );
}

/**
 * Waits until exactly one toast is shown and it reads `title` / `description` (only one
 * toast shows at a time), and that it is visible.
 */
export async function expectToast(page: Page, title: string, description: string): Promise<void> {
  await expect.poll(() => toastTexts(page), { timeout: UI_TIMEOUT_MS }).toEqual([[title, description]]);
  await visible(toasts(page));
}

/**
 * Runs `action` and expects it to raise a new toast reading `title` / `description`. The new
 * toast must replace any toast shown before at once (only one toast at a time), so a repeat of
 * the same message cannot pass for the new one.
 */
export async function expectNewToast(
  page: Page,
  action: () => Promise<void>,
  title: string,
  description: string,
): Promise<void> {
  const before = await toasts(page).elementHandles();
  await action();
  await page.waitForFunction(
    ({ selector, old }) =>
      Array.from(document.querySelectorAll(selector)).some((item) => !old.includes(item)),
    { selector: TOAST_SELECTOR, old: before },
    { timeout: UI_TIMEOUT_MS },
  );
  await Promise.all(before.map((handle) => handle.dispose()));
  expect(await toastTexts(page)).toEqual([[title, description]]);
  await visible(toasts(page));
}

const TOAST_LOG_KEY = '__e2eToastLog';

/**
 * Sign-in, sign-up, Dev Login and sign-out toast and then reload the page at once, so the toast
 * is gone before a test could look at it. This records, in every page of `context`, each toast
 * as it is rendered (title and description) in sessionStorage, which survives the reload; read
 * it with `toastLog`.
 */
export async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ({ key, selector }) => {
      const seen = new WeakSet<Element>();
      const record = () => {
        for (const item of document.querySelectorAll(selector)) {
          if (seen.has(item)) continue;
          seen.add(item);
          const lines = Array.from(
            item.querySelectorAll(':scope > div > div'),
            (line) => line.textContent ?? '',
          );
          const log = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[][];
          log.push(lines);
          sessionStorage.setItem(key, JSON.stringify(log));
        }
      };
      new MutationObserver(record).observe(document, { childList: true, subtree: true });
    },
    { key: TOAST_LOG_KEY, selector: TOAST_SELECTOR },
  );
}

/** Every toast this tab rendered since `recordToasts`, oldest first, as [title, description]. */
export async function toastLog(page: Page): Promise<string[][]> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[][], TOAST_LOG_KEY);
}

/**
 * Runs `action` and checks that it did not load the page again (sign-in, sign-up and Dev Login
 * turn the app into the member's in place): a marker set on the window before survives it.
 * `settled` waits for what the action leads to; the marker is checked after it.
 */
export async function expectNoReload(
  page: Page,
  action: () => Promise<void>,
  settled: () => Promise<void>,
): Promise<void> {
  const marker = await page.evaluate(() => {
    const value = Math.random().toString(36).slice(2);
    (window as unknown as { __e2eMarker?: string }).__e2eMarker = value;
    return value;
  });
  await action();
  await settled();
  expect(
    await page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker),
    'the page was reloaded',
  ).toBe(marker);
}

/** Waits for a full page load started by `action` (sign-out reloads the page). */
export async function expectReload(page: Page, action: () => Promise<void>): Promise<void> {
  const marker = await page.evaluate(() => {
    const value = Math.random().toString(36).slice(2);
    (window as unknown as { __e2eMarker?: string }).__e2eMarker = value;
    return value;
  });
  await action();
  await page.waitForFunction(
    (old) =>
      (window as unknown as { __e2eMarker?: string }).__e2eMarker !== old &&
      document.readyState === 'complete',
    marker,
    { timeout: UI_TIMEOUT_MS },
  );
}

/**
 * Opens the avatar menu. A menu that is still fading out from the last choice is let go first:
 * a click in those few milliseconds would land on it rather than on the trigger.
 */
export async function openUserMenu(page: Page): Promise<Locator> {
  const menu = page.getByRole('menu');
  await menu.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await visible(menu);
  return menu;
}

/**
 * The signed-out navigation bar (desktop): the three guest actions and no avatar menu. The bar
 * also looks like this while the session is being checked, so the server is asked too.
 */
export async function expectSignedOutBar(page: Page): Promise<void> {
  const status = await page.request.get('/api/auth/status');
  expect(await status.json()).toEqual({
    authenticated: false,
    user: null,
    externalSignIn: null,
    demo: true,
  });
  await visible(page.getByTestId('button-dev-login'));
  await visible(page.getByTestId('button-sign-in'));
  await visible(page.getByTestId('button-join-now'));
  expect(await page.getByTestId('button-user-menu').count()).toBe(0);
}

/** The signed-in navigation bar (desktop): the avatar menu for `name`, and no guest actions. */
export async function expectSignedInBar(page: Page, name: string): Promise<void> {
  const menu = page.getByTestId('button-user-menu');
  await visible(menu);
  expect(await menu.getAttribute('aria-label')).toBe(`Account menu for ${name}`);
  expect(await page.getByTestId('button-sign-in').count()).toBe(0);
  expect(await page.getByTestId('button-join-now').count()).toBe(0);
  expect(await page.getByTestId('button-dev-login').count()).toBe(0);
}

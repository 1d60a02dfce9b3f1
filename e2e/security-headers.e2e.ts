import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser';
import { expectNoReload, expectSignedInBar } from './support/ui';

/** The directives of a Content-Security-Policy header, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

/** The security baseline (docs/security.md, Baseline) as a browser sees it: the page's CSP and the session cookie. */
describe('security headers and the session cookie', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await openBrowser());
  });

  it.each(['/', '/how-it-works', '/no-such-page'])(
    '%s is served with a CSP whose default-src is self',
    async (path) => {
      const response = await page.goto(path);
      expect(response).not.toBeNull();
      // An unknown path gets the app too (its not-found page), under the same policy.
      if (path !== '/no-such-page') expect(response!.status()).toBe(200);
      const policy = response!.headers()['content-security-policy'];
      expect(policy).toBeTruthy();
      const parsed = directives(policy!);
      expect(parsed.get('default-src')).toEqual(["'self'"]);
      // Scripts come only from the app itself (no inline scripts).
      expect(parsed.get('script-src')).toEqual(["'self'"]);
      expect(parsed.get('object-src')).toEqual(["'none'"]);
      expect(parsed.get('frame-ancestors')).toEqual(["'none'"]);
    },
  );

  it('the app runs under its CSP without violations', async () => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Fashion Forward, Barter Smart' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });

  it('Dev Login sets an HttpOnly, SameSite=Lax session cookie the page cannot read', async () => {
    await page.goto('/');
    const sessionCookie = async () =>
      (await context.cookies()).find((cookie) => cookie.name === 'ts_session');
    expect(await sessionCookie()).toBeUndefined();
    await expectNoReload(
      page,
      () => page.getByRole('button', { name: 'Dev Login' }).click(),
      () => expectSignedInBar(page, 'Demo Trader'),
    );

    const session = await sessionCookie();
    expect(session).toBeDefined();
    expect(session!.httpOnly).toBe(true);
    expect(session!.sameSite).toBe('Lax');
    expect(session!.path).toBe('/');
    // 256 bits of token, not something guessable.
    expect(session!.value.length).toBeGreaterThanOrEqual(43);
    expect(await page.evaluate(() => document.cookie)).not.toContain('ts_session');
  });
});

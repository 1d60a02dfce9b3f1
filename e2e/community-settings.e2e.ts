import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allViolations, seriousViolations } from './support/axe';
import { openBrowser, uniqueEmail } from './support/browser';
import {
  choose,
  eventually,
  gone,
  listItemViaApi,
  registerMember,
  shown,
  skipOnboarding,
  textOf,
  uniqueWord,
} from './support/journeys';
import { grantRole } from './support/grant-role';
import { type RunningServer, startServer } from './support/server';

/**
 * An admin runs the community's settings through the console's form, as an admin would. The admin
 * role is granted the only way a first admin gets it (the app stopped, `npm run admin -- grant`),
 * so this journey runs an app of its own. On /admin/settings the admin switches the currency to
 * euros, writes the rules in Markdown and posts an announcement: a visitor's landing page and
 * Browse cards show euros, the rules render on the Terms page; then invite-only: a sign-up without
 * an invitation is refused with a clear message, and one with a member's invitation link is
 * accepted; last, French as the default language reaches a visitor who chose none. axe at 375 and
 * 1280 px; with SCREENSHOTS_DIR set, the console and pages are saved at both widths.
 */

const PASSWORD = 'swap-secret-1';
const WIDTHS = [375, 1280] as const;

const SHOTS = process.env.SCREENSHOTS_DIR;

/** axe-clean and no sideways scrolling at 375 and 1280 px, saved as `shot` at each when SCREENSHOTS_DIR is set. */
async function axeAtBothWidths(page: Page, within?: string, shot?: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    expect(await allViolations(page, within), `${within ?? 'page'} at ${width} px`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (SHOTS && shot) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, `community-${shot}-${width}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The console's settings form, opened from the admin's tab. */
async function openSettings(admin: Page) {
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Settings' }).click();
  const form = admin.getByRole('form', { name: 'Community settings' });
  await shown(form);
  return form;
}

/** Saves the console's form and waits for its confirmation. */
async function save(admin: Page) {
  await admin.getByRole('button', { name: 'Save settings' }).click();
  await shown(admin.getByText('Settings saved').first());
}

async function fillSignUp(page: Page, email: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First name').fill('Nina');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('Confirm password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  return dialog;
}

describe('an admin sets the community’s currency and who may join', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'threadswap-community-settings-'));
  let server: RunningServer;
  let admin: Page;
  let member: Page;
  const adminEmail = uniqueEmail('ada');

  beforeAll(async () => {
    server = await startServer({ DATA_DIR: dataDir, DEMO: 'off' });
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ firstName: 'Ada', lastName: 'Admin', email: adminEmail, password: PASSWORD }),
    });
    expect(registered.status, await registered.text()).toBe(201);
    await server.stop();
    expect(await grantRole(dataDir, adminEmail, 'admin')).toContain('is now an admin');
    server = await startServer({ DATA_DIR: dataDir, DEMO: 'off' });
    const [a, m] = await Promise.all([
      openBrowser({ width: 1280, height: 800 }, server.url),
      openBrowser({ width: 1280, height: 800 }, server.url),
    ]);
    [admin, member] = [a.page, m.page];
    const login = await admin.request.post('/api/auth/login', {
      data: { email: adminEmail, password: PASSWORD },
    });
    expect(login.status(), await login.text()).toBe(200);
    await skipOnboarding(admin);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('euros on the landing page and cards, Markdown rules; invite-only refuses a sign-up without an invitation', async () => {
    await registerMember(member, 'Milo', 'Member');
    const title = `${uniqueWord()} Wool Coat`;
    await listItemViaApi(member, { title, category: 'clothing', estimatedValue: 4250 });

    // The admin opens the console's settings and switches the currency to euros, writes the rules
    // in Markdown and posts an announcement.
    let form = await openSettings(admin);
    await axeAtBothWidths(admin, undefined, 'console-settings');
    await choose(admin, form.getByRole('combobox', { name: 'Currency' }), 'EUR');
    // The shipping amounts are typed in the chosen currency, and its hint names it.
    await shown(form.getByText('In EUR (€), such as 24.99.'));
    await form.getByLabel('Rules').fill('**Be kind.** No counterfeits.\n\n<script>window.pwned = 1</script>');
    await form.getByLabel('Banner text').fill('Swap day this Saturday at the library.');
    await save(admin);

    // A visitor's landing page and Browse cards show euros from the first screen.
    const { page: visitor } = await openBrowser({ width: 1280, height: 800 }, server.url);
    await visitor.goto('/');
    const banner = visitor.getByRole('region', { name: 'Announcement' });
    await shown(banner.getByText('Swap day this Saturday at the library.'));
    await shown(visitor.getByText('€42.50').first());
    expect(await visitor.getByText('$42.50').count()).toBe(0);
    await axeAtBothWidths(visitor, undefined, 'landing-euros');
    await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
    await gone(banner);
    await visitor.goto('/browse');
    await shown(visitor.getByText('€42.50').first());
    // Browse's own moderate findings (two filter landmarks at 1280 px) belong to Browse: here only
    // serious ones count.
    for (const width of WIDTHS) {
      await visitor.setViewportSize({ width, height: 800 });
      expect(await seriousViolations(visitor), `browse at ${width} px`).toEqual([]);
      if (SHOTS) await visitor.screenshot({ path: join(SHOTS, `community-browse-euros-${width}.png`) });
    }
    // The dismissal holds for this announcement on every page.
    await gone(visitor.getByRole('region', { name: 'Announcement' }));

    // The rules, as Markdown, on the Terms page: bold is bold, the script is neither shown nor run.
    await visitor.goto('/terms#community-rules');
    // The Terms page's section for the rules, titled '<community name> rules'.
    const rules = visitor.getByRole('region', { name: / rules$/ });
    await shown(rules.locator('strong', { hasText: 'Be kind.' }));
    expect(await textOf(rules)).not.toContain('pwned');
    expect(await visitor.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();

    // Invite-only, chosen in the form: the sign-up form says so, and the server refuses a sign-up
    // without an invitation.
    form = await openSettings(admin);
    await choose(admin, form.getByRole('combobox', { name: 'Registration' }), 'By invitation only');
    await save(admin);
    const { page: stranger } = await openBrowser({ width: 375, height: 800 }, server.url);
    await stranger.goto('/?auth=register');
    await shown(stranger.getByRole('dialog').getByText(/^This community is invite-only/));
    await axeAtBothWidths(stranger, '[role="dialog"]', 'sign-up-invite-only');
    await fillSignUp(stranger, uniqueEmail('nina'));
    await shown(stranger.getByText(/you need an invitation link/).first());

    // A member makes an invitation link; opened, it signs the newcomer up.
    const created = await member.request.post('/api/invitations');
    expect(created.status(), await created.text()).toBe(201);
    const { url } = (await created.json()) as { url: string };
    const { page: invited } = await openBrowser({ width: 375, height: 800 }, server.url);
    await invited.goto(new URL(url).pathname + new URL(url).search);
    await shown(invited.getByRole('dialog').getByText(/^You were invited/));
    await fillSignUp(invited, uniqueEmail('nora'));
    await shown(invited.getByText('Account created!').first());
  }, 240_000);

  it('a default language of French reaches a visitor who chose none, and metric units with it', async () => {
    const form = await openSettings(admin);
    await choose(admin, form.getByRole('combobox', { name: 'Default language' }), 'Français');
    await choose(admin, form.getByRole('combobox', { name: 'Default units' }), 'Metric (kg, cm)');
    await save(admin);
    // A browser whose languages are none of ours gets the community's; one that lists only English
    // gets English; the visitor's own choice in the footer wins.
    const { page: german } = await openBrowser({ width: 375, height: 800 }, server.url, 'de-DE');
    await german.goto('/');
    expect(await german.getAttribute('html', 'lang')).toBe('fr');
    await shown(
      german
        .getByText(/42,50\s€/)
        .filter({ visible: true })
        .first(),
    );
    const community = await german.evaluate(
      async () => (await (await fetch('/api/community')).json()) as unknown,
    );
    expect(community).toMatchObject({ language: 'fr', unitSystem: 'metric', currency: 'EUR' });
    const { page: english } = await openBrowser({ width: 375, height: 800 }, server.url, 'en-US');
    await english.goto('/');
    expect(await english.getAttribute('html', 'lang')).toBe('en');
    // Units: the community's metric, though the browser is American.
    // The note under the landing page's figures: mass kept out of landfill, and the factors used.
    const impact = english.getByText(/Estimated per swapped item:/);
    await shown(impact);
    await eventually(async () => /\bkg\b/.test(await textOf(impact)), true);
    expect(await textOf(impact)).not.toMatch(/\blb\b/);
  }, 120_000);
});

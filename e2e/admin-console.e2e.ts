import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allViolations } from './support/axe';
import { openBrowser, uniqueEmail } from './support/browser';
import { choose, gone, registerMember, shown, skipOnboarding } from './support/journeys';
import { openUserMenu } from './support/ui';
import { grantRole } from './support/grant-role';
import { type RunningServer, startServer } from './support/server';

/**
 * The admin console, as an admin uses it. The first admin is granted the only way there is (the app
 * stopped, `npm run admin -- grant`), so this journey runs an app of its own. The admin opens /admin
 * (the dashboard's charts), finds a member by email, suspends and lifts them, and makes them a
 * moderator; the console refuses to demote the last admin with the server's reason; the audit log
 * lists what was done. A moderator and a member get the not-found page at /admin. axe checks every
 * tab and dialog at 375 and 1280 px.
 */

const PASSWORD = 'swap-secret-1';
const WIDTHS = [375, 1280] as const;

/** axe at both widths on what `page` shows now (`within`: an open dialog), back at 1280 px after. */
async function axeAtBothWidths(page: Page, within?: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    expect(await allViolations(page, within), `${within ?? 'page'} at ${width} px`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
}

describe('an admin runs the community from /admin', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'threadswap-admin-console-'));
  let server: RunningServer;
  let admin: Page;
  let mel: Page;
  let max: Page;
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

    const [a, m, x] = await Promise.all([
      openBrowser({ width: 1280, height: 800 }, server.url),
      openBrowser({ width: 375, height: 800 }, server.url),
      openBrowser({ width: 1280, height: 800 }, server.url),
    ]);
    [admin, mel, max] = [a.page, m.page, x.page];
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

  it('dashboard, member search, suspend and lift, grant moderator, audit log; others get not-found', async () => {
    const melMember = await registerMember(mel, 'Mel', 'Martin');
    await registerMember(max, 'Max', 'Moreau');
    await skipOnboarding(max);

    // The account menu leads admins to the console; the dashboard draws its charts.
    await admin.goto('/');
    await (await openUserMenu(admin)).getByRole('menuitem', { name: 'Admin console' }).click();
    await shown(admin.getByRole('heading', { level: 1, name: 'Admin console' }));
    const growth = admin.getByRole('figure', { name: 'New members and listings per week' });
    await shown(growth);
    await shown(growth.locator('.recharts-bar-rectangle').first());
    const swaps = admin.getByRole('figure', { name: 'Completed swaps and rings per week' });
    // No swap yet: both lines lie flat on the axis (a line of no height counts as hidden).
    await expect.poll(() => swaps.locator('.recharts-line').count()).toBe(2);
    await shown(admin.getByRole('link', { name: 'Open the moderation queue' }));
    // Ada, Mel and Max joined this week: the hidden table says so to assistive technology.
    const table = growth.getByRole('table', { name: 'New members and listings per week' });
    expect(await table.locator('tbody tr').last().locator('td').first().textContent()).toBe('3');
    await axeAtBothWidths(admin);

    // Members: found by email, with role and status.
    await admin.getByRole('tab', { name: 'Members' }).click();
    await admin.getByLabel('Search by name or email').fill(melMember.email);
    const row = admin.getByRole('row').filter({ hasText: melMember.email });
    await shown(row);
    await expect.poll(() => admin.getByRole('row').filter({ hasText: '@example.com' }).count()).toBe(1);
    await axeAtBothWidths(admin);
    await row.getByRole('link', { name: 'Mel Martin' }).click();
    await shown(admin.getByRole('heading', { name: 'Mel Martin' }));
    await axeAtBothWidths(admin);

    // Suspend Mel for 3 days with a reason and a note, then lift it.
    await admin.getByRole('button', { name: 'Suspend', exact: true }).click();
    const suspend = admin.getByRole('dialog', { name: 'Suspend this member?' });
    await shown(suspend);
    await axeAtBothWidths(admin, '[role="dialog"]');
    await choose(admin, suspend.getByRole('combobox', { name: 'Reason' }), 'Scam or fraud');
    await suspend.getByLabel('Days (empty: until lifted)').fill('3');
    await suspend.getByLabel('Note for the member (optional)').fill('Asked for payment outside the app.');
    await suspend.getByRole('button', { name: 'Suspend', exact: true }).click();
    await gone(suspend);
    // The member's page: the notice of the suspension and the status badge beside the name.
    const main = admin.getByRole('main');
    const suspension = main.getByText(/^Suspended since .+: Scam or fraud/);
    await shown(suspension);
    await shown(main.getByText('Suspended', { exact: true }));
    await axeAtBothWidths(admin);
    await admin.getByRole('button', { name: 'Lift suspension' }).click();
    await shown(main.getByText('Active', { exact: true }));
    await gone(suspension);

    // Make Mel a moderator, confirmed in two steps.
    await admin.getByRole('button', { name: 'Change role' }).click();
    const roleDialog = admin.getByRole('dialog', { name: "Change Mel's role" });
    await shown(roleDialog);
    await choose(admin, roleDialog.getByRole('combobox', { name: 'Role' }), 'Moderator');
    await roleDialog.getByRole('button', { name: 'Continue' }).click();
    await shown(roleDialog.getByText('Mel goes from Member to Moderator.', { exact: false }));
    await axeAtBothWidths(admin, '[role="dialog"]');
    await roleDialog.getByRole('button', { name: 'Confirm the change' }).click();
    await gone(roleDialog);
    await shown(main.getByText('Moderator', { exact: true }));

    // Ada is the only admin: demoting herself is refused, with the server's reason.
    const self = (await (await admin.request.get('/api/auth/user')).json()) as { id: string };
    await admin.goto(`/admin/members/${self.id}`);
    await admin.getByRole('button', { name: 'Change role' }).click();
    const selfDialog = admin.getByRole('dialog');
    await choose(admin, selfDialog.getByRole('combobox', { name: 'Role' }), 'Member');
    await selfDialog.getByRole('button', { name: 'Continue' }).click();
    await selfDialog.getByRole('button', { name: 'Confirm the change' }).click();
    await shown(
      selfDialog.getByRole('alert').getByText('This is the last admin: make another member admin first'),
    );
    await selfDialog.getByRole('button', { name: 'Cancel' }).click();
    await gone(selfDialog);

    // The audit log has every action, filterable by kind.
    await admin.getByRole('tab', { name: 'Audit log' }).click();
    const log = admin.getByRole('table', { name: 'Moderation actions' });
    await shown(log.getByText('Role changed'));
    await shown(log.getByText('Suspension lifted'));
    await shown(log.getByText('Member suspended'));
    await axeAtBothWidths(admin);
    await choose(admin, admin.getByRole('combobox', { name: 'Show' }), 'Member suspended');
    await gone(log.getByText('Role changed'));
    await shown(log.getByText('Asked for payment outside the app.'));

    // A moderator (Mel, signed out by her suspension, signs in again) and a member get not-found.
    const melLogin = await mel.request.post('/api/auth/login', {
      data: { email: melMember.email, password: PASSWORD },
    });
    expect(melLogin.status(), await melLogin.text()).toBe(200);
    await skipOnboarding(mel);
    for (const page of [mel, max]) {
      await page.goto('/admin/members');
      await shown(page.getByRole('heading', { level: 1, name: '404 Page Not Found' }));
      await page.goto('/admin');
      await shown(page.getByRole('heading', { level: 1, name: '404 Page Not Found' }));
    }
    const maxMenu = await openUserMenu(max);
    await shown(maxMenu.getByRole('menuitem', { name: 'Profile', exact: true }));
    expect(await maxMenu.getByRole('menuitem', { name: 'Admin console' }).count()).toBe(0);
    await mel.goto('/moderation');
    await shown(mel.getByRole('heading', { level: 1, name: 'Moderation' }));
  }, 300_000);
});

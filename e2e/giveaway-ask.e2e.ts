import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TradeRequest } from '@common/api/trades';
import { seriousViolations } from './support/axe';
import { openBrowser } from './support/browser';
import {
  eventually,
  getJson,
  gone,
  listItemViaApi,
  registerMember,
  shown,
  uniqueWord,
} from './support/journeys';

const SHOTS = process.env.E2E_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  const size = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

type Note = { title: string; message: string; link: string | null };

/** The trade page's History section. */
const history = (page: Page) => page.getByRole('region', { name: 'History', exact: true });
/** The trade page's "I sent the gift" and "I received it" (the page shows one trade). */
const sentButton = (page: Page) => page.getByRole('button', { name: 'I sent the gift', exact: true });
const receivedButton = (page: Page) => page.getByRole('button', { name: 'I received it', exact: true });

/**
 * Opens the item's dialog over Browse (named by the item's title) and asks for it, with `message`
 * when given; `owner` is the owner's first name, as the dialog names them.
 */
async function askFor(page: Page, item: { id: string; title: string }, owner: string, message?: string) {
  await page.goto(`/browse?highlight=${item.id}`);
  const dialog = page.getByRole('dialog', { name: item.title });
  const askButton = dialog.getByRole('button', { name: 'Ask for it', exact: true });
  await shown(askButton);
  // A giveaway may still be bartered for: both are offered.
  await shown(dialog.getByRole('button', { name: 'Barter', exact: true }));
  await askButton.click();
  const ask = page.getByRole('dialog', { name: `Ask for “${item.title}”` });
  await shown(ask);
  if (message) await ask.getByLabel('A note for the owner').fill(message);
  await ask.getByRole('button', { name: 'Send my ask', exact: true }).click();
  await gone(ask);
  await shown(dialog.getByText(`You asked for it: ${owner} picks who gets it`, { exact: true }));
  await shown(dialog.getByRole('button', { name: 'Withdraw my ask', exact: true }));
}

/**
 * A gift with nothing in return (docs/decisions/027-giveaway-handovers.md): Gia gives a scarf away,
 * Ana and Ben ask for it, Gia reads who asked and picks Ana; Ben is told it went to someone else; Gia
 * hands it over and Ana confirms receipt, which completes the handover.
 */
describe('a giveaway asked for by two members', () => {
  it('the owner picks one, the other is told, and the handover completes on receipt', async () => {
    const { page: gia } = await openBrowser({ width: 1280, height: 900 });
    const { page: ana } = await openBrowser({ width: 375, height: 800 });
    const { page: ben } = await openBrowser({ width: 1280, height: 900 });
    await registerMember(gia, 'Gia', 'Giver');
    const anaMember = await registerMember(ana, 'Ana', 'Asker');
    await registerMember(ben, 'Ben', 'Asker');
    const scarf = await listItemViaApi(gia, {
      title: `${uniqueWord()} Silk Scarf`,
      category: 'accessories',
      estimatedValue: 2500,
      isGiveaway: true,
    });

    await askFor(ana, scarf, 'Gia', 'I would wear it every day');
    expect(await seriousViolations(ana)).toEqual([]);
    await shot(ana, 'giveaway-asked');
    await askFor(ben, scarf, 'Gia');

    // Gia sees both askers on her item, oldest first, and picks Ana.
    await gia.goto(`/browse?highlight=${scarf.id}`);
    const askers = gia
      .getByRole('dialog', { name: scarf.title })
      .getByRole('region', { name: '2 members asked for it', exact: true });
    await shown(askers);
    await shown(askers.getByText('“I would wear it every day”', { exact: true }));
    expect(await seriousViolations(gia)).toEqual([]);
    await shot(gia, 'giveaway-askers');
    // Each asker is a row with their name (the owner sees it in full), with its own "Give it to them".
    const anaRow = askers
      .getByRole('listitem')
      .filter({ has: gia.getByRole('link', { name: anaMember.name, exact: true }) });
    await anaRow.getByRole('button', { name: 'Give it to them', exact: true }).click();
    const confirm = gia.getByRole('dialog', { name: `Give it to ${anaMember.name}?` });
    await shown(confirm);
    expect(await seriousViolations(gia, '[role="dialog"]')).toEqual([]);
    await confirm.getByRole('button', { name: 'Give it', exact: true }).click();

    // The pick opens the handover's trade page.
    await eventually(() => new URL(gia.url()).pathname.startsWith('/trades/'), true);
    const tradeId = new URL(gia.url()).pathname.split('/')[2] as string;
    await shown(gia.getByText(/^Send the gift to Ana\b.* and mark it sent by /));
    await shown(gia.getByText('Nothing in return', { exact: true }));
    // A gift, not a swap: the page's title and history say so.
    await shown(gia.getByRole('heading', { name: /^Gift to Ana/, level: 1 }));
    await shown(history(gia).getByText(/Ana\b.* asked for it/));
    await shot(gia, 'giveaway-handover-giver');

    // Ben is told it went to someone else; Ana that she was picked.
    await eventually(
      async () =>
        (await getJson<Note[]>(ben, '/api/notifications')).some((note) =>
          note.message.includes('it is going to another member'),
        ),
      true,
    );
    const anaNotes = await getJson<Note[]>(ana, '/api/notifications');
    expect(anaNotes.find((note) => note.title === 'Your ask was picked!')?.link).toBe(`/trades/${tradeId}`);

    // Gia hands it over; she has nothing to receive.
    await sentButton(gia).click();
    await shown(gia.getByText(/^You sent the gift\. Waiting for Ana\b.* to confirm receipt\./));
    await shown(history(gia).getByText('You sent the gift'));
    expect(await receivedButton(gia).count()).toBe(0);

    // Ana confirms receipt: the handover completes.
    await ana.goto(`/trades/${tradeId}`);
    await shown(ana.getByText(/^Check the gift Gia\b.* sent you\./));
    await shown(history(ana).getByText(/Gia\b.* sent the gift/));
    expect(await sentButton(ana).count()).toBe(0);
    await shown(ana.getByRole('heading', { name: /^Gift from Gia/, level: 1 }));
    await shown(history(ana).getByText('You asked for it'));
    await shot(ana, 'giveaway-handover-receiver');
    await receivedButton(ana).click();
    const receive = ana.getByRole('dialog', { name: 'Is everything as described?' });
    await shown(receive);
    await receive.getByRole('button', { name: 'Yes, everything is as described', exact: true }).click();
    await eventually(
      async () => (await getJson<TradeRequest>(ana, `/api/trade-requests/${tradeId}`)).status,
      'completed',
    );
    expect((await getJson<{ availability: string }>(gia, `/api/items/${scarf.id}`)).availability).toBe(
      'traded',
    );
    await ana.reload();
    await shown(ana.getByText(/^The handover is complete\. Tell others how it went with Gia/));
    expect(await seriousViolations(ana)).toEqual([]);
    await shot(ana, 'giveaway-handover-completed');
  }, 240_000);
});

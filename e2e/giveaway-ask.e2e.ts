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

/** Opens the item's dialog over Browse and asks for it, with `message` when given. */
async function askFor(page: Page, itemId: string, message?: string) {
  await page.goto(`/browse?highlight=${itemId}`);
  const dialog = page.getByTestId('dialog-item-detail');
  await shown(dialog.getByTestId('button-giveaway-ask'));
  // A giveaway may still be bartered for: both are offered.
  await shown(dialog.getByTestId('button-detail-barter'));
  await dialog.getByTestId('button-giveaway-ask').click();
  const ask = page.getByTestId('dialog-giveaway-ask');
  await shown(ask);
  if (message) await ask.getByTestId('input-giveaway-message').fill(message);
  await ask.getByTestId('button-giveaway-send').click();
  await gone(ask);
  await shown(dialog.getByTestId('giveaway-asked'));
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
    await registerMember(ana, 'Ana', 'Asker');
    await registerMember(ben, 'Ben', 'Asker');
    const scarf = await listItemViaApi(gia, {
      title: `${uniqueWord()} Silk Scarf`,
      category: 'accessories',
      estimatedValue: 2500,
      isGiveaway: true,
    });

    await askFor(ana, scarf.id, 'I would wear it every day');
    expect(await seriousViolations(ana)).toEqual([]);
    await shot(ana, 'giveaway-asked');
    await askFor(ben, scarf.id);

    // Gia sees both askers on her item, oldest first, and picks Ana.
    await gia.goto(`/browse?highlight=${scarf.id}`);
    const askers = gia.getByTestId('giveaway-askers');
    await shown(askers.getByText('2 members asked for it'));
    expect(await askers.textContent()).toContain('I would wear it every day');
    expect(await seriousViolations(gia)).toEqual([]);
    await shot(gia, 'giveaway-askers');
    const { asks } = await getJson<{ asks: Array<{ id: string; asker: { firstName: string } }> }>(
      gia,
      `/api/items/${scarf.id}/giveaway-requests`,
    );
    const anaAsk = asks.find((ask) => ask.asker.firstName === 'Ana');
    if (!anaAsk) throw new Error('Ana’s ask is missing');
    await askers.getByTestId(`button-giveaway-pick-${anaAsk.id}`).click();
    const confirm = gia.getByTestId('dialog-giveaway-pick');
    await shown(confirm);
    expect(await seriousViolations(gia, '[role="dialog"]')).toEqual([]);
    await confirm.getByTestId('button-giveaway-pick-confirm').click();

    // The pick opens the handover's trade page.
    await eventually(() => new URL(gia.url()).pathname.startsWith('/trades/'), true);
    const tradeId = new URL(gia.url()).pathname.split('/')[2] as string;
    await shown(gia.getByText(/^Send the gift to Ana\b.* and mark it sent by /));
    await shown(gia.getByTestId(`trade-side-offered-${tradeId}`).getByText('Nothing in return'));
    // A gift, not a swap: the page's title and history say so.
    await shown(gia.getByRole('heading', { name: /^Gift to Ana/, level: 1 }));
    await shown(gia.getByTestId('list-trade-history').getByText(/Ana\b.* asked for it/));
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
    await gia.getByTestId(`button-mark-sent-${tradeId}`).click();
    await shown(gia.getByText(/^You sent the gift\. Waiting for Ana\b.* to confirm receipt\./));
    await shown(gia.getByTestId('list-trade-history').getByText('You sent the gift'));
    expect(await gia.getByTestId(`button-mark-received-${tradeId}`).count()).toBe(0);

    // Ana confirms receipt: the handover completes.
    await ana.goto(`/trades/${tradeId}`);
    await shown(ana.getByText(/^Check the gift Gia\b.* sent you\./));
    await shown(ana.getByTestId('list-trade-history').getByText(/Gia\b.* sent the gift/));
    expect(await ana.getByTestId(`button-mark-sent-${tradeId}`).count()).toBe(0);
    await shown(ana.getByRole('heading', { name: /^Gift from Gia/, level: 1 }));
    await shown(ana.getByTestId('list-trade-history').getByText('You asked for it'));
    await shot(ana, 'giveaway-handover-receiver');
    await ana.getByTestId(`button-mark-received-${tradeId}`).click();
    const receive = ana.getByTestId('dialog-receive');
    await shown(receive);
    await receive.getByTestId('button-receive-as-described').click();
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

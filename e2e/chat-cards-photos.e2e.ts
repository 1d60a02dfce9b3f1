import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser';
import {
  type ApiItem,
  eventually,
  getJson,
  listItemViaApi,
  type Member,
  pngFiles,
  registerMember,
  shown,
  textOf,
  uniqueWord,
} from './support/journeys';
import type { TradeRequest } from '@common/api/trades';

/** Puts a marker on the page's window; `expectNoReload` fails if the page was reloaded since. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eNoReload?: boolean }).__e2eNoReload = true;
  });
}

async function expectNoReload(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => (window as unknown as { __e2eNoReload?: boolean }).__e2eNoReload === true),
    'the page was reloaded',
  ).toBe(true);
}

/**
 * Chooses `file` as a member does: 'Add a photo' opens the system's file picker, which is
 * answered with the file. (The file input itself is hidden from view and from assistive
 * technology.)
 */
async function choosePhoto(page: Page, chat: Locator, file: string): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    chat.getByRole('button', { name: 'Add a photo', exact: true }).click(),
  ]);
  await chooser.setFiles(file);
}

/**
 * Barter request cards and photos in the conversation (docs/product.md § Chat). Ava (one browser)
 * has the conversation about her coat open with Ben (another browser); Ben's barter request and
 * Ava's acceptance appear in it as cards live, without a reload, and a photo Ava sends reaches Ben.
 */
describe('barter request cards and photos in chat', () => {
  let pageA: Page;
  let pageB: Page;
  let ava: Member;
  let ben: Member;
  let wanted: ApiItem;
  let offered: ApiItem;
  let conversationId: string;
  let trade: TradeRequest;

  // Each chat dialog is named after the member on the other side.
  const chatA = () => pageA.getByRole('dialog', { name: ben.publicName, exact: true });
  const chatB = () => pageB.getByRole('dialog', { name: ava.publicName, exact: true });
  /**
   * A card's headline ('Ben O. sent a barter request'): inside the collapsed card, so present
   * but not in view until the card is opened; counted rather than waited for.
   */
  const headlines = (chat: Locator, headline: string) => chat.getByText(headline, { exact: true }).count();

  beforeAll(async () => {
    pageA = (await openBrowser()).page;
    pageB = (await openBrowser()).page;
    [ava, ben] = await Promise.all([
      registerMember(pageA, 'Ava', 'Reyes'),
      registerMember(pageB, 'Ben', 'Owens'),
    ]);
    [wanted, offered] = await Promise.all([
      listItemViaApi(pageA, {
        title: `${uniqueWord('Cc')} wool coat`,
        category: 'clothing',
        gender: 'women',
        condition: 'like-new',
        brand: 'COS',
        size: 'M',
        estimatedValue: 8000,
      }),
      listItemViaApi(pageB, {
        title: `${uniqueWord('Ct')} trench coat`,
        category: 'clothing',
        gender: 'women',
        condition: 'good',
        brand: 'Arket',
        size: 'L',
        estimatedValue: 7600,
      }),
    ]);
    // The conversation the trade card's 'Message' button opens: the partner, about the requested item.
    const response = await pageA.request.post('/api/conversations/find-or-create', {
      data: { otherUserId: ben.id, relatedItemId: wanted.id },
    });
    expect(response.status(), await response.text()).toBe(201);
    conversationId = ((await response.json()) as { id: string }).id;
  });

  it("B's barter request appears in A's open conversation as a card, live", async () => {
    await pageA.goto(`/?conversation=${conversationId}`);
    await shown(chatA());
    await shown(chatA().getByText(`No messages yet. Say hello to ${ben.publicName}!`, { exact: true }));
    await markPage(pageA);

    const response = await pageB.request.post('/api/trade-requests', {
      data: { requestedItemId: wanted.id, offeredItemId: offered.id },
    });
    expect(response.status(), await response.text()).toBe(201);
    trade = (await response.json()) as TradeRequest;

    // The card has no accessible name of its own: found by test id to read what it lists.
    const card = chatA().getByTestId('card-trade-requested');
    await shown(card);
    expect(await headlines(card, 'Ben O. sent a barter request')).toBe(1);
    expect(await textOf(card)).toContain(wanted.title);
    expect(await textOf(card)).toContain(offered.title);
    await expectNoReload(pageA);
  });

  it('A accepts: the card appears for B, who has the conversation open', async () => {
    await pageB.goto(`/?conversation=${conversationId}`);
    await shown(chatB());
    await shown(chatB().getByText('You sent a request · 1 item for 1', { exact: true }));
    expect(await headlines(chatB(), 'You sent a barter request')).toBe(1);
    await markPage(pageB);

    const response = await pageA.request.patch(`/api/trade-requests/${trade.id}`, {
      data: { status: 'accepted', termsVersion: trade.termsVersion },
    });
    expect(response.status(), await response.text()).toBe(200);

    await shown(chatB().getByText('Ava R. accepted the swap', { exact: true }));
    expect(await headlines(chatB(), 'Ava R. accepted the barter request')).toBe(1);
    await shown(chatA().getByText('You accepted the swap', { exact: true }));
    expect(await headlines(chatA(), 'You accepted the barter request')).toBe(1);
    await expectNoReload(pageB);
  });

  it('A is told when a file is not an image, then sends a photo with a preview; B sees it live', async () => {
    const notImage = join(tmpdir(), `threadswap-not-an-image-${Date.now()}.txt`);
    writeFileSync(notImage, 'plain text');
    const chat = chatA();
    await choosePhoto(pageA, chat, notImage);
    await eventually(
      () => textOf(chat.getByRole('alert')),
      'This file is not a supported image: choose a JPEG, PNG, WebP, AVIF or GIF.',
    );

    const [photo] = (await pngFiles(1)) as [string];
    await choosePhoto(pageA, chat, photo);
    const preview = chat.getByRole('img', { name: 'Photo to send', exact: true });
    await shown(preview);
    expect(await chat.getByRole('alert').count()).toBe(0);
    await chat.getByRole('button', { name: 'Send message', exact: true }).click();

    const sentByA = chat.getByRole('link', { name: 'Photo from You; opens full size', exact: true });
    await shown(sentByA);
    await eventually(() => preview.count(), 0);

    const photoFromAva = `Photo from ${ava.publicName}; opens full size`;
    const received = chatB().getByRole('link', { name: photoFromAva, exact: true });
    await shown(received);
    const href = (await received.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/images\/[0-9a-f-]{36}$/);
    expect(await received.locator('img').getAttribute('src')).toBe(`${href}?w=400`);
    // The thumbnail really loaded.
    await eventually(
      () => received.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth > 0),
      true,
    );
    await expectNoReload(pageB);

    // Stays after a reload, and the list shows what the last message is.
    const list = await getJson<{
      conversations: Array<{ id: string; lastMessage: { messageType: string } }>;
    }>(pageB, '/api/conversations');
    expect(list.conversations.find((entry) => entry.id === conversationId)?.lastMessage.messageType).toBe(
      'photo',
    );
    // Opened afresh (the chat drops ?conversation= from the address once open).
    await pageB.goto(`/?conversation=${conversationId}`);
    await shown(chatB().getByRole('link', { name: photoFromAva, exact: true }));
    await shown(chatB().getByText('Ava R. accepted the swap', { exact: true }));
    expect(ava.id).not.toBe(ben.id);
  });
});

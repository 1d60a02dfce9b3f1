import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
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

  const chatA = () => pageA.getByTestId('dialog-chat');
  const chatB = () => pageB.getByTestId('dialog-chat');

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
    await shown(chatA().getByTestId('text-chat-empty'));
    await markPage(pageA);

    const response = await pageB.request.post('/api/trade-requests', {
      data: { requestedItemId: wanted.id, offeredItemId: offered.id },
    });
    expect(response.status(), await response.text()).toBe(201);
    trade = (await response.json()) as TradeRequest;

    const card = chatA().getByTestId('card-trade-requested');
    await shown(card);
    expect(await textOf(card.getByTestId('text-trade-card-status'))).toBe('Ben O. sent a barter request');
    expect(await textOf(card)).toContain(wanted.title);
    expect(await textOf(card)).toContain(offered.title);
    await expectNoReload(pageA);
  });

  it('A accepts: the card appears for B, who has the conversation open', async () => {
    await pageB.goto(`/?conversation=${conversationId}`);
    await shown(chatB());
    await shown(chatB().getByTestId('card-trade-requested'));
    expect(await textOf(chatB().getByTestId('text-trade-card-status'))).toBe('You sent a barter request');
    await markPage(pageB);

    const response = await pageA.request.patch(`/api/trade-requests/${trade.id}`, {
      data: { status: 'accepted', termsVersion: trade.termsVersion },
    });
    expect(response.status(), await response.text()).toBe(200);

    const accepted = chatB().getByTestId('card-trade-accepted');
    await shown(accepted);
    expect(await textOf(accepted.getByTestId('text-trade-card-status'))).toBe(
      'Ava R. accepted the barter request',
    );
    await shown(chatA().getByTestId('card-trade-accepted'));
    expect(
      await textOf(chatA().getByTestId('card-trade-accepted').getByTestId('text-trade-card-status')),
    ).toBe('You accepted the barter request');
    await expectNoReload(pageB);
  });

  it('A is told when a file is not an image, then sends a photo with a preview; B sees it live', async () => {
    const notImage = join(tmpdir(), `threadswap-not-an-image-${Date.now()}.txt`);
    writeFileSync(notImage, 'plain text');
    const chat = chatA();
    await shown(chat.getByTestId('button-add-chat-photo'));
    expect(await chat.getByTestId('button-add-chat-photo').getAttribute('aria-label')).toBe('Add a photo');
    await chat.getByTestId('input-chat-photo').setInputFiles(notImage);
    await eventually(
      () => textOf(chat.getByTestId('text-chat-photo-error')),
      'This file is not a supported image: choose a JPEG, PNG, WebP, AVIF or GIF.',
    );

    const [photo] = (await pngFiles(1)) as [string];
    await chat.getByTestId('input-chat-photo').setInputFiles(photo);
    await shown(chat.getByTestId('chat-photo-preview').locator('img'));
    expect(await chat.getByTestId('text-chat-photo-error').count()).toBe(0);
    await chat.getByTestId('button-send-message').click();

    const sentByA = chat.getByTestId('link-chat-photo');
    await shown(sentByA);
    await eventually(() => chat.getByTestId('chat-photo-preview').count(), 0);

    const received = chatB().getByTestId('link-chat-photo');
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
    await shown(chatB().getByTestId('link-chat-photo'));
    await shown(chatB().getByTestId('card-trade-accepted'));
    expect(ava.id).not.toBe(ben.id);
  });
});

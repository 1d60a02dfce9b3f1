import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, settle } from './support/axe';
import { openBrowser } from './support/browser';
import {
  type ApiItem,
  eventually,
  expectLocation,
  gone,
  listItemViaApi,
  type Member,
  registerMember,
  shown,
  textOf,
  uniqueWord,
} from './support/journeys';

/**
 * A real inbox (docs/product.md § Chat): /messages lists the conversations with their unread
 * counts, the header's Messages link carries the unread total on every page, web addresses in a
 * message are links (rel="noopener nofollow"), long words stay inside the bubble, and the chat
 * header's item opens the item.
 */
describe('the inbox', () => {
  let pageA: Page;
  let pageB: Page;
  let ava: Member;
  let item: ApiItem;
  let conversationId: string;
  const longWord = 'Soooo'.padEnd(160, 'o') + 'nice';
  const address = 'https://example.com/size-guide?fit=slim';

  beforeAll(async () => {
    pageA = (await openBrowser()).page;
    pageB = (await openBrowser({ width: 375, height: 740 })).page;
    [ava] = await Promise.all([registerMember(pageA, 'Ava', 'Reyes'), registerMember(pageB, 'Ben', 'Owens')]);
    item = await listItemViaApi(pageB, {
      title: `${uniqueWord('Ib')} denim jacket`,
      category: 'clothing',
      gender: 'men',
      condition: 'good',
      brand: 'Levi’s',
      size: 'L',
      estimatedValue: 5000,
    });
    const benId = item.userId;
    const created = await pageA.request.post('/api/conversations/find-or-create', {
      data: { otherUserId: benId, relatedItemId: item.id },
    });
    expect(created.ok(), await created.text()).toBe(true);
    conversationId = ((await created.json()) as { id: string }).id;
  });

  it('B, on a phone, sees the unread total on the header link on any page, live', async () => {
    await pageB.goto('/browse');
    const link = pageB.getByTestId('link-messages');
    await shown(link);
    expect(await pageB.getByTestId('badge-messages-total').count()).toBe(0);
    for (const content of [`Hi! ${longWord}`, `The fit is on ${address}.`]) {
      const sent = await pageA.request.post('/api/messages', { data: { conversationId, content } });
      expect(sent.status(), await sent.text()).toBe(201);
    }
    await eventually(() => textOf(pageB.getByTestId('badge-messages-total')), '2');
    expect(await link.getAttribute('aria-label')).toBe('Messages, 2 unread');
  });

  it('the header link opens /messages, listing the conversation with its unread count', async () => {
    await pageB.getByTestId('link-messages').click();
    await expectLocation(pageB, '/messages', {});
    await shown(pageB.getByRole('heading', { level: 1, name: 'Messages', exact: true }));
    const row = pageB.getByTestId(`conversation-${conversationId}`);
    await shown(row);
    expect(await textOf(row)).toContain(ava.publicName);
    expect(await textOf(row)).toContain(item.title);
    expect(await textOf(pageB.getByTestId(`text-conversation-unread-${conversationId}`))).toBe('2');
    await settle(pageB);
    expect(await seriousViolations(pageB)).toEqual([]);
  });

  it('the chat wraps long words, links addresses safely and reads as seen', async () => {
    await pageB.getByTestId(`conversation-${conversationId}`).click();
    const chat = pageB.getByTestId('dialog-chat');
    await shown(chat);
    const anchor = chat.locator(`a[href="${address}"]`);
    await shown(anchor);
    expect(await anchor.getAttribute('rel')).toBe('noopener nofollow');
    expect(await anchor.getAttribute('target')).toBe('_blank');
    // Nothing sticks out of the dialog sideways.
    const overflow = await chat.evaluate((dialog) =>
      Array.from(dialog.querySelectorAll('[data-testid^="chat-message-"] p')).some(
        (bubble) => bubble.getBoundingClientRect().right > dialog.getBoundingClientRect().right + 1,
      ),
    );
    expect(overflow).toBe(false);
    await eventually(async () => pageB.getByTestId('badge-messages-total').count(), 0);
  });

  it("the chat header's item opens the item's detail view", async () => {
    const chat = pageB.getByTestId('dialog-chat');
    await chat.getByTestId('text-chat-item').click();
    await gone(chat);
    await expectLocation(pageB, '/browse', { highlight: item.id });
    const detail = pageB.getByTestId('dialog-item-detail');
    await shown(detail);
    await eventually(() => textOf(detail.getByTestId('text-detail-title')), item.title);
  });
});

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

  /** The header's link to the inbox, named for the unread total: 'Messages, 2 unread' or 'Messages'. */
  const headerMessagesLink = (name: string) =>
    pageB.getByRole('banner').getByRole('link', { name, exact: true });
  /**
   * A conversation in the inbox: a button named for the member, the item it is about, the last
   * message and the unread count.
   */
  const conversationRow = () =>
    pageB.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: item.title });
  // The chat dialog is named after the member on the other side.
  const chatB = () => pageB.getByRole('dialog', { name: ava.publicName });

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
    // Nothing unread: the link is named 'Messages' alone (its badge is hidden from assistive
    // technology; the name carries the count).
    await shown(headerMessagesLink('Messages'));
    for (const content of [`Hi! ${longWord}`, `The fit is on ${address}.`]) {
      const sent = await pageA.request.post('/api/messages', { data: { conversationId, content } });
      expect(sent.status(), await sent.text()).toBe(201);
    }
    await shown(headerMessagesLink('Messages, 2 unread'));
    expect(await textOf(headerMessagesLink('Messages, 2 unread'))).toBe('2');
  });

  it('the header link opens /messages, listing the conversation with its unread count', async () => {
    await headerMessagesLink('Messages, 2 unread').click();
    await expectLocation(pageB, '/messages', {});
    await shown(pageB.getByRole('heading', { level: 1, name: 'Messages', exact: true }));
    const row = conversationRow();
    await shown(row);
    expect(await textOf(row)).toContain(ava.publicName);
    expect(await textOf(row)).toContain(item.title);
    await shown(row.getByText(', 2 unread messages', { exact: true }));
    await settle(pageB);
    expect(await seriousViolations(pageB)).toEqual([]);
  });

  it('the chat wraps long words, links addresses safely and reads as seen', async () => {
    await conversationRow().click();
    const chat = chatB();
    await shown(chat);
    const anchor = chat.getByRole('link', { name: address, exact: true });
    await shown(anchor);
    expect(await anchor.getAttribute('href')).toBe(address);
    expect(await anchor.getAttribute('rel')).toBe('noopener nofollow');
    expect(await anchor.getAttribute('target')).toBe('_blank');
    // Nothing sticks out of the dialog sideways.
    // The bubbles: the text of each message in the thread (a message has no name of its own).
    const bubbles = chat
      .getByRole('region', { name: `Messages with ${ava.publicName}`, exact: true })
      .getByRole('listitem')
      .locator('p');
    expect(await bubbles.count()).toBe(2);
    const dialogRight = await chat.evaluate((dialog) => dialog.getBoundingClientRect().right);
    const bubbleRights = await bubbles.evaluateAll((elements) =>
      elements.map((bubble) => bubble.getBoundingClientRect().right),
    );
    expect(bubbleRights.filter((right) => right > dialogRight + 1)).toEqual([]);
    // Both ways to the inbox (the header's link, the tab bar's tab) drop their unread count. The
    // open chat is a modal dialog, which hides the page behind it from the accessibility tree.
    await eventually(
      () => pageB.getByRole('link', { name: /^Messages, \d+ unread$/, includeHidden: true }).count(),
      0,
    );
    expect(
      await pageB
        .getByRole('banner', { includeHidden: true })
        .getByRole('link', { name: 'Messages', exact: true, includeHidden: true })
        .count(),
    ).toBe(1);
  });

  it("the chat header's item opens the item's detail view", async () => {
    const chat = chatB();
    await chat.getByRole('link', { name: item.title, exact: true }).click();
    await gone(chat);
    await expectLocation(pageB, '/browse', { highlight: item.id });
    // The item's dialog, named for its title.
    const detail = pageB.getByRole('dialog', { name: item.title });
    await shown(detail);
    await shown(detail.getByRole('heading', { name: item.title, exact: true }));
  });
});

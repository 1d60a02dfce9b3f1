import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser';
import {
  type ApiItem,
  eventually,
  getJson,
  gone,
  listItemViaApi,
  type Member,
  registerMember,
  shown,
  textOf,
  uniqueWord,
  WAIT_MS,
} from './support/journeys';
import { openUserMenu } from './support/ui';
import type { z } from 'zod';
import type { ConversationPage, totalUnread } from '@common/api/chat';
import type { UnreadCount } from '@common/api/notifications';

/**
 * Real-time chat between two members about an item (docs/product.md § Chat, § Notifications). Member A (one browser) writes to member B (another browser)
 * about B's listing; B follows it live on the home page, without reloading.
 */

/** The stop signal follows the last key press after this long. */
const TYPING_STOP_DELAY_MS = 2000;

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

/** The body of /api/conversations/unread-count. */
type TotalUnread = z.infer<typeof totalUnread>;

/**
 * The bell's unread count as its name says it: 'Notifications, 3 unread', or 'Notifications' (0).
 * (The badge on it repeats the count for the eye and is hidden from assistive technology.) Found
 * with hidden elements too: an open chat is a modal dialog, which hides the page behind it from
 * the accessibility tree while the bell stays in view.
 */
async function bellCount(page: Page): Promise<number> {
  const bell = page.getByRole('button', { name: /^Notifications/, includeHidden: true });
  const name = (await bell.getAttribute('aria-label')) ?? '';
  return Number(/^Notifications, (\d+) unread$/.exec(name)?.[1] ?? 0);
}

/**
 * The floating Messages button while messages are unread: named for the count its badge shows,
 * e.g. 'Messages, 1 unread' ('Messages' when nothing is unread). While a chat is open the button
 * is not shown at all.
 */
function unreadMessagesButton(page: Page, unread?: number): Locator {
  return unread
    ? page.getByRole('button', { name: `Messages, ${unread} unread`, exact: true })
    : page.getByRole('button', { name: /^Messages, \d+ unread$/ });
}

/**
 * The ids of the chat messages shown in `dialog`, oldest first. A message has no name of its own
 * and the journey follows each one across both members' pages: messages keep their test ids.
 */
async function messageIds(dialog: Locator): Promise<string[]> {
  return dialog
    .locator('[data-testid^="chat-message-"]')
    .evaluateAll((rows) =>
      rows.map((row) => (row.getAttribute('data-testid') ?? '').slice('chat-message-'.length)),
    );
}

/** The message `id` in `dialog` (found by its test id, as `messageIds` reads them). */
function message(dialog: Locator, id: string): Locator {
  return dialog.getByTestId(`chat-message-${id}`);
}

/** The text of a message bubble (without the screen-reader 'You:' prefix), line breaks kept. */
async function bubbleText(message: Locator): Promise<string> {
  return (await message.locator('p').textContent({ timeout: WAIT_MS })) ?? '';
}

describe('two members chat about an item in real time', () => {
  let pageA: Page;
  let pageB: Page;
  let ava: Member;
  let ben: Member;
  let item: ApiItem;
  let firstMessageId: string;
  let bellBefore: number;
  const firstLine = 'Hi Ben! Love these loafers.';
  const secondLine = 'Are they still available for a swap?';
  const typed = 'Great!';
  const reply = 'Yes, they are still available - what would you offer?';

  // Each chat dialog is named after the member on the other side.
  const chatA = () => pageA.getByRole('dialog', { name: ben.publicName });
  const chatB = () => pageB.getByRole('dialog', { name: ava.publicName });
  /** A conversation in the Messages panel: a button named for the member, the item and the last message. */
  const conversationRow = (panel: Locator) => panel.getByRole('button', { name: item.title });

  beforeAll(async () => {
    ({ page: pageA } = await openBrowser());
    ({ page: pageB } = await openBrowser());
    [ava, ben] = await Promise.all([
      registerMember(pageA, 'Ava', 'Reyes'),
      registerMember(pageB, 'Ben', 'Owens'),
    ]);
    item = await listItemViaApi(pageB, {
      title: `${uniqueWord('Ch')} suede loafers`,
      category: 'shoes',
      style: null,
      condition: 'like-new',
      brand: 'Grenson',
      size: '9',
      estimatedValue: 9500,
    });
  });

  it('a visitor clicking Message on a card is asked to sign in, and told what for', async () => {
    const { page: visitor } = await openBrowser();
    await visitor.goto(`/browse?search=${encodeURIComponent(item.title.split(' ')[0] ?? '')}`);
    const card = visitor.getByTestId(`card-item-${item.id}`);
    await shown(card);
    const message = card.getByRole('button', { name: /^Message .* about / });
    await shown(message);
    await message.click();
    const auth = visitor.getByRole('dialog', { name: /^(Welcome back|Join Threadswap)$/ });
    await shown(auth);
    await shown(
      auth.getByText('Sign in to message members about their items and agree on your swaps.', {
        exact: true,
      }),
    );
    expect(await visitor.getByRole('dialog', { name: ben.publicName }).count()).toBe(0);
    const conversations = await visitor.request.get('/api/conversations');
    expect(conversations.status()).toBe(401);
  });

  it('B starts on the home page with no unread messages', async () => {
    await pageB.goto('/');
    await shown(pageB.getByRole('button', { name: 'Messages', exact: true }));
    await shown(pageB.getByRole('button', { name: /^Notifications/ }));
    bellBefore = (await getJson<UnreadCount>(pageB, '/api/notifications/unread-count')).count;
    await eventually(() => bellCount(pageB), bellBefore);
    await markPage(pageB);
  });

  it("A opens B's item and messages B: Shift+Enter makes a new line, Enter sends", async () => {
    await pageA.goto(`/browse?highlight=${item.id}`);
    // Signed in as far as the page knows (the avatar menu), before using a member's action. The item's
    // dialog may already be open, and a modal dialog hides the page behind it from the accessibility tree.
    await shown(pageA.getByRole('button', { name: /^Account menu for /, includeHidden: true }));
    const detail = pageA.getByRole('dialog', { name: item.title });
    await shown(detail);
    await detail.getByRole('button', { name: /^Message .* about this item$/ }).click();

    const chat = chatA();
    await shown(chat);
    await shown(chat.getByRole('heading', { name: ben.publicName, exact: true }));
    await shown(chat.getByRole('link', { name: item.title, exact: true }));
    const input = chat.getByRole('textbox', { name: /^Message / });
    await shown(input);
    expect(await messageIds(chat)).toEqual([]);

    const { conversations } = await getJson<ConversationPage>(pageA, '/api/conversations');
    const conversation = conversations.find((entry) => entry.relatedItem?.id === item.id);
    if (!conversation) throw new Error(`No conversation about ${item.id}: ${JSON.stringify(conversations)}`);

    await input.pressSequentially(firstLine);
    await pageA.keyboard.press('Shift+Enter');
    await input.pressSequentially(secondLine);
    // Shift+Enter made a new line in the input and sent nothing.
    expect(await input.inputValue()).toBe(`${firstLine}\n${secondLine}`);
    expect(await messageIds(chat)).toEqual([]);

    await pageA.keyboard.press('Enter');
    await eventually(async () => (await messageIds(chat)).length, 1);
    [firstMessageId] = (await messageIds(chat)) as [string];
    const sent = message(chat, firstMessageId);
    // One message holding both lines: the Shift+Enter did not send the first line on its own.
    expect(await bubbleText(sent)).toBe(`${firstLine}\n${secondLine}`);
    expect(await sent.getAttribute('data-own')).toBe('true');
    await eventually(() => input.inputValue(), '');
  });

  it('B sees the unread badge and the bell go up live, then the conversation in the panel', async () => {
    await shown(unreadMessagesButton(pageB, 1));
    await eventually(() => bellCount(pageB), bellBefore + 1);
    await expectNoReload(pageB);

    // The bell lists the message notification.
    await pageB.getByRole('button', { name: /^Notifications/ }).click();
    const popover = pageB.getByRole('dialog', { name: 'Notifications' });
    await shown(popover);
    await eventually(async () => (await textOf(popover)).includes(`${firstLine} ${secondLine}`), true);
    await pageB.keyboard.press('Escape');
    await gone(popover);

    await pageB.getByRole('button', { name: /^Messages/ }).click();
    const panel = pageB.getByRole('dialog', { name: 'Messages' });
    await shown(panel);
    const row = conversationRow(panel);
    await shown(row);
    const rowText = await textOf(row);
    expect(rowText).toContain(ava.publicName);
    expect(rowText).toContain(item.title);
    // The last message, its line break shown as a space.
    expect(rowText).toContain(`${firstLine} ${secondLine}`);
    await shown(row.getByText(', 1 unread message', { exact: true }));
  });

  it("B opens the conversation and reads A's message; the unread counts clear and A sees 'Seen'", async () => {
    await conversationRow(pageB.getByRole('dialog', { name: 'Messages' })).click();
    const chat = chatB();
    await shown(chat);
    await gone(pageB.getByRole('dialog', { name: 'Messages' }));
    await shown(chat.getByRole('heading', { name: ava.publicName, exact: true }));
    await shown(chat.getByRole('link', { name: item.title, exact: true }));
    const received = message(chat, firstMessageId);
    await shown(received);
    expect(await bubbleText(received)).toBe(`${firstLine}\n${secondLine}`);
    expect(await received.getAttribute('data-own')).toBe('false');

    await gone(unreadMessagesButton(pageB));
    await eventually(() => bellCount(pageB), bellBefore);
    await eventually(
      async () => (await getJson<TotalUnread>(pageB, '/api/conversations/unread-count')).count,
      0,
    );

    // A, without reloading, sees that B has read it.
    await shown(message(chatA(), firstMessageId).getByText('Seen', { exact: true }));
    await expectNoReload(pageB);
  });

  it('B sees A typing; the indicator goes about 2 s after A stops', async () => {
    // B records, by the browser clock, when the indicator appears and disappears (and its text).
    await pageB.evaluate(() => {
      const log: Array<[string, number, string]> = [];
      (window as unknown as { __typingLog: typeof log }).__typingLog = log;
      let on = false;
      const check = () => {
        const indicator = document.querySelector('[data-testid="text-typing-indicator"]');
        if (Boolean(indicator) === on) return;
        on = Boolean(indicator);
        log.push([on ? 'shown' : 'hidden', Date.now(), indicator?.textContent ?? '']);
      };
      new MutationObserver(check).observe(document.body, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    });
    // A records when the input last changed, and the typing frames A's browser sends.
    await pageA.evaluate(() => {
      const state = { lastInput: 0, frames: [] as Array<[boolean, number]> };
      (window as unknown as { __typing: typeof state }).__typing = state;
      document.addEventListener('input', () => (state.lastInput = Date.now()), true);
      const send = WebSocket.prototype.send;
      WebSocket.prototype.send = function patched(this: WebSocket, data) {
        try {
          const frame = JSON.parse(String(data)) as { type?: string; isTyping?: boolean };
          if (frame.type === 'typing') state.frames.push([frame.isTyping === true, Date.now()]);
        } catch {
          // not JSON: not ours to record
        }
        return send.call(this, data);
      };
    });

    const input = chatA().getByRole('textbox', { name: /^Message / });
    await input.pressSequentially(typed);

    const typingLog = () =>
      pageB.evaluate(
        () => (window as unknown as { __typingLog: Array<[string, number, string]> }).__typingLog,
      );
    await eventually(async () => (await typingLog()).map(([state]) => state), ['shown', 'hidden'], WAIT_MS);
    const [[, shownAt, text], [, hiddenAt]] = (await typingLog()) as [
      [string, number, string],
      [string, number, string],
    ];
    const a = await pageA.evaluate(
      () =>
        (window as unknown as { __typing: { lastInput: number; frames: Array<[boolean, number]> } }).__typing,
    );

    expect(text).toContain(`${ava.firstName}`);
    expect(text).toContain('is typing');
    expect(shownAt).toBeLessThan(hiddenAt);
    // A sent 'typing on', then the stop signal 2 s after the last key press.
    const flags = a.frames.map(([isTyping]) => isTyping);
    expect(flags.length).toBeGreaterThanOrEqual(2);
    expect(flags.at(-1)).toBe(false);
    expect(flags.slice(0, -1).every(Boolean)).toBe(true);
    const stopSentAfter = (a.frames.at(-1)?.[1] ?? 0) - a.lastInput;
    expect(stopSentAfter).toBeGreaterThanOrEqual(TYPING_STOP_DELAY_MS - 100);
    expect(stopSentAfter).toBeLessThan(TYPING_STOP_DELAY_MS + 2000);
    // B's indicator went about 2 s after A's last key press (well before any 6 s fallback).
    const hiddenAfter = hiddenAt - a.lastInput;
    expect(hiddenAfter).toBeGreaterThanOrEqual(TYPING_STOP_DELAY_MS - 200);
    expect(hiddenAfter).toBeLessThan(TYPING_STOP_DELAY_MS + 2500);
    await gone(chatB().getByText(`${ava.firstName} is typing`));
    await expectNoReload(pageB);
  });

  it('a message A sends while B has the chat open is read at once', async () => {
    const chat = chatA();
    await pageA.keyboard.press('Enter');
    await eventually(async () => (await messageIds(chat)).length, 2);
    const secondId = (await messageIds(chat))[1] as string;
    expect(await bubbleText(message(chat, secondId))).toBe(typed);

    const received = message(chatB(), secondId);
    await shown(received);
    expect(await bubbleText(received)).toBe(typed);
    // 'Seen' moves to A's newest message.
    await shown(message(chat, secondId).getByText('Seen', { exact: true }));
    expect(await chat.getByText('Seen', { exact: true }).count()).toBe(1);
    // No message notification for a chat that is open, and no unread badge.
    expect((await getJson<UnreadCount>(pageB, '/api/notifications/unread-count')).count).toBe(bellBefore);
    await eventually(
      async () => (await getJson<TotalUnread>(pageB, '/api/conversations/unread-count')).count,
      0,
    );
    expect(await unreadMessagesButton(pageB).count()).toBe(0);
    expect(await bellCount(pageB)).toBe(bellBefore);
  });

  it('B replies and A sees it live', async () => {
    await markPage(pageA);
    const input = chatB().getByRole('textbox', { name: /^Message / });
    await input.fill(reply);
    await chatB().getByRole('button', { name: 'Send message' }).click();
    await eventually(() => input.inputValue(), '');

    const chat = chatA();
    await eventually(async () => (await messageIds(chat)).length, 3);
    const replyId = (await messageIds(chat))[2] as string;
    const received = message(chat, replyId);
    expect(await bubbleText(received)).toBe(reply);
    expect(await received.getAttribute('data-own')).toBe('false');
    await expectNoReload(pageA);
    // B sees A read the reply, which arrived while A's chat was open.
    await shown(message(chatB(), replyId).getByText('Seen', { exact: true }));
  });

  it('after reading, neither member has unread messages', async () => {
    // B closes the chat: the panel lists the conversation as read, with B's reply last.
    await pageB.keyboard.press('Escape');
    await gone(chatB());
    await pageB.getByRole('button', { name: /^Messages/ }).click();
    const panelB = pageB.getByRole('dialog', { name: 'Messages' });
    await shown(panelB);
    const rowB = conversationRow(panelB);
    await shown(rowB);
    await eventually(async () => (await textOf(rowB)).includes(reply), true);
    expect(await rowB.getByText(/unread message/).count()).toBe(0);
    expect(await unreadMessagesButton(pageB).count()).toBe(0);
    expect(await bellCount(pageB)).toBe(bellBefore);

    // A closes the chat; 'Messages' in the avatar menu opens the panel: nothing unread.
    await pageA.keyboard.press('Escape');
    await gone(chatA());
    await pageA.keyboard.press('Escape');
    await gone(pageA.getByRole('dialog', { name: item.title }));
    const menu = await openUserMenu(pageA);
    await menu.getByRole('menuitem', { name: 'Messages' }).click();
    const panelA = pageA.getByRole('dialog', { name: 'Messages' });
    await shown(panelA);
    const rowA = conversationRow(panelA);
    await shown(rowA);
    const rowText = await textOf(rowA);
    expect(rowText).toContain(ben.publicName);
    expect(rowText).toContain(item.title);
    expect(rowText).toContain(reply);
    expect(await rowA.getByText(/unread message/).count()).toBe(0);
    expect((await getJson<TotalUnread>(pageA, '/api/conversations/unread-count')).count).toBe(0);

    // On A's home page the floating button has no unread badge either.
    await pageA.goto('/');
    await shown(pageA.getByRole('button', { name: 'Messages', exact: true }));
    await shown(pageA.getByRole('button', { name: /^Notifications/ }));
  });
});

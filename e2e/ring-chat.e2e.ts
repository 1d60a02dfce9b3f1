import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { openBrowser } from './support/browser';
import {
  eventually,
  getJson,
  listItemViaApi,
  type Member,
  registerMember,
  shown,
  textOf,
  uniqueWord,
} from './support/journeys';
import type { Ring } from '@common/api/rings';

/**
 * A swap ring's group conversation (docs/decisions/010-group-conversations.md): three members whose
 * swap rules close a ring open its thread from the Swap Rings page; one writes and the other two
 * see the message live, under the sender's name, without reloading.
 */

describe('three members of a swap ring talk in one thread', () => {
  const pages: Page[] = [];
  const members: Member[] = [];
  let ring: Ring;

  beforeAll(async () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 375, height: 800 },
      { width: 1280, height: 900 },
    ]) {
      pages.push((await openBrowser(viewport)).page);
    }
    const [ana, ben, cleo] = pages as [Page, Page, Page];
    members.push(
      await registerMember(ana, 'Ana', 'Ring'),
      await registerMember(ben, 'Ben', 'Ring'),
      await registerMember(cleo, 'Cleo', 'Ring'),
    );
    // Brands nobody else uses, so that the ring closes among these three only.
    const brands = [uniqueWord('Ra'), uniqueWord('Rb'), uniqueWord('Rc')] as const;
    await listItemViaApi(ana, {
      title: 'Ring coat',
      category: 'clothing',
      brand: brands[0],
      estimatedValue: 5000,
    });
    await listItemViaApi(ben, {
      title: 'Ring boots',
      category: 'shoes',
      brand: brands[1],
      estimatedValue: 5500,
    });
    await listItemViaApi(cleo, {
      title: 'Ring bag',
      category: 'accessories',
      brand: brands[2],
      estimatedValue: 4800,
    });
    for (const [page, category, brand] of [
      [ana, 'shoes', brands[1]],
      [ben, 'accessories', brands[2]],
      [cleo, 'clothing', brands[0]],
    ] as const) {
      const response = await page.request.post('/api/swap-rules', { data: { category, brands: [brand] } });
      expect(response.status(), await response.text()).toBe(201);
    }
    // The last rule proposes the ring right after its commit.
    let rings: Ring[] = [];
    for (let attempt = 0; attempt < 60 && rings.length === 0; attempt++) {
      rings = await getJson<Ring[]>(ana, '/api/rings');
      if (rings.length === 0) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(rings).toHaveLength(1);
    ring = rings[0] as Ring;
    expect(ring.conversationId).toBeTruthy();
  });

  async function openThread(page: Page) {
    await page.goto('/rings');
    const card = page.getByTestId(`ring-${ring.id}`);
    await shown(card);
    await card.getByTestId('button-message-ring').click();
    const dialog = page.getByTestId('dialog-chat');
    await shown(dialog);
    await eventually(() => textOf(dialog.getByTestId('text-chat-participant')), 'Swap ring · 3 members');
    return dialog;
  }

  it('each member opens the thread with "Message the ring"; one writes, the others see it live', async () => {
    const [ana, ben, cleo] = pages as [Page, Page, Page];
    const dialogs = [await openThread(ana), await openThread(ben), await openThread(cleo)];
    await eventually(() => textOf(dialogs[1]!.getByTestId('text-chat-members')), 'With Ana R. and Cleo R.');
    for (const page of [ben, cleo])
      await page.evaluate(() => {
        (window as unknown as { __noReload?: boolean }).__noReload = true;
      });

    await dialogs[0]!.getByTestId('input-chat-message').fill('Hi both! I can ship the coat on Monday.');
    await dialogs[0]!.getByTestId('button-send-message').click();

    for (const [index, page] of [ben, cleo].entries()) {
      const dialog = dialogs[index + 1]!;
      const bubble = dialog.locator('[data-testid^="chat-message-"]').last();
      await shown(bubble);
      await eventually(() => textOf(bubble.locator('p')), 'Hi both! I can ship the coat on Monday.');
      expect(await textOf(dialog.getByTestId('text-message-sender').last())).toBe('Ana R.');
      expect(
        await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true),
      ).toBe(true);
    }
    expect(await seriousViolations(ben, '[data-testid="dialog-chat"]')).toEqual([]);

    // Ben answers from his phone; Ana and Cleo see it, under his name.
    await dialogs[1]!.getByTestId('input-chat-message').fill('Boots go out Tuesday.');
    await dialogs[1]!.getByTestId('button-send-message').click();
    for (const dialog of [dialogs[0]!, dialogs[2]!]) {
      await eventually(
        () => textOf(dialog.locator('[data-testid^="chat-message-"]').last().locator('p')),
        'Boots go out Tuesday.',
      );
      expect(await textOf(dialog.getByTestId('text-message-sender').last())).toBe('Ben R.');
    }
  });

  it('the inbox lists the group thread with its members', async () => {
    const cleo = pages[2] as Page;
    await cleo.goto('/messages');
    const row = cleo.getByTestId(`conversation-${ring.conversationId}`);
    await shown(row);
    expect(await textOf(row)).toContain('Swap ring · 3 members');
    expect(await textOf(cleo.getByTestId(`text-conversation-members-${ring.conversationId}`))).toBe(
      'With Ana R. and Ben R.',
    );
    expect(await seriousViolations(cleo)).toEqual([]);
  });
});

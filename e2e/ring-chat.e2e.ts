import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { openBrowser } from './support/browser';
import { getJson, listItemViaApi, type Member, registerMember, shown, uniqueWord } from './support/journeys';
import type { Ring } from '@common/api/rings';

/**
 * A swap ring's group conversation (docs/decisions/010-group-conversations.md): three members whose
 * swap rules close a ring open its thread from the Swap Rings page; one writes and the other two
 * see the message live, under the sender's name, without reloading.
 */

/** The ring's thread is titled for the ring, and a member writes to 'the swap ring'. */
const THREAD_TITLE = 'Swap ring · 3 members';

/** The newest message shown in the thread's dialog (a message has no name of its own). */
const lastMessage = (dialog: Locator) =>
  dialog
    .getByRole('region', { name: 'Messages with the swap ring', exact: true })
    .getByRole('listitem')
    .last();

/** Writes `text` in the thread's dialog and sends it. */
async function send(dialog: Locator, text: string) {
  await dialog.getByRole('textbox', { name: 'Message the swap ring', exact: true }).fill(text);
  await dialog.getByRole('button', { name: 'Send message', exact: true }).click();
}

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

  /**
   * Opens the ring's thread from /rings. Each member here is in this one ring only, so the
   * Proposals section holds just its card (a card has no name of its own).
   */
  async function openThread(page: Page) {
    await page.goto('/rings');
    const proposals = page.getByRole('region', { name: 'Proposals', exact: true });
    await shown(proposals.getByRole('heading', { name: '3-member swap ring', exact: true }));
    await proposals.getByRole('button', { name: 'Message the ring', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: THREAD_TITLE });
    await shown(dialog);
    await shown(dialog.getByRole('heading', { name: THREAD_TITLE, exact: true }));
    return dialog;
  }

  it('each member opens the thread with "Message the ring"; one writes, the others see it live', async () => {
    const [ana, ben, cleo] = pages as [Page, Page, Page];
    const dialogs = [await openThread(ana), await openThread(ben), await openThread(cleo)];
    await shown(dialogs[1]!.getByText('With Ana R. and Cleo R.', { exact: true }));
    for (const page of [ben, cleo])
      await page.evaluate(() => {
        (window as unknown as { __noReload?: boolean }).__noReload = true;
      });

    await send(dialogs[0]!, 'Hi both! I can ship the coat on Monday.');

    for (const [index, page] of [ben, cleo].entries()) {
      const newest = lastMessage(dialogs[index + 1]!);
      await shown(newest.getByText('Hi both! I can ship the coat on Monday.', { exact: true }));
      // Under the sender's name (shown to the eye; a screen reader hears 'Ana R.: ' before the text).
      await shown(newest.getByText('Ana R.', { exact: true }));
      expect(
        await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true),
      ).toBe(true);
    }
    expect(await seriousViolations(ben, '[role="dialog"]')).toEqual([]);

    // Ben answers from his phone; Ana and Cleo see it, under his name.
    await send(dialogs[1]!, 'Boots go out Tuesday.');
    for (const dialog of [dialogs[0]!, dialogs[2]!]) {
      const newest = lastMessage(dialog);
      await shown(newest.getByText('Boots go out Tuesday.', { exact: true }));
      await shown(newest.getByText('Ben R.', { exact: true }));
    }
  });

  it('the inbox lists the group thread with its members', async () => {
    const cleo = pages[2] as Page;
    await cleo.goto('/messages');
    // The conversation: a button named for the thread, its members and the last message.
    const row = cleo
      .getByRole('list', { name: 'Conversations', exact: true })
      .getByRole('button', { name: THREAD_TITLE });
    await shown(row);
    await shown(row.getByText('With Ana R. and Ben R.', { exact: true }));
    expect(await seriousViolations(cleo)).toEqual([]);
  });
});

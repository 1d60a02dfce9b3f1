import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser';
import {
  type ApiItem,
  cardIds,
  choose,
  eventually,
  expectToastFrom,
  getJson,
  gone,
  pngFiles,
  registerMember,
  shown,
  textOf,
  uniqueWord,
  watchToasts,
} from './support/journeys';
import type { Draft } from '@common/api/drafts';

/** With SCREENSHOT_DIR set, the journey keeps a picture of each screen it changes. */
async function picture(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** A photo's upload, which can be the first of the run (the image worker starting) under load. */
const UPLOAD_WAIT_MS = 90_000;

/**
 * A member starts a listing with a photo, saves it as a draft, finds it under My Items (also after a
 * reload), re-opens it pre-filled, finishes and publishes it, and sees it in Browse
 * (docs/product.md § Drafts). Once at 1280 px and once on a 375 px phone.
 */
describe.each([
  { label: 'desktop', viewport: { width: 1280, height: 900 } },
  { label: 'phone', viewport: { width: 375, height: 812 } },
])('a member saves a listing as a draft and publishes it later ($label)', ({ label, viewport }) => {
  let page: Page;
  const word = uniqueWord('Dr');
  const title = `${word} corduroy jacket`;
  let draftId = '';

  beforeAll(async () => {
    const browser = await openBrowser(viewport);
    page = browser.page;
    await watchToasts(browser.context);
    await registerMember(page, 'Dana');
  });

  it(
    'starts a listing with a photo and a title, and saves it as a draft',
    async () => {
      await page.goto('/profile?tab=items');
      await page.getByTestId('button-profile-list-item').click();
      const dialog = page.getByTestId('dialog-list-item');
      await shown(dialog);
      await page.locator('#input-photos').setInputFiles(await pngFiles(1));
      await shown(dialog.getByTestId('photo-0'));
      // The run's first upload can wait for the image worker to start on a loaded machine.
      await eventually(() => dialog.locator('[data-testid^="progress-photo-"]').count(), 0, UPLOAD_WAIT_MS);
      await page.locator('#item-title').fill(title);
      await choose(page, page.getByTestId('select-item-category'), 'Clothing');
      await picture(page, `draft-dialog-${label}`);

      await expectToastFrom(
        page,
        () => dialog.getByTestId('button-save-draft').click(),
        'Draft saved',
        'Find it under My Items to finish it later.',
      );
      await gone(dialog);

      const drafts = await getJson<Draft[]>(page, '/api/drafts');
      expect(drafts).toHaveLength(1);
      expect(drafts[0]?.fields).toEqual({ title, category: 'clothing' });
      expect(drafts[0]?.images).toHaveLength(1);
      draftId = drafts[0]?.id ?? '';
    },
    UPLOAD_WAIT_MS + 60_000,
  );

  it('shows the draft under My Items, without a reload and after one, and never in Browse', async () => {
    const row = page.getByTestId(`draft-${draftId}`);
    await shown(row);
    expect(await textOf(row.getByTestId('text-draft-title'))).toBe(title);
    expect(await row.locator('img').count()).toBe(1);
    await picture(page, `my-items-drafts-${label}`);
    await page.reload();
    await shown(page.getByTestId(`draft-${draftId}`));
    const browse = await getJson<ApiItem[]>(page, `/api/items?search=${word}`);
    expect(browse).toEqual([]);
  });

  it('re-opens the draft pre-filled, finishes it and publishes it', async () => {
    await page.getByTestId(`draft-${draftId}`).getByTestId('button-open-draft').click();
    const dialog = page.getByTestId('dialog-list-item');
    await shown(dialog);
    await shown(dialog.getByRole('heading', { name: 'Finish your draft', exact: true }));
    await eventually(() => page.locator('#item-title').inputValue(), title);
    expect(await dialog.locator('[data-testid^="photo-"]').count()).toBe(1);

    await page.locator('#item-description').fill('Brown corduroy, warm lining, worn one winter.');
    await choose(page, page.getByTestId('select-item-gender'), 'Women');
    await choose(page, page.getByTestId('select-item-condition'), 'Good');
    await page.locator('#item-value').fill('38');
    await expectToastFrom(
      page,
      () => dialog.getByTestId('button-submit-item').click(),
      'Item listed!',
      `"${title}" is now live in the marketplace`,
    );
    await gone(dialog);

    // The drafts section empties and the new listing appears in My Items, without a reload.
    await gone(page.getByTestId('section-drafts'));
    expect(await getJson<Draft[]>(page, '/api/drafts')).toEqual([]);
    const [listed] = await getJson<ApiItem[]>(page, `/api/items?search=${word}`);
    expect(listed).toMatchObject({ title, estimatedValue: 3800, category: 'clothing' });
    expect(listed?.images).toHaveLength(1);
    await eventually(
      async () => (await cardIds(page.getByTestId('grid-my-items'))).includes(listed?.id ?? ''),
      true,
    );

    await page.goto(`/browse?search=${word}`);
    await eventually(() => cardIds(page.getByTestId('grid-browse')), [listed?.id ?? '']);
  });

  it('offers to save unsaved input as a draft when the dialog is closed', async () => {
    await page.goto('/profile?tab=items');
    const dialog = page.getByTestId('dialog-list-item');
    const open = async (text: string) => {
      await page.getByTestId('button-profile-list-item').click();
      await shown(dialog);
      await page.locator('#item-title').fill(text);
      await page.keyboard.press('Escape');
      await shown(dialog.getByTestId('panel-offer-draft'));
    };
    await open(`${word} discarded scarf`);
    await picture(page, `offer-draft-${label}`);
    await dialog.getByTestId('button-discard-draft').click();
    await gone(dialog);
    expect(await getJson<Draft[]>(page, '/api/drafts')).toEqual([]);

    await open(`${word} kept scarf`);
    await expectToastFrom(
      page,
      () => dialog.getByTestId('button-offer-save-draft').click(),
      'Draft saved',
      'Find it under My Items to finish it later.',
    );
    await gone(dialog);
    const [kept] = await getJson<Draft[]>(page, '/api/drafts');
    expect(kept?.fields).toEqual({ title: `${word} kept scarf` });
    await eventually(
      () => textOf(page.getByTestId(`draft-${kept?.id ?? ''}`).getByTestId('text-draft-title')),
      `${word} kept scarf`,
    );
  });
});

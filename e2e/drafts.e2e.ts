import type { Locator, Page } from 'playwright-core';
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

/** The sections of My Items, named by their headings. */
const myItems = (page: Page) => page.getByRole('region', { name: 'My Items', exact: true });
const draftsSection = (page: Page) => page.getByRole('region', { name: 'Drafts', exact: true });
/** A draft's row under Drafts (a row has no name of its own: found by the title it shows). */
const draftRow = (page: Page, title: string) =>
  draftsSection(page).getByRole('listitem').filter({ hasText: title });
/** The List Item dialog, named by its title: 'List an Item', or 'Finish your draft' for a draft. */
const listDialog = (page: Page, name = 'List an Item') => page.getByRole('dialog', { name, exact: true });
const titleField = (dialog: Locator) => dialog.getByLabel('Title', { exact: true });

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
      await myItems(page).getByRole('button', { name: 'List Item', exact: true }).click();
      const dialog = listDialog(page);
      await shown(dialog);
      await dialog.getByLabel('Add photos', { exact: true }).setInputFiles(await pngFiles(1));
      await shown(dialog.getByRole('img', { name: 'Photo 1', exact: true }));
      // The run's first upload can wait for the image worker to start on a loaded machine.
      await eventually(
        () => dialog.getByRole('progressbar', { name: /^Uploading photo / }).count(),
        0,
        UPLOAD_WAIT_MS,
      );
      await titleField(dialog).fill(title);
      await choose(page, dialog.getByRole('combobox', { name: 'Category', exact: true }), 'Clothing');
      await picture(page, `draft-dialog-${label}`);

      await expectToastFrom(
        page,
        () => dialog.getByRole('button', { name: 'Save draft', exact: true }).click(),
        'Draft saved',
        'Find it under My Items to finish it later.',
      );
      await gone(dialog);

      const drafts = await getJson<Draft[]>(page, '/api/drafts');
      expect(drafts).toHaveLength(1);
      expect(drafts[0]?.fields).toEqual({ title, category: 'clothing' });
      expect(drafts[0]?.images).toHaveLength(1);
    },
    UPLOAD_WAIT_MS + 60_000,
  );

  it('shows the draft under My Items, without a reload and after one, and never in Browse', async () => {
    const row = draftRow(page, title);
    await shown(row);
    await shown(row.getByRole('button', { name: `Continue draft: ${title}`, exact: true }).first());
    await shown(row.getByText(title, { exact: true }));
    // Its cover photo (decorative: the title names the draft).
    expect(await row.locator('img').count()).toBe(1);
    expect(await draftsSection(page).getByRole('listitem').count()).toBe(1);
    await picture(page, `my-items-drafts-${label}`);
    await page.reload();
    await shown(draftRow(page, title));
    const browse = await getJson<ApiItem[]>(page, `/api/items?search=${word}`);
    expect(browse).toEqual([]);
  });

  it('re-opens the draft pre-filled, finishes it and publishes it', async () => {
    // The member clicks the draft's title to continue it.
    await draftRow(page, title).getByText(title, { exact: true }).click();
    const dialog = listDialog(page, 'Finish your draft');
    await shown(dialog);
    await shown(dialog.getByRole('heading', { name: 'Finish your draft', exact: true }));
    await eventually(() => titleField(dialog).inputValue(), title);
    // One photo, shown by its number (the list's last tile adds another).
    expect(await dialog.getByRole('img', { name: /^Photo \d+$/ }).count()).toBe(1);

    await dialog
      .getByLabel('Description', { exact: true })
      .fill('Brown corduroy, warm lining, worn one winter.');
    await choose(page, dialog.getByRole('combobox', { name: 'For', exact: true }), 'Women');
    await choose(page, dialog.getByRole('combobox', { name: 'Condition', exact: true }), 'Good');
    await dialog.getByLabel(/^Estimated value/).fill('38');
    await expectToastFrom(
      page,
      () => dialog.getByRole('button', { name: 'List Item', exact: true }).click(),
      'Item listed!',
      `"${title}" is now live in the marketplace`,
    );
    await gone(dialog);

    // The drafts section empties and the new listing appears in My Items, without a reload.
    await gone(draftsSection(page));
    expect(await getJson<Draft[]>(page, '/api/drafts')).toEqual([]);
    const [listed] = await getJson<ApiItem[]>(page, `/api/items?search=${word}`);
    expect(listed).toMatchObject({ title, estimatedValue: 3800, category: 'clothing' });
    expect(listed?.images).toHaveLength(1);
    await eventually(async () => (await cardIds(myItems(page))).includes(listed?.id ?? ''), true);

    await page.goto(`/browse?search=${word}`);
    await eventually(() => cardIds(page.getByTestId('grid-browse')), [listed?.id ?? '']);
  });

  it('offers to save unsaved input as a draft when the dialog is closed', async () => {
    await page.goto('/profile?tab=items');
    const dialog = listDialog(page);
    // Closing with unsaved input asks, in the dialog, whether to keep it as a draft.
    const offer = dialog.getByRole('alertdialog', { name: 'Save what you have filled in as a draft?' });
    const open = async (text: string) => {
      await myItems(page).getByRole('button', { name: 'List Item', exact: true }).click();
      await shown(dialog);
      await titleField(dialog).fill(text);
      await page.keyboard.press('Escape');
      await shown(offer);
    };
    await open(`${word} discarded scarf`);
    await picture(page, `offer-draft-${label}`);
    await offer.getByRole('button', { name: 'Discard', exact: true }).click();
    await gone(dialog);
    expect(await getJson<Draft[]>(page, '/api/drafts')).toEqual([]);

    await open(`${word} kept scarf`);
    await expectToastFrom(
      page,
      () => offer.getByRole('button', { name: 'Save draft', exact: true }).click(),
      'Draft saved',
      'Find it under My Items to finish it later.',
    );
    await gone(dialog);
    const [kept] = await getJson<Draft[]>(page, '/api/drafts');
    expect(kept?.fields).toEqual({ title: `${word} kept scarf` });
    expect(kept).toBeDefined();
    await shown(draftRow(page, `${word} kept scarf`).getByText(`${word} kept scarf`, { exact: true }));
  });
});

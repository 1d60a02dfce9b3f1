import type { Page } from 'playwright-core';
import { expect, describe, it } from 'vitest';
import { openBrowser } from './support/browser';
import {
  type ApiItem,
  eventually,
  gone,
  getJson,
  listItemViaApi,
  type Member,
  registerMember,
  shown,
  textOf,
  toastLog,
  uniqueWord,
  watchToasts,
  WAIT_MS,
} from './support/journeys';

/**
 * A member who switches to French reads everything the server sent them in French: a notification
 * stored while they read English, their ring's explanation (codes worded by the client), and the
 * server's refusals (error codes) in three places: a saved search made twice, a wrong current
 * password and a report made twice.
 */

const DESKTOP = { width: 1280, height: 900 };

interface Swapper {
  page: Page;
  member: Member;
  item: ApiItem;
}

async function swapper(firstName: string, word: string): Promise<Swapper> {
  const { context, page } = await openBrowser(DESKTOP);
  await watchToasts(context);
  const member = await registerMember(page, firstName, 'Lefebvre');
  const item = await listItemViaApi(page, {
    title: `${firstName} ${word} jacket`,
    category: 'clothing',
    brand: word,
    estimatedValue: 5000,
  });
  return { page, member, item };
}

/** The bell's popover text, once it lists the ring's notification. */
async function bellText(page: Page, expected: string): Promise<void> {
  // The bell's name carries the unread count ('Notifications, 1 non lue'); its popover is named 'Notifications'.
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const popover = page.getByRole('dialog', { name: 'Notifications', exact: true });
  await shown(popover);
  await eventually(async () => (await textOf(popover)).includes(expected), true);
  await page.keyboard.press('Escape');
}

/** Every toast description raised on `page` since `before`. */
async function toastsSince(page: Page, before: number): Promise<string[]> {
  return (await toastLog(page)).slice(before).map((toast) => toast.join(' '));
}

describe('a French member', () => {
  it(
    'reads an older notification, a ring explanation and three refusals in French',
    { timeout: 240_000 },
    async () => {
      const word = uniqueWord('Fr');
      const ana = await swapper('Anais', word);
      const ben = await swapper('Bastien', `${word}b`);

      // Each favourites the other's jacket: a two-member ring is proposed, and Anais is told, in English.
      for (const [from, to] of [
        [ana, ben],
        [ben, ana],
      ] as const) {
        const response = await from.page.request.post('/api/favorites', { data: { itemId: to.item.id } });
        expect(response.status(), await response.text()).toBe(201);
      }
      await eventually(async () => (await getJson<unknown[]>(ana.page, '/api/rings')).length, 1);
      await ana.page.goto('/');
      await bellText(ana.page, 'A 2-member swap ring for you');

      // She switches to French in the footer.
      const picker = ana.page
        .getByRole('contentinfo')
        .getByRole('combobox', { name: 'Language', exact: true });
      await picker.scrollIntoViewIfNeeded();
      await picker.selectOption('fr');
      await eventually(() => ana.page.evaluate(() => document.documentElement.lang), 'fr');

      // The notification stored while she read English now reads in French.
      await ana.page.goto('/');
      await bellText(ana.page, 'Un cercle d’échange à 2 membres pour vous');

      // The ring's explanation is worded in French.
      await ana.page.goto('/rings');
      await ana.page.getByText('Pourquoi ce cercle ?').first().click();
      const why = ana.page.locator('details').filter({ hasText: 'Pourquoi ce cercle ?' }).first();
      await eventually(async () => {
        const text = await textOf(why);
        return (
          text.includes(`Bastien donne « ${ben.item.title} »`) &&
          text.includes('à Anais : cet article fait partie de ses favoris.')
        );
      }, true);
      expect(await textOf(why)).not.toContain('favourited');

      // Refusal 1: saving the same search twice.
      await ana.page.goto(`/browse?search=${word}&category=clothing`);
      for (let attempt = 0; attempt < 2; attempt += 1) {
        await ana.page.getByRole('button', { name: 'Enregistrer cette recherche', exact: true }).click();
        const dialog = ana.page.getByRole('dialog', { name: 'Enregistrer cette recherche', exact: true });
        await shown(dialog);
        await dialog.getByRole('button', { name: 'Enregistrer', exact: true }).click();
        if (attempt === 0) {
          await shown(ana.page.getByText('Recherche enregistrée').first());
        } else {
          await eventually(
            async () =>
              (await textOf(dialog.getByRole('alert'))).startsWith(
                'Vous avez déjà enregistré cette recherche',
              ),
            true,
          );
          // Cancel, not Escape: a notification toast arriving meanwhile would take the Escape key
          // (it is the newest dismissable layer), and the dialog would stay open.
          await dialog.getByRole('button', { name: 'Annuler' }).click();
        }
        await gone(dialog);
      }

      // Refusal 2: a wrong current password, under its field.
      await ana.page.goto('/profile?tab=preferences');
      const card = ana.page.getByRole('region', { name: 'Compte', exact: true });
      await shown(card);
      const form = card.getByRole('form', { name: 'Changer de mot de passe', exact: true });
      await form.getByLabel('Mot de passe actuel', { exact: true }).fill('not-my-password');
      await form.getByLabel('Nouveau mot de passe', { exact: true }).fill('swap-secret-2-new');
      await form.getByLabel('Confirmez le nouveau mot de passe', { exact: true }).fill('swap-secret-2-new');
      await form.getByRole('button', { name: 'Changer le mot de passe', exact: true }).click();
      await shown(form.getByText('Votre mot de passe actuel est incorrect'));

      // Refusal 3: reporting the same listing twice.
      await ana.page.goto(`/browse?highlight=${ben.item.id}`);
      const detail = ana.page.getByRole('dialog', { name: ben.item.title, exact: true });
      await shown(detail);
      for (const reason of ['Contrefaçon', 'Spam']) {
        const before = (await toastLog(ana.page)).length;
        await detail.getByRole('button', { name: 'Signaler cet article', exact: true }).click();
        const dialog = ana.page.getByRole('dialog', { name: `Signaler « ${ben.item.title} »`, exact: true });
        await shown(dialog);
        await dialog.getByRole('combobox', { name: 'Motif', exact: true }).click();
        await ana.page.getByRole('option', { name: reason, exact: true }).click();
        await dialog.getByRole('button', { name: 'Envoyer le signalement', exact: true }).click();
        const expected =
          reason === 'Spam'
            ? 'Vous avez déjà fait ce signalement ; nos modérateurs s’en occupent'
            : 'Signalement envoyé';
        await expect
          .poll(async () => (await toastsSince(ana.page, before)).some((toast) => toast.includes(expected)), {
            timeout: WAIT_MS,
          })
          .toBe(true);
        if (reason === 'Spam') await dialog.getByRole('button', { name: 'Annuler' }).click();
        await gone(dialog);
      }
      // Nothing on the page fell back to English for what the server refused.
      expect((await toastLog(ana.page)).flat().join(' ')).not.toMatch(/already reported|Report not sent/);
    },
  );
});

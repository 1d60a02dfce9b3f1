import { and, eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { communitySettings, notifications, users } from '../../db/schema';
import { requestTrade } from '../../test-support/fixtures';
import { startSmtpServer } from '../../test-support/smtp';
import { type TestClient, testConfig, useTestApp } from '../../test-support/test-app';

const smtp = await startSmtpServer();
const t = useTestApp({ config: { mail: { ...testConfig.mail, smtpUrl: smtp.url } } });
afterAll(() => smtp.close());
beforeEach(() => {
  smtp.clear();
});

const emailOf = (member: TestClient) => member.user?.email ?? '';
async function inbox(member: TestClient) {
  await t.app.services.mailer.idle();
  return smtp.to(emailOf(member));
}
const chooseLanguage = (member: TestClient, locale: string | null) =>
  t.db
    .update(users)
    .set({ locale })
    .where(eq(users.id, member.user?.id ?? ''));
const storedNotes = (member: TestClient) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, member.user?.id ?? ''), eq(notifications.type, 'trade_request')));

describe('emails and notifications in the member’s language', () => {
  it('a member who chose French gets the barter request’s notification and email in French', async () => {
    const owner = await t.member({ firstName: 'Olga' });
    const requester = await t.member({ firstName: 'Remy' });
    await chooseLanguage(owner, 'fr');
    await requestTrade(owner, requester);
    const [note] = await storedNotes(owner);
    expect(note?.title).toBe('Nouvelle demande de troc');
    expect(note?.message).toMatch(/^Remy propose .* contre votre /);
    const [mail] = await inbox(owner);
    expect(mail?.subject).toBe('Nouvelle demande de troc');
    expect(mail?.text).toContain('Bonjour Olga,');
    expect(mail?.text).toContain('Remy propose');
    expect(mail?.text).toContain('Se désabonner de ces e-mails');
    expect(mail?.html).toContain('<html lang="fr">');
    expect(mail?.html).toContain('Ouvrir Threadswap');
  });

  it('a member without a stored choice gets them in the community’s default language', async () => {
    const owner = await t.member({ firstName: 'Olga' });
    const requester = await t.member({ firstName: 'Remy' });
    await chooseLanguage(owner, null);
    await t.visitor().get('/api/community'); // the settings row, as the first start seeds it
    await t.db.update(communitySettings).set({ language: 'fr' });
    try {
      await requestTrade(owner, requester);
      const [note] = await storedNotes(owner);
      expect(note?.title).toBe('Nouvelle demande de troc');
      const [mail] = await inbox(owner);
      expect(mail?.subject).toBe('Nouvelle demande de troc');
      expect(mail?.text).toContain('Bonjour Olga,');
    } finally {
      await t.db.update(communitySettings).set({ language: 'en' });
    }
  });

  it('a member without a stored choice gets them in English', async () => {
    const owner = await t.member({ firstName: 'Olga' });
    const requester = await t.member({ firstName: 'Remy' });
    await chooseLanguage(owner, null);
    await requestTrade(owner, requester);
    const [note] = await storedNotes(owner);
    expect(note?.title).toBe('New barter request');
    expect(note?.message).toMatch(/^Remy offers /);
    const [mail] = await inbox(owner);
    expect(mail?.subject).toBe('New barter request');
    expect(mail?.text).toContain('Hi Olga,');
    expect(mail?.text).toContain('Unsubscribe from these emails');
  });

  it('each party of one trade reads its notification in their own language', async () => {
    const owner = await t.member({ firstName: 'Olga' });
    const requester = await t.member({ firstName: 'Remy' });
    await chooseLanguage(requester, 'fr');
    const { id } = await requestTrade(owner, requester);
    expect((await owner.patch(`/api/trade-requests/${id}`, { status: 'accepted' })).statusCode).toBe(200);
    const [accepted] = await storedNotes(requester);
    expect(accepted?.title).toBe('Demande de troc acceptée !');
    const [mail] = await inbox(requester);
    expect(mail?.subject).toBe('Demande de troc acceptée !');
    expect(mail?.text).toContain('Organisez l’envoi');
    const [request] = await storedNotes(owner);
    expect(request?.title).toBe('New barter request');
  });
});

describe('notifications read in the reader’s language now', () => {
  it('a member who switches to French reads the notifications stored in English in French', async () => {
    const owner = await t.member({ firstName: 'Olga' });
    const requester = await t.member({ firstName: 'Remy' });
    await requestTrade(owner, requester);
    const before = (await owner.get('/api/notifications')).json();
    expect(before[0]).toMatchObject({ title: 'New barter request' });
    expect(before[0].message).toMatch(/^Remy offers /);
    expect((await owner.put('/api/users/locale', { locale: 'fr' })).statusCode).toBe(200);
    const after = (await owner.get('/api/notifications')).json();
    expect(after[0]).toMatchObject({ id: before[0].id, title: 'Nouvelle demande de troc' });
    expect(after[0].message).toMatch(/^Remy propose .* contre votre /);
    const read = await owner.patch(`/api/notifications/${before[0].id}/read`);
    expect(read.json()).toMatchObject({ title: 'Nouvelle demande de troc', isRead: true });
  });

  it('a notification stored before its texts were kept reads as stored', async () => {
    const owner = await t.member({ firstName: 'Olga' });
    const requester = await t.member({ firstName: 'Remy' });
    await requestTrade(owner, requester);
    await t.db
      .update(notifications)
      .set({ texts: null, title: 'Old title' })
      .where(eq(notifications.userId, owner.user?.id ?? ''));
    await owner.put('/api/users/locale', { locale: 'fr' });
    expect((await owner.get('/api/notifications')).json()[0]).toMatchObject({ title: 'Old title' });
  });
});

describe('account emails', () => {
  it('a password reset asked with Accept-Language: fr, for an account without a choice, is in French', async () => {
    const member = await t.member({ firstName: 'Rosa' });
    await chooseLanguage(member, null);
    const response = await t
      .visitor()
      .post('/api/auth/password-reset', { email: emailOf(member) }, { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(response.statusCode).toBe(202);
    const [mail] = await inbox(member);
    expect(mail?.subject).toBe('Réinitialisez votre mot de passe Threadswap');
    expect(mail?.text).toContain('Bonjour Rosa,');
    expect(mail?.text).toContain('Choisir un nouveau mot de passe');
    expect(mail?.html).toContain('Ou ouvrez ce lien');
  });

  it('the stored choice wins over the request’s language; without either, English', async () => {
    const french = await t.member({ firstName: 'Rosa' });
    await chooseLanguage(french, 'fr');
    await t
      .visitor()
      .post('/api/auth/password-reset', { email: emailOf(french) }, { 'accept-language': 'en' });
    expect((await inbox(french))[0]?.subject).toBe('Réinitialisez votre mot de passe Threadswap');
    const english = await t.member({ firstName: 'Ed' });
    await chooseLanguage(english, null);
    await t.visitor().post('/api/auth/password-reset', { email: emailOf(english) });
    const [mail] = await inbox(english);
    expect(mail?.subject).toBe('Reset your Threadswap password');
    expect(mail?.text).toContain('Hi Ed,');
  });
});

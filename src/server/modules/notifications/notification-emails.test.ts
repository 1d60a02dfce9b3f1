import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, notifications, users } from '../../db/schema';
import { SESSION_COOKIE } from '../../lib/session';
import { listItem, requestTrade } from '../../test-support/fixtures';
import { answerRing, threeMemberRing } from '../../test-support/rings';
import { startSmtpServer } from '../../test-support/smtp';
import { type TestClient, testConfig, useTestApp } from '../../test-support/test-app';
import { unsubscribeToken } from './unsubscribe-links';

const smtp = await startSmtpServer();
const t = useTestApp({ config: { mail: { ...testConfig.mail, smtpUrl: smtp.url } } });
afterAll(() => smtp.close());
beforeEach(() => {
  smtp.clear();
});

const HOUR = 3_600_000;
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR);
const emailOf = (member: TestClient) => member.user?.email ?? '';

/** What arrived for this member once the mail in flight is delivered. */
async function inbox(member: TestClient) {
  await t.app.services.mailer.idle();
  return smtp.to(emailOf(member));
}

const unsubscribeUrlIn = (mail: { headers: Map<string, string> } | undefined) =>
  /^<(.+)>$/.exec(mail?.headers.get('list-unsubscribe') ?? '')?.[1] ?? '';

/** The path and query of an absolute URL, for the test client. */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

describe('immediate notification emails', () => {
  it('a barter request and its acceptance each arrive, with text and HTML parts and one-click unsubscribe', async () => {
    const owner = await t.member({ firstName: 'Olga' });
    const requester = await t.member({ firstName: 'Remy' });
    const { id } = await requestTrade(owner, requester);
    const [request] = await inbox(owner);
    expect(request?.subject).toBe('New barter request');
    expect(request?.text).toContain('Hi Olga,');
    expect(request?.text).toContain('Remy offers');
    expect(request?.html).toContain('Remy offers');
    expect(request?.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = unsubscribeUrlIn(request);
    expect(unsubscribe).toMatch(/^http:\/\/localhost:5000\/api\/notifications\/unsubscribe\?token=/);
    expect(request?.text).toContain(unsubscribe);
    expect(request?.html).toContain(`href="${unsubscribe}"`);
    expect(await inbox(requester)).toEqual([]);

    expect((await owner.patch(`/api/trade-requests/${id}`, { status: 'accepted' })).statusCode).toBe(200);
    const [accepted] = await inbox(requester);
    expect(accepted?.subject).toBe('Barter request accepted!');
    expect(unsubscribeUrlIn(accepted)).not.toBe(unsubscribe);
  });

  it('a counter-offer reaches the member who must answer it, under the barter-request setting', async () => {
    const owner = await t.member({ firstName: 'Olga' });
    const requester = await t.member({ firstName: 'Remy' });
    const { wanted, offered, id } = await requestTrade(owner, requester);
    const more = await listItem(requester, { title: 'Second Scarf' });
    await inbox(owner);
    smtp.clear();
    const counter = await owner.post(`/api/trade-requests/${id}/counter`, {
      requestedItemIds: [wanted.id],
      offeredItemIds: [offered.id, more.id],
    });
    expect(counter.statusCode).toBe(200);
    const [mail] = await inbox(requester);
    expect(mail?.subject).toBe('Counter-offer');
    expect(mail?.text).toContain('Olga proposes');
    expect(await inbox(owner)).toEqual([]);
  });

  it('a dispute reaches the member it is against, not the one who opened it', async () => {
    const owner = await t.member();
    const requester = await t.member({ firstName: 'Remy' });
    const { id } = await requestTrade(owner, requester, { accept: true });
    await inbox(owner);
    smtp.clear();
    const opened = await owner.post(`/api/trade-requests/${id}/dispute`, {
      reason: 'damaged',
      text: 'The boots arrived with a torn sole.',
    });
    expect(opened.statusCode).toBe(201);
    expect((await inbox(requester)).map((mail) => mail.subject)).toEqual(['Trade disputed']);
    expect(await inbox(owner)).toEqual([]);
  });

  it('a swap ring proposal reaches every member of the ring', async () => {
    const { ana, ben, cleo, ring } = await threeMemberRing(t);
    for (const member of [ana, ben, cleo])
      expect((await inbox(member)).map((mail) => mail.subject)).toEqual(['A 3-member swap ring for you']);
    expect(ring.id).toBeTruthy();
    expect((await answerRing(ana, ring, 'declined')).statusCode).toBe(200);
    // A declined ring is news for the digest, not for an email at once.
    expect(await inbox(ben)).toHaveLength(1);
  });

  it('sends nothing for a kind the member turned off, nor to an unconfirmed address', async () => {
    const owner = await t.member();
    expect((await owner.put('/api/notifications/preferences', { tradeRequest: false })).statusCode).toBe(200);
    await requestTrade(owner, await t.member());
    expect(await inbox(owner)).toEqual([]);
    const unverified = await t.member({ verified: false });
    await requestTrade(unverified, await t.member());
    expect(await inbox(unverified)).toEqual([]);
    // Neither is kept for a digest later.
    await t.app.sweep.run(hoursFromNow(25));
    expect(await inbox(owner)).toEqual([]);
  });

  it('a failing mail server never fails the request', async () => {
    const rejecting = await startSmtpServer({ reject: true });
    const { buildApp } = await import('../../app');
    const app = await buildApp({
      config: { ...testConfig, mail: { ...testConfig.mail, smtpUrl: rejecting.url } },
      database: t.database,
      logger: false,
      clientDir: null,
    });
    try {
      const owner = await t.member();
      const requester = await t.member();
      const wanted = await listItem(owner);
      const offered = await listItem(requester);
      const cookie = `${SESSION_COOKIE}=${requester.cookie}`;
      const response = await app.inject({
        method: 'POST',
        url: '/api/trade-requests',
        headers: { cookie },
        payload: { requestedItemId: wanted.id, offeredItemId: offered.id },
      });
      expect(response.statusCode).toBe(201);
      await app.services.mailer.idle();
    } finally {
      await app.close();
      await rejecting.close();
    }
  });
});

describe('the unread-message email', () => {
  async function conversationWithMessage() {
    const sender = await t.member({ firstName: 'Sam' });
    const reader = await t.member({ firstName: 'Rae' });
    const conversation = (
      await sender.post('/api/conversations/find-or-create', { otherUserId: reader.user?.id })
    ).json();
    const send = async (content: string) =>
      expect(
        (await sender.post('/api/messages', { conversationId: conversation.id, content })).statusCode,
      ).toBe(201);
    await send('Is the coat still available?');
    return { sender, reader, conversation, send };
  }

  it('goes once per unread spell, an hour after the first unread message, without its content', async () => {
    const { reader, conversation, send } = await conversationWithMessage();
    await t.app.sweep.run(hoursFromNow(0.5));
    expect(await inbox(reader)).toEqual([]);
    await t.app.sweep.run(hoursFromNow(1.1));
    const [mail] = await inbox(reader);
    expect(mail?.subject).toBe('Unread messages from Sam');
    expect(mail?.text).toContain('sent you a message');
    expect(mail?.text).not.toContain('coat');
    expect(unsubscribeUrlIn(mail)).toContain('/api/notifications/unsubscribe?token=');
    // Still unread, and more messages come: the same spell, no second email.
    await send('Hello?');
    await t.app.sweep.run(hoursFromNow(3));
    expect(await inbox(reader)).toHaveLength(1);
    // Read, then a new message: a new spell.
    expect((await reader.patch(`/api/conversations/${conversation.id}/read`)).statusCode).toBe(200);
    await send('Still keen?');
    await t.app.sweep.run(hoursFromNow(0.5));
    expect(await inbox(reader)).toHaveLength(1);
    await t.app.sweep.run(hoursFromNow(1.1));
    expect(await inbox(reader)).toHaveLength(2);
  });

  it('leaves out barter request cards, which the trade emails of itself', async () => {
    const owner = await t.member({ firstName: 'Olga' });
    const requester = await t.member({ firstName: 'Remy' });
    await requestTrade(owner, requester);
    expect((await owner.get('/api/conversations/unread-count')).json().count).toBe(1);
    await t.app.sweep.run(hoursFromNow(1.1));
    const subjects = (await inbox(owner)).map((mail) => mail.subject);
    expect(subjects).toEqual(['New barter request']);
  });

  it('is not sent when the member read in time, or turned it off', async () => {
    const first = await conversationWithMessage();
    expect((await first.reader.patch(`/api/conversations/${first.conversation.id}/read`)).statusCode).toBe(
      200,
    );
    const second = await conversationWithMessage();
    expect(
      (await second.reader.put('/api/notifications/preferences', { unreadMessage: false })).statusCode,
    ).toBe(200);
    await t.app.sweep.run(hoursFromNow(2));
    expect(await inbox(first.reader)).toEqual([]);
    expect(await inbox(second.reader)).toEqual([]);
    const unread = await t.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, second.conversation.id));
    expect(unread[0]?.readAt).toBeNull();
  });
});

describe('the daily digest', () => {
  /** A member with two notifications the digest gathers (declined barter requests) and one it does not. */
  async function memberWithNews() {
    const member = await t.member({ firstName: 'Dana' });
    for (let i = 0; i < 2; i++) {
      const owner = await t.member({ firstName: `Owner${i}` });
      const { id } = await requestTrade(owner, member);
      expect((await owner.patch(`/api/trade-requests/${id}`, { status: 'declined' })).statusCode).toBe(200);
    }
    await inbox(member);
    smtp.clear();
    return member;
  }

  it('gathers the unread notifications no email told of, grouped by kind, once a day at most', async () => {
    const member = await memberWithNews();
    await t.app.sweep.run(hoursFromNow(0.5));
    expect(await inbox(member)).toEqual([]);
    await t.app.sweep.run(hoursFromNow(2));
    const [digest] = await inbox(member);
    expect(digest?.subject).toBe('Your Threadswap digest: 2 updates');
    expect(digest?.text).toContain('Your barters');
    expect(digest?.text.match(/Barter request declined/g)).toHaveLength(2);
    expect(digest?.html).toContain('<li');
    expect(unsubscribeUrlIn(digest)).toContain('/api/notifications/unsubscribe?token=');
    // Nothing new: no second digest; something new within the day waits for the next day.
    await t.app.sweep.run(hoursFromNow(3));
    const owner = await t.member();
    const { id } = await requestTrade(owner, member);
    await owner.patch(`/api/trade-requests/${id}`, { status: 'declined' });
    await t.app.sweep.run(hoursFromNow(10));
    expect(await inbox(member)).toHaveLength(1);
    await t.app.sweep.run(hoursFromNow(26.5));
    const all = await inbox(member);
    expect(all).toHaveLength(2);
    expect(all[1]?.subject).toBe('Your Threadswap digest: 1 update');
  });

  it('leaves out what the member read in the app, and is not sent when turned off', async () => {
    const reader = await memberWithNews();
    expect((await reader.patch('/api/notifications/read-all')).statusCode).toBe(200);
    const off = await memberWithNews();
    expect((await off.put('/api/notifications/preferences', { digest: false })).statusCode).toBe(200);
    await t.app.sweep.run(hoursFromNow(2));
    expect(await inbox(reader)).toEqual([]);
    expect(await inbox(off)).toEqual([]);
    const pending = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, off.user?.id ?? ''));
    expect(pending.every((note) => note.emailedAt === null)).toBe(true);
  });
});

describe('email preferences', () => {
  it('start all on, change only the kinds named, and refuse bad input with no change', async () => {
    const member = await t.member();
    const all = {
      tradeRequest: true,
      tradeAccepted: true,
      ringProposal: true,
      dispute: true,
      unreadMessage: true,
      digest: true,
    };
    expect((await member.get('/api/notifications/preferences')).json()).toEqual(all);
    const changed = await member.put('/api/notifications/preferences', { digest: false, dispute: false });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ ...all, digest: false, dispute: false });
    for (const body of [{}, { digest: 'no' }, { marketing: true }, [], null]) {
      const refused = await member.put('/api/notifications/preferences', body as object);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().message).toBeTruthy();
    }
    expect((await member.get('/api/notifications/preferences')).json()).toEqual({
      ...all,
      digest: false,
      dispute: false,
    });
    // Another member's settings are their own.
    expect((await (await t.member()).get('/api/notifications/preferences')).json()).toEqual(all);
  });
});

describe('one-click unsubscribe', () => {
  async function requestEmail() {
    const owner = await t.member();
    await requestTrade(owner, await t.member());
    const [mail] = await inbox(owner);
    return { owner, url: pathOf(unsubscribeUrlIn(mail)) };
  }

  it('a POST from the mail client turns that kind off without signing in', async () => {
    const { owner, url } = await requestEmail();
    const response = await t
      .visitor()
      .post(url, 'List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, unsubscribed: 'tradeRequest' });
    expect((await owner.get('/api/notifications/preferences')).json()).toMatchObject({
      tradeRequest: false,
      tradeAccepted: true,
      digest: true,
    });
    smtp.clear();
    await requestTrade(owner, await t.member());
    expect(await inbox(owner)).toEqual([]);
  });

  it('the link opens a page that asks first; its "all" button turns every email off', async () => {
    const { owner, url } = await requestEmail();
    const page = await t.visitor().get(url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Barter requests you receive');
    // The link is all its holder needs; the page tells them nothing about whose it is.
    expect(page.body).not.toContain(emailOf(owner));
    expect(page.body).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    // Opening the page changes nothing (link scanners open links).
    expect((await owner.get('/api/notifications/preferences')).json()).toMatchObject({ tradeRequest: true });
    const actions = [...page.body.matchAll(/action="([^"]+)"/g)].map((match) =>
      match[1]?.replace(/&amp;/g, '&'),
    );
    expect(actions).toHaveLength(2);
    const done = await t.visitor().post(actions[1] ?? '', '', {
      accept: 'text/html',
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect(Object.values((await owner.get('/api/notifications/preferences')).json())).toEqual(
      Array(6).fill(false),
    );
  });

  it('refuses a malformed token (400) and a forged or altered one (403), changing nothing', async () => {
    const { owner, url } = await requestEmail();
    const token = new URL(url, 'http://x').searchParams.get('token') ?? '';
    const [memberId, , issued = '', tag, signature] = token.split('.');
    const other = await t.member();
    const forged = [
      `${memberId}.all.${issued}.${tag}.${signature}`,
      `${other.user?.id}.tradeRequest.${issued}.${tag}.${signature}`,
      `${memberId}.tradeRequest.${Number(issued) + 86_400}.${tag}.${signature}`,
      `${memberId}.tradeRequest.${issued}.${'A'.repeat(16)}.${signature}`,
      `${memberId}.tradeRequest.${issued}.${tag}.${'A'.repeat(43)}`,
    ];
    for (const bad of forged) {
      const response = await t
        .visitor()
        .post(`/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`);
      expect(response.statusCode, bad).toBe(403);
      expect(
        (await t.visitor().get(`/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`)).statusCode,
      ).toBe(403);
    }
    for (const bad of ['', 'nonsense', `${memberId}.marketing.${signature}`, `${token}x`, 'a'.repeat(5000)]) {
      const response = await t
        .visitor()
        .post(`/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    expect((await t.visitor().post('/api/notifications/unsubscribe')).statusCode).toBe(400);
    expect(Object.values((await owner.get('/api/notifications/preferences')).json())).toEqual(
      Array(6).fill(true),
    );
    expect(Object.values((await other.get('/api/notifications/preferences')).json())).toEqual(
      Array(6).fill(true),
    );
  });

  it('refuses a link 90 days old, one from before links expired, one sent to a former address and a spent one (410)', async () => {
    const { owner, url } = await requestEmail();
    const member = { id: owner.user?.id ?? '', email: emailOf(owner) };
    const refused = async (token: string, why: RegExp) => {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t
          .visitor()
          .request({ method, url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}` });
        expect(response.statusCode, `${method} ${token}`).toBe(410);
        expect(response.json().message).toMatch(why);
        expect(response.body).not.toContain(member.email);
      }
    };
    const days = (count: number) => new Date(Date.now() - count * 86_400_000);
    await refused(await unsubscribeToken(t.db, member, 'digest', days(91)), /has expired/);
    // Still good at 89 days.
    const old = await unsubscribeToken(t.db, member, 'digest', days(89));
    expect((await t.visitor().get(`/api/notifications/unsubscribe?token=${old}`)).statusCode).toBe(200);
    // The format before links expired: member, scope and a signature, and no issue time.
    const [id, , , , signature] = old.split('.');
    await refused(`${id}.digest.${signature}`, /has expired/);
    // A new address revokes every link sent to the former one.
    const before = await unsubscribeToken(t.db, member, 'digest');
    await t.db
      .update(users)
      .set({ email: `new-${member.email}` })
      .where(eq(users.id, member.id));
    await refused(before, /email address has changed/);
    await t.db.update(users).set({ email: member.email }).where(eq(users.id, member.id));
    // Once used (its emails are off), a link is spent.
    expect((await t.visitor().post(url)).statusCode).toBe(200);
    await refused(new URL(url, 'http://x').searchParams.get('token') ?? '', /already unsubscribed/);
    expect((await owner.get('/api/notifications/preferences')).json()).toMatchObject({
      tradeRequest: false,
      digest: true,
    });
  });
});

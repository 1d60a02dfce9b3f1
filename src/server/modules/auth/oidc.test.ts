import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { EXTERNAL_SIGN_IN_ERRORS } from '../../../common/api/auth';
import { emailPreferences, outbox, userIdentities, users } from '../../db/schema';
import { SESSION_COOKIE } from '../../lib/session';
import { CookieJar, signInAtProvider, startTestOidcProvider } from '../../test-support/oidc-provider';
import { testConfig, useTestApp } from '../../test-support/test-app';
import { OIDC_TRANSACTION_COOKIE } from './oidc.client';

const APP_URL = 'http://app.test';
const provider = await startTestOidcProvider(`${APP_URL}/api/auth/oidc/callback`, {
  alice: { email: 'Alice@Example.com', email_verified: true, given_name: 'Alice', family_name: 'Liddell' },
  // Claims the address of a member who signed up with a password, without the provider verifying it.
  mallory: { email: 'taken@example.com', email_verified: false, name: 'Mallory Smith' },
  verifiedOwner: { email: 'owner@example.com', email_verified: true, name: 'Olive Owner' },
  // A stranger's own provider account claiming an address it has not verified, then its owner's.
  squatter: { email: 'claimed@example.com', email_verified: false, name: 'Sam Squatter' },
  claimedOwner: { email: 'claimed@example.com', email_verified: true, name: 'Clara Owner' },
  noEmail: { name: 'Nobody' },
});
afterAll(() => provider.close());

const t = useTestApp({
  config: {
    mail: { ...testConfig.mail, appUrl: APP_URL },
    oidc: { ...provider, providerName: 'Test ID' },
  },
});

/** Starts at `entry`, signs in at the provider as `login`, and brings the browser back to the app. */
async function externalSignIn(
  login: string,
  {
    entry = '/api/auth/external',
    transaction,
  }: { entry?: string; transaction?: (sealed: string) => string } = {},
) {
  const start = await t.app.inject({ method: 'GET', url: entry });
  expect(start.statusCode).toBe(302);
  const location = String(start.headers.location);
  expect(location.startsWith(provider.issuer)).toBe(true);
  const authorization = new URL(location);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorization.searchParams.get('state')).toBeTruthy();
  expect(authorization.searchParams.get('nonce')).toBeTruthy();
  const sealed = start.cookies.find((cookie) => cookie.name === OIDC_TRANSACTION_COOKIE);
  expect(sealed).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/oidc/callback' });
  const back = new URL(await signInAtProvider(location, login, new CookieJar()));
  expect(back.origin).toBe(APP_URL);
  const value = transaction ? transaction(sealed?.value ?? '') : (sealed?.value ?? '');
  return t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    cookies: value ? { [OIDC_TRANSACTION_COOKIE]: value } : {},
  });
}

async function signedInMember(response: Awaited<ReturnType<typeof externalSignIn>>) {
  const session = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
  expect(session?.value).toBeTruthy();
  const me = await t.app.inject({
    method: 'GET',
    url: '/api/auth/user',
    cookies: { [SESSION_COOKIE]: session?.value ?? '' },
  });
  expect(me.statusCode).toBe(200);
  return me.json<{
    id: string;
    email: string;
    firstName: string;
    lastName: string | null;
    emailVerified: boolean;
  }>();
}

const errorOf = (response: { headers: Record<string, unknown> }) =>
  new URL(String(response.headers.location), APP_URL).searchParams.get('error');

describe('sign-in with an external OpenID Connect provider', () => {
  it('tells the client which provider to offer', async () => {
    const status = await t.visitor().get('/api/auth/status');
    expect(status.json()).toMatchObject({
      authenticated: false,
      externalSignIn: { providerName: 'Test ID' },
    });
  });

  it('creates the member on the first sign-in and signs the same member in on the second', async () => {
    const first = await externalSignIn('alice');
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/');
    const created = await signedInMember(first);
    expect(created).toMatchObject({
      email: 'alice@example.com',
      firstName: 'Alice',
      lastName: 'Liddell',
      emailVerified: true,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, created.id));
    // A random password nobody knows: password sign-in fails until the member sets one.
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(
      (await t.visitor().post('/api/auth/login', { email: 'alice@example.com', password: '' })).statusCode,
    ).toBe(400);

    const second = await externalSignIn('alice', { entry: '/api/login' });
    expect(second.headers.location).toBe('/');
    expect((await signedInMember(second)).id).toBe(created.id);
    expect(await t.db.select().from(users)).toHaveLength(1);
    expect(await t.db.select().from(userIdentities)).toHaveLength(1);
  });

  it('links a member whose email this app verified, and keeps their password and sessions', async () => {
    const owner = await t.member({ email: 'owner@example.com', password: 'owners-own-passphrase' });
    const response = await externalSignIn('verifiedOwner');
    const member = await signedInMember(response);
    expect(member.id).toBe(owner.user?.id);
    expect(member.emailVerified).toBe(true);
    expect(member.firstName).toBe('Test');
    expect((await owner.get('/api/auth/user')).statusCode).toBe(200);
    const login = await t
      .visitor()
      .post('/api/auth/login', { email: 'owner@example.com', password: 'owners-own-passphrase' });
    expect(login.statusCode).toBe(200);
    expect(await t.db.select().from(userIdentities)).toHaveLength(1);
  });

  it("hands an account whose email nobody verified to the address's verified owner, shutting the registrant out", async () => {
    // A stranger signs up with the owner's address and a password of their own, and stays signed in twice.
    const stranger = t.visitor();
    const password = 'strangers-own-passphrase';
    const registered = await stranger.post('/api/auth/register', {
      firstName: 'Stranger',
      email: 'owner@example.com',
      password,
    });
    expect(registered.statusCode).toBe(201);
    const elsewhere = t.visitor();
    expect(
      (await elsewhere.post('/api/auth/login', { email: 'owner@example.com', password })).statusCode,
    ).toBe(200);
    // What would let them back in later: a pending move of the account to their own address;
    // what would keep the owner from hearing of it: every email switched off.
    const move = await stranger.post('/api/auth/email-change', {
      newEmail: 'stranger@example.net',
      password,
    });
    expect(move.statusCode).toBe(202);
    await t.app.services.mailer.idle();
    const [moveMail] = await t.db.select().from(outbox).where(eq(outbox.to, 'stranger@example.net'));
    const moveToken = /\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(moveMail?.text ?? '')?.[1] ?? '';
    expect(moveToken).toBeTruthy();
    expect(
      (await stranger.put('/api/notifications/preferences', { tradeRequest: false, dispute: false }))
        .statusCode,
    ).toBe(200);

    const response = await externalSignIn('verifiedOwner');
    expect(response.headers.location).toBe('/');
    const member = await signedInMember(response);
    expect(member.id).toBe(registered.json().id);
    expect(member.emailVerified).toBe(true);

    expect((await stranger.get('/api/auth/user')).statusCode).toBe(401);
    expect((await elsewhere.get('/api/auth/user')).statusCode).toBe(401);
    const login = await t.visitor().post('/api/auth/login', { email: 'owner@example.com', password });
    expect(login.statusCode).toBe(401);
    const confirm = await t.visitor().post('/api/auth/email-change/confirm', { token: moveToken });
    expect(confirm.statusCode).toBe(400);
    expect(await t.db.select().from(emailPreferences)).toHaveLength(0);
    const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(row?.email).toBe('owner@example.com');
    // The password is random, not removed: the owner can still choose one with a reset link.
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const [identity] = await t.db.select().from(userIdentities);
    expect(identity?.userId).toBe(member.id);
  });

  it('unlinks the external account of a stranger who claimed the address without verifying it', async () => {
    const first = await externalSignIn('squatter');
    const squatter = await signedInMember(first);
    expect(squatter.emailVerified).toBe(false);
    const squatterSession = first.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value ?? '';

    const owner = await signedInMember(await externalSignIn('claimedOwner'));
    expect(owner.id).toBe(squatter.id);
    expect(owner.emailVerified).toBe(true);

    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      cookies: { [SESSION_COOKIE]: squatterSession },
    });
    expect(stale.statusCode).toBe(401);
    const again = await externalSignIn('squatter');
    expect(errorOf(again)).toBe('external-email-taken');
    const identities = await t.db.select().from(userIdentities);
    expect(identities.map((identity) => identity.subject)).toEqual(['claimedOwner']);
  });

  it('never links by an email the provider has not verified', async () => {
    const owner = await t.member({ email: 'taken@example.com' });
    const response = await externalSignIn('mallory');
    expect(response.statusCode).toBe(302);
    expect(errorOf(response)).toBe('external-email-taken');
    expect(response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
    const identities = await t.db.select().from(userIdentities);
    expect(identities).toHaveLength(0);
    expect(owner.user?.email).toBe('taken@example.com');
  });

  it('obeys the community’s rule of who may join for new accounts, not for existing ones', async () => {
    const admin = await t.member({ role: 'admin' });
    const invite = await admin.patch('/api/admin/community', { registration: 'invite' });
    expect(invite.statusCode, invite.body).toBe(200);
    expect(errorOf(await externalSignIn('alice'))).toBe('external-invitation-required');
    expect(await t.db.select().from(users).where(eq(users.email, 'alice@example.com'))).toHaveLength(0);
    const domains = await admin.patch('/api/admin/community', {
      registration: 'domains',
      allowedDomains: ['school.example'],
    });
    expect(domains.statusCode, domains.body).toBe(200);
    expect(errorOf(await externalSignIn('alice'))).toBe('external-domain-not-allowed');
    await admin.patch('/api/admin/community', { allowedDomains: ['example.com'] });
    const admitted = await externalSignIn('alice');
    expect((await signedInMember(admitted)).email).toBe('alice@example.com');
    // Invite-only later: the member they are still signs in.
    await admin.patch('/api/admin/community', { registration: 'invite' });
    expect((await signedInMember(await externalSignIn('alice'))).email).toBe('alice@example.com');
  });

  it('refuses a profile without an email, clearly', async () => {
    const response = await externalSignIn('noEmail');
    expect(errorOf(response)).toBe('external-no-email');
    expect(EXTERNAL_SIGN_IN_ERRORS['external-no-email']).toMatch(/email/);
  });

  it.each([
    ['a changed transaction', (sealed: string) => sealed.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))],
    ['a transaction from no start', () => ''],
    ['a forged transaction', () => 'eyJzdGF0ZSI6IngifQ.c2lnbmF0dXJl'],
  ])('fails cleanly with %s', async (_label, tamper) => {
    const response = await externalSignIn('alice', { transaction: tamper });
    expect(response.statusCode).toBe(302);
    expect(errorOf(response)).toBe('external-failed');
    expect(response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
    expect(await t.db.select().from(users)).toHaveLength(0);
  });

  it('fails cleanly when the state the provider returns is not the one sent', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/external' });
    const sealed = start.cookies.find((cookie) => cookie.name === OIDC_TRANSACTION_COOKIE)?.value ?? '';
    const location = new URL(String(start.headers.location));
    location.searchParams.set('state', 'someone-elses-state');
    const back = new URL(await signInAtProvider(location.href, 'alice', new CookieJar()));
    const response = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      cookies: { [OIDC_TRANSACTION_COOKIE]: sealed },
    });
    expect(errorOf(response)).toBe('external-failed');
    expect(await t.db.select().from(users)).toHaveLength(0);
  });

  it('says the sign-in was cancelled when the member denies it at the provider', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/external' });
    const sealed = start.cookies.find((cookie) => cookie.name === OIDC_TRANSACTION_COOKIE)?.value ?? '';
    const back = new URL(
      await signInAtProvider(String(start.headers.location), 'alice', new CookieJar(), { abort: true }),
    );
    const response = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      cookies: { [OIDC_TRANSACTION_COOKIE]: sealed },
    });
    expect(errorOf(response)).toBe('external-denied');
  });

  it('answers a provider error or a bare callback with a redirect, never a 500', async () => {
    for (const query of ['?error=server_error', '?code=made-up&state=x', '']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/auth/oidc/callback${query}` });
      expect(response.statusCode).toBe(302);
      expect(errorOf(response)).toBe('external-failed');
    }
  });

  it('keeps /api/auth/email on the sign-up form', async () => {
    const response = await t.visitor().get('/api/auth/email');
    expect(response.headers.location).toBe('/?auth=register');
  });
});

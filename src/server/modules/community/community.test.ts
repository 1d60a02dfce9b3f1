import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { communitySettings, invitations, moderationActions, users } from '../../db/schema';
import { type TestClient, useTestApp } from '../../test-support/test-app';

const t = useTestApp();

const signUp = (email: string, invitation?: string | null) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email,
  password: 'analytical-engine-1843',
  ...(invitation !== undefined ? { invitation } : {}),
});

async function setCommunity(admin: TestClient, patch: Record<string, unknown>) {
  const response = await admin.patch('/api/admin/community', patch);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function invite(member: TestClient): Promise<string> {
  const response = await member.post('/api/invitations');
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json();
  expect(body.url).toContain(`invitation=${body.token}`);
  return body.token as string;
}

async function memberCount(email: string) {
  return (await t.db.select().from(users).where(eq(users.email, email))).length;
}

describe('GET /api/community', () => {
  it('gives anybody the settings, seeded with the defaults, cacheable', async () => {
    const response = await t.visitor().get('/api/community');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/public/);
    expect(response.json()).toMatchObject({
      name: 'Threadswap',
      currency: 'USD',
      registration: 'open',
      allowedDomains: [],
      announcement: null,
      shippingBaseMinor: 1599,
      shippingPerPoundMinor: 50,
    });
    expect((await t.db.select().from(communitySettings)).length).toBe(1);
  });
});

describe('PATCH /api/admin/community', () => {
  it('refuses visitors (401), members and moderators (403), and changes nothing', async () => {
    const member = await t.member();
    const moderator = await t.member({ role: 'moderator' });
    expect((await t.visitor().patch('/api/admin/community', { currency: 'EUR' })).statusCode).toBe(401);
    const refused = await member.patch('/api/admin/community', { currency: 'EUR' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('auth.admins_only');
    expect((await moderator.patch('/api/admin/community', { currency: 'EUR' })).statusCode).toBe(403);
    expect((await t.visitor().get('/api/community')).json().currency).toBe('USD');
  });

  it('lets an admin change settings, each change in the audit log', async () => {
    const admin = await t.member({ role: 'admin' });
    const saved = await setCommunity(admin, {
      name: 'Leeds Swaps',
      currency: 'eur',
      country: 'fr',
      unitSystem: 'metric',
      language: 'fr',
      contactEmail: 'Hello@Leeds.example',
      rules: '# Be kind\n\nNo counterfeits.',
      shippingBaseMinor: 499,
    });
    expect(saved).toMatchObject({
      name: 'Leeds Swaps',
      currency: 'EUR',
      country: 'FR',
      contactEmail: 'hello@leeds.example',
      shippingBaseMinor: 499,
    });
    expect((await t.visitor().get('/api/community')).json().currency).toBe('EUR');
    const entries = await t.db.select().from(moderationActions);
    expect(entries.map((entry) => entry.reason).sort()).toEqual(
      [
        'contactEmail',
        'country',
        'currency',
        'language',
        'name',
        'rules',
        'shippingBaseMinor',
        'unitSystem',
      ].sort(),
    );
    const currency = entries.find((entry) => entry.reason === 'currency');
    expect(currency).toMatchObject({ action: 'community.updated', targetType: 'community' });
    expect(currency?.details).toEqual({ setting: 'currency', from: 'USD', to: 'EUR' });
    expect(currency?.actorId).toBe(admin.user?.id);
    // The admins' audit log shows them; saving the same values again records nothing.
    const audit = await admin.get('/api/admin/audit?action=community.updated');
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().entries).toHaveLength(8);
    await setCommunity(admin, { currency: 'EUR' });
    expect(await t.db.select().from(moderationActions)).toHaveLength(8);
  });

  it('gives each new announcement a new id, and none when cleared', async () => {
    const admin = await t.member({ role: 'admin' });
    const first = (await setCommunity(admin, { announcement: 'Swap day on Saturday' })).announcement;
    expect(first).toMatchObject({ text: 'Swap day on Saturday' });
    const second = (await setCommunity(admin, { announcement: 'Swap day moved to Sunday' })).announcement;
    expect(second.id).not.toBe(first.id);
    expect((await setCommunity(admin, { announcement: '' })).announcement).toBeNull();
  });

  it('answers bad and hostile input with 400 and changes nothing', async () => {
    const admin = await t.member({ role: 'admin' });
    const bad: Array<Record<string, unknown>> = [
      {},
      { currency: 'EURO' },
      { currency: 'XYZ' },
      { country: 'XX' },
      { country: 'FRA' },
      { unitSystem: 'cubits' },
      { language: 'de' },
      { registration: 'closed' },
      { registration: 'domains' },
      { allowedDomains: ['not a domain'] },
      { name: '' },
      { name: 'Two\nlines' },
      { name: 'Nul \u0000 byte' },
      { description: 'Lone \ud800 surrogate' },
      { rules: 'x'.repeat(100_000) },
      { contactEmail: 'not-an-email' },
      { shippingBaseMinor: 15.99 },
      { shippingPerPoundMinor: -1 },
      { shippingBaseMinor: 10_000_000 },
      { somethingElse: true },
    ];
    for (const body of bad) {
      const response = await admin.patch('/api/admin/community', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const domains = await admin.patch('/api/admin/community', { registration: 'domains' });
    expect(domains.json().code).toBe('community.domains_required');
    expect((await t.visitor().get('/api/community')).json()).toMatchObject({
      currency: 'USD',
      registration: 'open',
    });
    expect(await t.db.select().from(moderationActions)).toHaveLength(0);
  });
});

describe('who may join', () => {
  it('open: anybody registers; an invitation is not needed', async () => {
    expect((await t.visitor().post('/api/auth/register', signUp('open@example.com'))).statusCode).toBe(201);
  });

  it('invite: refuses a sign-up without an invitation, accepts one with it, once', async () => {
    const admin = await t.member({ role: 'admin' });
    const member = await t.member();
    await setCommunity(admin, { registration: 'invite' });
    const without = await t.visitor().post('/api/auth/register', signUp('nobody@example.com'));
    expect(without.statusCode).toBe(403);
    expect(without.json().code).toBe('auth.invitation_required');
    expect(await memberCount('nobody@example.com')).toBe(0);

    const token = await invite(member);
    const invited = await t.visitor().post('/api/auth/register', signUp('invited@example.com', token));
    expect(invited.statusCode, invited.body).toBe(201);
    const [row] = await t.db.select().from(invitations);
    expect(row?.usedBy).toBe(invited.json().id);

    const reused = await t.visitor().post('/api/auth/register', signUp('again@example.com', token));
    expect(reused.statusCode).toBe(403);
    expect(reused.json().code).toBe('auth.invitation_invalid');
    expect(await memberCount('again@example.com')).toBe(0);

    const unknown = await t.visitor().post('/api/auth/register', signUp('x@example.com', 'a'.repeat(32)));
    expect(unknown.json().code).toBe('auth.invitation_invalid');
    expect(
      (await t.visitor().post('/api/auth/register', signUp('y@example.com', 'bad token'))).statusCode,
    ).toBe(400);
  });

  it('invite: an expired invitation is refused', async () => {
    const admin = await t.member({ role: 'admin' });
    await setCommunity(admin, { registration: 'invite' });
    const token = await invite(await t.member());
    await t.db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) });
    const response = await t.visitor().post('/api/auth/register', signUp('late@example.com', token));
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('auth.invitation_invalid');
    expect(await memberCount('late@example.com')).toBe(0);
  });

  it('invite: two sign-ups at once with one invitation, only one succeeds', async () => {
    const admin = await t.member({ role: 'admin' });
    await setCommunity(admin, { registration: 'invite' });
    const token = await invite(await t.member());
    const answers = await Promise.all(
      ['race-1@example.com', 'race-2@example.com'].map((email) =>
        t.visitor().post('/api/auth/register', signUp(email, token)),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 403]);
    expect((await memberCount('race-1@example.com')) + (await memberCount('race-2@example.com'))).toBe(1);
  });

  it('domains: only addresses at the allowed domains (and their subdomains)', async () => {
    const admin = await t.member({ role: 'admin' });
    await setCommunity(admin, {
      registration: 'domains',
      allowedDomains: ['School.example.org', '@college.example'],
    });
    expect((await t.visitor().get('/api/community')).json().allowedDomains).toEqual([
      'school.example.org',
      'college.example',
    ]);
    const outside = await t.visitor().post('/api/auth/register', signUp('ada@gmail.example'));
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ code: 'auth.domain_not_allowed' });
    expect(outside.json().message).toContain('school.example.org');
    expect(await memberCount('ada@gmail.example')).toBe(0);
    const lookalike = await t.visitor().post('/api/auth/register', signUp('ada@evilschool.example.org'));
    expect(lookalike.statusCode).toBe(403);
    expect((await t.visitor().post('/api/auth/register', signUp('ada@school.example.org'))).statusCode).toBe(
      201,
    );
    expect(
      (await t.visitor().post('/api/auth/register', signUp('bo@pupils.college.example'))).statusCode,
    ).toBe(201);
  });
});

describe('POST /api/invitations', () => {
  it('needs a session; members and admins get a link', async () => {
    expect((await t.visitor().post('/api/invitations')).statusCode).toBe(401);
    await invite(await t.member());
    await invite(await t.member({ role: 'admin' }));
    expect(await t.db.select().from(invitations)).toHaveLength(2);
  });
});

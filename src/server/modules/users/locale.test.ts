import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-support/test-app';

const t = useTestApp();

describe('PUT /api/users/locale', () => {
  it('refuses a visitor', async () => {
    expect((await t.visitor().put('/api/users/locale', { locale: 'fr' })).statusCode).toBe(401);
  });

  it("stores the language on the member's own record only", async () => {
    const member = await t.member();
    const other = await t.member();
    expect((await member.get('/api/auth/user')).json().locale).toBeNull();
    const response = await member.put('/api/users/locale', { locale: 'fr' });
    expect(response.statusCode).toBe(200);
    expect(response.json().locale).toBe('fr');
    expect((await member.get('/api/auth/status')).json().user.locale).toBe('fr');
    expect((await other.get('/api/auth/user')).json().locale).toBeNull();
    expect((await member.put('/api/users/locale', { locale: 'en' })).json().locale).toBe('en');
  });

  it.each([
    [{ locale: 'de' }],
    [{ locale: 'FR' }],
    [{ locale: 'fr\u0000' }],
    [{ locale: '\uD800' }],
    [{ locale: 'x'.repeat(100_000) }],
    [{ locale: { $ne: 'en' } }],
    [{}],
  ])('refuses %j with a clear 400 and keeps the choice', async (body) => {
    const member = await t.member();
    await member.put('/api/users/locale', { locale: 'fr' });
    const response = await member.put('/api/users/locale', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(
      /Language must be one of: en, fr|must not contain|Required|expected/i,
    );
    expect((await member.get('/api/auth/user')).json().locale).toBe('fr');
  });

  it("is not shown on another member's public profile", async () => {
    const member = await t.member();
    await member.put('/api/users/locale', { locale: 'fr' });
    const profile = await t.visitor().get(`/api/users/${member.user?.id}/profile`);
    expect(JSON.stringify(profile.json())).not.toContain('"locale"');
  });
});

import { describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/seed';
import { useTestApp } from '../../test-support/test-app';

const t = useTestApp();

describe('weak passwords', () => {
  it('are refused at registration with a clear 400', async () => {
    const response = await t
      .visitor()
      .post('/api/auth/register', { firstName: 'Ada', email: 'ada@example.com', password: 'password123' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^This password is too common or too easy to guess/);
    expect(response.json()).toMatchObject({
      code: 'auth.password_too_common',
      issues: [{ path: ['password'], code: 'auth.password_too_common' }],
    });
  });

  it('are refused as a new password with a clear 400, and the old one keeps working', async () => {
    const member = await t.member({ password: 'secret-password' });
    const response = await member.post('/api/auth/password', {
      currentPassword: 'secret-password',
      newPassword: 'iloveyou1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/too common/);
    const login = await t
      .visitor()
      .post('/api/auth/login', { email: member.user?.email, password: 'secret-password' });
    expect(login.statusCode).toBe(200);
  });
});

describe('the shared demo account', () => {
  it('cannot change its password or delete itself', async () => {
    await seedDemo(t.db, () => undefined);
    const demo = t.visitor();
    expect((await demo.post('/api/demo-login-user', {})).statusCode).toBe(200);
    const change = await demo.post('/api/auth/password', {
      currentPassword: 'threadswap',
      newPassword: 'vandal-was-here-2024',
    });
    expect(change.statusCode).toBe(403);
    expect(change.json().message).toMatch(/^The demo account is shared/);
    const deletion = await demo.request({
      method: 'DELETE',
      url: '/api/auth/account',
      payload: { password: 'threadswap' },
    });
    expect(deletion.statusCode).toBe(403);
    expect((await demo.get('/api/auth/user')).statusCode).toBe(200);
  });
});

import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-support/test-app';

const t = useTestApp();

describe('without an external provider configured', () => {
  it('offers none and keeps the entry points on the auth dialog', async () => {
    expect((await t.visitor().get('/api/auth/status')).json()).toEqual({
      authenticated: false,
      user: null,
      externalSignIn: null,
      demo: true,
    });
    expect((await t.visitor().get('/api/auth/external')).headers.location).toBe('/?auth=register');
    expect((await t.visitor().get('/api/auth/email')).headers.location).toBe('/?auth=register');
    expect((await t.visitor().get('/api/login')).headers.location).toBe('/?auth=login');
    expect((await t.visitor().get('/api/auth/oidc/callback?code=x&state=y')).statusCode).toBe(404);
  });
});

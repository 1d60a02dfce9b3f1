import { expect, it } from 'vitest';
import { seedDemo } from '../../db/seed';
import { useTestApp } from '../../test-support/test-app';

const t = useTestApp({ config: { demo: false } });

it('answers Dev Login with 404 when DEMO is off', async () => {
  await seedDemo(t.db);
  const client = t.visitor();
  const response = await client.post('/api/demo-login-user', {});
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ code: 'auth.dev_login_disabled', message: 'Dev Login is not enabled' });
  expect(client.cookie).toBeUndefined();
});

it('tells the client that DEMO is off, so it shows product copy and no Dev Login', async () => {
  const status = await t.visitor().get('/api/auth/status');
  expect(status.json()).toMatchObject({ authenticated: false, demo: false });
});

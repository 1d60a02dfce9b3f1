import { expect, it } from 'vitest';
import { seedDemo } from '../../db/seed';
import { useTestApp } from '../../test-support/test-app';

const t = useTestApp({ config: { demo: false } });

it('answers Dev Login with 404 when DEMO is off', async () => {
  await seedDemo(t.db);
  const client = t.visitor();
  const response = await client.post('/api/demo-login-user', {});
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ message: 'Dev Login is not enabled' });
  expect(client.cookie).toBeUndefined();
});

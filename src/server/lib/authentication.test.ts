import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../test-support/test-app';
import { installAuthentication } from './authentication';

describe('declared authentication', () => {
  it('refuses to start with a route that declares no auth', async () => {
    const app = Fastify();
    app.decorate('config', testConfig);
    installAuthentication(app);
    app.get('/api/declared', { config: { auth: 'public' } }, async () => 'ok');
    app.get('/api/forgotten', async () => 'open by omission');
    await expect(app.ready()).rejects.toThrow('Routes without config.auth: GET /api/forgotten');
  });
});

import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { transact } from '../../lib/unit-of-work';
import { testConfig, useTestApp } from '../../test-support/test-app';
import { testDriver } from '../../test-support/test-database';

const TOKEN = 'a'.repeat(24) + '0123456789abcdef';
const t = useTestApp({ config: { metricsToken: TOKEN } });

const scrape = (token = TOKEN) => t.visitor().get('/metrics', { authorization: `Bearer ${token}` });

/** The value of one sample line (`name{labels} value`) of the text, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text
    .split('\n')
    .find(
      (entry) =>
        (entry.startsWith(`${name}{`) || entry.startsWith(`${name} `)) &&
        wanted.every((pair) => entry.includes(pair)),
    );
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const app = await buildApp({ config: testConfig, database: t.database, logger: false, clientDir: null });
    try {
      const response = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode).toBe(404);
      expect(app.metrics).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('answers 401 without the token or with a wrong one, and gives nothing away', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      TOKEN,
      'Bearer ',
    ]) {
      const response = await t.visitor().get('/metrics', authorization ? { authorization } : {});
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('threadswap_');
    }
  });

  it('serves the Prometheus text: requests by route pattern and status, never the URL', async () => {
    const visitor = t.visitor();
    await visitor.get('/api/items');
    await visitor.get('/api/items');
    await visitor.get('/api/items/00000000-0000-4000-8000-000000000123');
    await visitor.get('/no/such/page-42');

    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    const items = { method: 'GET', route: '/api/items', status: '200' };
    expect(sample(text, 'threadswap_http_requests_total', items)).toBe(2);
    expect(sample(text, 'threadswap_http_request_duration_seconds_count', items)).toBe(2);
    expect(sample(text, 'threadswap_http_request_duration_seconds_bucket', { ...items, le: '+Inf' })).toBe(2);
    expect(sample(text, 'threadswap_http_requests_total', { route: '/api/items/:id', status: '404' })).toBe(
      1,
    );
    expect(sample(text, 'threadswap_http_requests_total', { route: '(unmatched)', status: '404' })).toBe(1);
    expect(text).not.toContain('000000000123');
    expect(text).not.toContain('page-42');
  });

  it('has the event loop, the database, the cache, sockets, sweeps and email', async () => {
    await t.visitor().get('/api/items/facets');
    await t.visitor().get('/api/items/facets');
    await transact(t.app.services, async (_tx, effects) => {
      effects.mail({ kind: 'test', to: 'reader@example.com', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' });
    });
    await t.app.services.mailer.idle();
    await t.app.sweep.run();
    await t.app.ringRepack.run();

    const text = (await scrape()).body;
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'threadswap_database_size_bytes',
      'threadswap_websocket_connections',
      'threadswap_http_connections',
      'threadswap_mail_queue_emails',
    ])
      expect(sample(text, name), name).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'threadswap_database_info', { kind: testDriver })).toBe(1);
    expect(sample(text, 'threadswap_marketplace_cache_misses_total')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'threadswap_marketplace_cache_hits_total')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'threadswap_marketplace_cache_stale_hits_total')).toBe(0);
    expect(sample(text, 'threadswap_emails_sent_total', { kind: 'test' })).toBe(1);
    expect(text).toContain('# TYPE threadswap_email_attempts_failed_total counter');
    expect(text).toContain('# TYPE threadswap_emails_given_up_total counter');
    expect(
      sample(text, 'threadswap_sweep_task_duration_seconds_count', {
        sweep: 'sweep',
        task: 'mail.deliver',
        outcome: 'ok',
      }),
    ).toBe(1);
    expect(
      sample(text, 'threadswap_sweep_task_duration_seconds_count', {
        sweep: 'ring-repack',
        task: 'rings.repack',
      }),
    ).toBe(1);
    const pool = ['connections', 'idle_connections', 'waiting_requests', 'max_connections'].map((name) =>
      sample(text, `threadswap_db_pool_${name}`),
    );
    if (testDriver === 'postgres') for (const value of pool) expect(value).toBeGreaterThanOrEqual(0);
    else expect(pool).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('counts the marketplace answers given before Fastify, and two apps in one process keep their own', async () => {
    const other = await buildApp({
      config: { ...testConfig, metricsToken: TOKEN },
      database: t.database,
      logger: false,
      clientDir: null,
    });
    const { baseUrl } = await t.listen();
    try {
      const list = () => fetch(`${baseUrl}/api/items?limit=10`, { headers: { 'accept-encoding': 'gzip' } });
      const answered = async () =>
        sample((await scrape()).body, 'threadswap_http_requests_total', {
          route: '/api/items',
          status: '200',
        }) ?? 0;
      const before = await answered();
      for (let i = 0; i < 3; i++) expect((await list()).status).toBe(200);
      expect(t.app.marketplaceFront.served).toBeGreaterThanOrEqual(1);
      expect(await answered()).toBe(before + 3);

      const mine = (await other.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } }))
        .body;
      expect(sample(mine, 'threadswap_http_requests_total', { route: '/api/items' })).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});

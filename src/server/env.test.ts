import { describe, expect, it } from 'vitest';
import { configWarnings, parseEnv } from './env';

describe('configuration', () => {
  it('warns when demo mode runs in production, and only then', () => {
    const demo = parseEnv({ DEMO: 'on' });
    expect(configWarnings(demo, 'production')).toEqual([expect.stringContaining('DEMO=off')]);
    expect(configWarnings(demo, 'development')).toEqual([]);
    expect(configWarnings(parseEnv({ DEMO: 'off' }), 'production')).toEqual([]);
  });

  it('trusts no proxy by default; TRUST_PROXY names a hop count or addresses', () => {
    expect(parseEnv({}).trustProxy).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ]);
    expect(() => parseEnv({ TRUST_PROXY: 'everyone!' })).toThrow(/TRUST_PROXY/);
  });

  it('ends a shutdown within SHUTDOWN_TIMEOUT_SECONDS, 10 by default', () => {
    expect(parseEnv({}).shutdownTimeoutSeconds).toBe(10);
    expect(parseEnv({ SHUTDOWN_TIMEOUT_SECONDS: '3' }).shutdownTimeoutSeconds).toBe(3);
    expect(() => parseEnv({ SHUTDOWN_TIMEOUT_SECONDS: '0' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
  });

  it('bounds how long the server waits on a client: headers, whole request, keep-alive and idle timeouts', () => {
    expect(parseEnv({}).httpTimeouts).toEqual({
      headersSeconds: 30,
      requestSeconds: 120,
      keepAliveSeconds: 72,
      idleSeconds: 120,
    });
    expect(
      parseEnv({
        HEADERS_TIMEOUT_SECONDS: '5',
        REQUEST_TIMEOUT_SECONDS: '20',
        KEEP_ALIVE_TIMEOUT_SECONDS: '65',
        IDLE_TIMEOUT_SECONDS: '30',
      }).httpTimeouts,
    ).toEqual({ headersSeconds: 5, requestSeconds: 20, keepAliveSeconds: 65, idleSeconds: 30 });
    for (const name of [
      'HEADERS_TIMEOUT_SECONDS',
      'REQUEST_TIMEOUT_SECONDS',
      'KEEP_ALIVE_TIMEOUT_SECONDS',
      'IDLE_TIMEOUT_SECONDS',
    ]) {
      // 0 would turn a timeout off, which is what a slow client needs.
      expect(() => parseEnv({ [name]: '0' }), name).toThrow(name);
      expect(() => parseEnv({ [name]: 'soon' }), name).toThrow(name);
    }
    expect(() => parseEnv({ HEADERS_TIMEOUT_SECONDS: '60', REQUEST_TIMEOUT_SECONDS: '30' })).toThrow(
      /HEADERS_TIMEOUT_SECONDS: must not be more than REQUEST_TIMEOUT_SECONDS/,
    );
  });

  it('takes the sign-in attempts per IP from AUTH_ATTEMPTS_PER_IP (100 by default, at least 10)', () => {
    expect(parseEnv({}).authAttemptsPerIp).toBe(100);
    expect(parseEnv({ AUTH_ATTEMPTS_PER_IP: '500' }).authAttemptsPerIp).toBe(500);
    expect(() => parseEnv({ AUTH_ATTEMPTS_PER_IP: '5' })).toThrow(/AUTH_ATTEMPTS_PER_IP/);
    expect(() => parseEnv({ AUTH_ATTEMPTS_PER_IP: 'lots' })).toThrow(/AUTH_ATTEMPTS_PER_IP/);
  });

  it('asks for email verification by default only when mail can be sent (SMTP_URL)', () => {
    expect(parseEnv({}).mail).toEqual({
      smtpUrl: undefined,
      from: 'Threadswap <no-reply@threadswap.example>',
      appUrl: 'http://localhost:5000',
      requireEmailVerification: false,
    });
    const smtp = parseEnv({
      SMTP_URL: 'smtp://mail.example:587',
      APP_URL: 'https://swap.example/',
      PORT: '8080',
    });
    expect(smtp.mail).toMatchObject({ requireEmailVerification: true, appUrl: 'https://swap.example' });
    expect(
      parseEnv({ SMTP_URL: 'smtp://mail.example', REQUIRE_EMAIL_VERIFICATION: 'off' }).mail
        .requireEmailVerification,
    ).toBe(false);
    expect(parseEnv({ REQUIRE_EMAIL_VERIFICATION: 'on' }).mail.requireEmailVerification).toBe(true);
    expect(parseEnv({ PORT: '8080' }).mail.appUrl).toBe('http://localhost:8080');
    expect(() => parseEnv({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL: must be an smtp/);
    expect(() => parseEnv({ APP_URL: 'swap.example' })).toThrow(/APP_URL: must be an http/);
  });

  it('no longer reads MODERATOR_EMAILS', () => {
    expect(Object.keys(parseEnv({ MODERATOR_EMAILS: 'a@example.com' }))).not.toContain('moderatorEmails');
  });
});

describe('operations settings', () => {
  it('takes METRICS_TOKEN when it is a long enough bearer token, and has none by default', () => {
    expect(parseEnv({}).metricsToken).toBeUndefined();
    const token = 'f'.repeat(64);
    expect(parseEnv({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be 32 to 512/);
    expect(() => parseEnv({ METRICS_TOKEN: `${'f'.repeat(40)} with spaces` })).toThrow(/METRICS_TOKEN/);
  });

  it('reads TEST_ONLY_MAIL_DELIVERY_DELAY_MS under NODE_ENV=test only', () => {
    const env = { TEST_ONLY_MAIL_DELIVERY_DELAY_MS: '5000' };
    expect(parseEnv({ ...env, NODE_ENV: 'test' }).mail.testOnlyDeliveryDelayMs).toBe(5000);
    expect(parseEnv({ ...env, NODE_ENV: 'production' }).mail.testOnlyDeliveryDelayMs).toBeUndefined();
    expect(parseEnv(env).mail.testOnlyDeliveryDelayMs).toBeUndefined();
  });
});

describe('default APP_URL (issue 37)', () => {
  it('points email links at the address the server listens on; a wildcard bind falls back to localhost', () => {
    expect(parseEnv({ HOST: '192.168.1.20', PORT: '8080' }).mail.appUrl).toBe('http://192.168.1.20:8080');
    expect(parseEnv({ HOST: 'swap.lan' }).mail.appUrl).toBe('http://swap.lan:5000');
    expect(parseEnv({ HOST: 'fd00::20', PORT: '8080' }).mail.appUrl).toBe('http://[fd00::20]:8080');
    expect(parseEnv({ HOST: '0.0.0.0', PORT: '8080' }).mail.appUrl).toBe('http://localhost:8080');
    expect(parseEnv({ HOST: '::', PORT: '8080' }).mail.appUrl).toBe('http://localhost:8080');
    expect(parseEnv({ HOST: '10.0.0.5', APP_URL: 'https://swap.example' }).mail.appUrl).toBe(
      'https://swap.example',
    );
  });
});

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

  it('no longer reads MODERATOR_EMAILS', () => {
    expect(Object.keys(parseEnv({ MODERATOR_EMAILS: 'a@example.com' }))).not.toContain('moderatorEmails');
  });
});

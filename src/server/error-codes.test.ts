/**
 * Error codes (src/common/api/errors.ts): every code the server throws is declared and has its
 * English and French texts, with the same placeholders as its params; answers carry their code.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode, isErrorCode } from '../common/api/errors';
import en from '../common/i18n/locales/en/errors.json';
import fr from '../common/i18n/locales/fr/errors.json';
import { useTestApp } from './test-support/test-app';

const SERVER = fileURLToPath(new URL('.', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The catalogue's texts for a code: the text, or its plural forms. */
function texts(catalogue: Record<string, unknown>, code: string): string[] {
  const parts = code.split('.');
  const last = parts.pop() as string;
  let node: unknown = catalogue;
  for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
  const group = (node ?? {}) as Record<string, unknown>;
  return Object.entries(group)
    .filter(([key]) => key === last || key === `${last}_one` || key === `${last}_other`)
    .map(([, text]) => String(text));
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] as string).filter((name) => name !== 'count');

describe('the error codes', () => {
  it('that src/server throws are all declared in the contract', () => {
    const thrown = new Set<string>();
    // Each helper call up to the end of its statement, with the codes it names (ternaries too).
    const call =
      /\b(?:badRequest|unauthorized|forbidden|notFound|conflict|tooManyRequests|httpError|fieldError)\([^;]*/g;
    for (const file of sources(SERVER)) {
      for (const [statement] of readFileSync(file, 'utf8').matchAll(call)) {
        for (const literal of statement.matchAll(/'([a-z_]+\.[a-z_.]+)'/g)) thrown.add(literal[1] as string);
      }
    }
    expect(thrown.size).toBeGreaterThan(140);
    expect([...thrown].filter((code) => !isErrorCode(code))).toEqual([]);
  });

  it('have an English and a French text each, with placeholders for their params', () => {
    const problems: string[] = [];
    for (const [code, params] of Object.entries(ERROR_CODES) as Array<[ErrorCode, readonly string[]]>) {
      for (const [language, catalogue] of [
        ['en', en],
        ['fr', fr],
      ] as const) {
        const found = texts(catalogue, code);
        if (found.length === 0) problems.push(`${code}: no ${language} text`);
        for (const text of found) {
          const named = new Set(placeholders(text));
          const wanted = new Set(params.filter((param) => param !== 'count'));
          if ([...named].sort().join() !== [...wanted].sort().join())
            problems.push(
              `${code} (${language}): placeholders ${[...named].join()} for params ${params.join()}`,
            );
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('error answers', () => {
  const t = useTestApp();

  it("carry a code for fastify's own errors and unknown routes", async () => {
    const visitor = t.visitor();
    const bad = await visitor.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'request.invalid_json', message: 'Request body is not valid JSON' });
    const media = await visitor.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'email=a',
      headers: { 'content-type': 'text/csv' },
    });
    expect(media.statusCode).toBe(415);
    expect(media.json().code).toBe('request.unsupported_media_type');
    const route = await visitor.get('/api/no-such-route');
    expect(route.statusCode).toBe(404);
    expect(route.json()).toEqual({ code: 'http.not_found', message: 'Not found' });
  });

  it('carry a code for a missing session (401) and for wrong credentials', async () => {
    const visitor = t.visitor();
    const session = await visitor.get('/api/notifications');
    expect(session.statusCode).toBe(401);
    expect(session.json()).toEqual({ code: 'auth.session_required', message: 'Unauthorized' });
    const login = await visitor.post('/api/auth/login', {
      email: 'nobody@example.com',
      password: 'wrong-password-1',
    });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual({ code: 'auth.invalid_credentials', message: 'Invalid email or password' });
  });

  it('give each invalid field its own code and params beside its English message', async () => {
    const member = await t.member();
    const empty = await member.post('/api/wishlist', { title: '', category: 'nonsense' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'validation.invalid',
      message: 'Title is required',
      issues: [
        { path: ['title'], code: 'validation.required', message: 'Title is required' },
        { path: ['category'], code: 'validation.invalid_value' },
      ],
    });
    const long = await member.post('/api/wishlist', { title: 'x'.repeat(500), category: 'shoes' });
    expect(long.json().issues).toEqual([
      {
        path: ['title'],
        code: 'validation.too_long',
        params: { maximum: expect.any(Number) },
        message: expect.stringMatching(/^Title must be at most \d+ characters$/),
      },
    ]);
  });
});

import { createServer, type Server } from 'node:http';
import { listenOnFreePort } from './listen';
import Provider from 'oidc-provider';

/** The claims each test account at the provider shares (the login name is the subject). */
export type TestAccounts = Record<string, Record<string, unknown>>;

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close: () => Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) on a free local port, in memory, with one
 * confidential client whose redirect URI is `redirectUri`. Its development interactions sign in
 * whoever types a login name in `accounts` (any password) and ask for consent once.
 */
export async function startTestOidcProvider(redirectUri: string, accounts: TestAccounts) {
  const server: Server = createServer();
  const port = await listenOnFreePort(server);
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'threadswap-test';
  const clientSecret = 'test-client-secret-that-is-long-enough-0123456789';
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri] }],
    cookies: { keys: ['test-cookie-key-0123456789'] },
    claims: { email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx: unknown, id: string) =>
      accounts[id] ? { accountId: id, claims: () => ({ sub: id, ...accounts[id] }) } : undefined,
  });
  server.on('request', provider.callback());
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { issuer, clientId, clientSecret, close } satisfies TestOidcProvider;
}

/** Cookies by name, like a browser on one host (paths are ignored: each name is set on one path). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(setCookie: string[]) {
    for (const line of setCookie) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (!pair || at < 1) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(line);
      if (expired || !value) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Walks a browser through the provider from `authorizationUrl`: follows its redirects, signs in
 * as `login` and gives consent when asked, and stops at the first redirect that leaves the
 * provider (the app's callback), whose URL it answers.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  jar: CookieJar,
  { abort = false }: { abort?: boolean } = {},
) {
  let url = authorizationUrl;
  const origin = new URL(authorizationUrl).origin;
  for (let step = 0; step < 20; step++) {
    if (!url.startsWith(origin)) return url;
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(response.headers.getSetCookie());
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt)
      throw new Error(`unexpected page at the provider (${response.status}): ${html.slice(0, 300)}`);
    if (abort) {
      url = new URL(`${action}/abort`, url).href;
      continue;
    }
    const body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
    const submitted = await fetch(new URL(action, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    jar.store(submitted.headers.getSetCookie());
    const next = submitted.headers.get('location');
    if (!next) throw new Error(`the provider answered ${submitted.status} to the ${prompt} form`);
    url = new URL(next, url).href;
  }
  throw new Error('too many redirects at the provider');
}

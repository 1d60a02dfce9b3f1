import { createHmac, timingSafeEqual } from 'node:crypto';
import * as oidc from 'openid-client';
import type { OidcConfig } from '../../env';

/** The callback path registered at the provider as `{APP_URL}/api/auth/oidc/callback`. */
export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';
/** The cookie holding one sign-in's state, nonce and PKCE verifier between start and callback. */
export const OIDC_TRANSACTION_COOKIE = 'ts_oidc';
/** How long a started sign-in may take at the provider before its callback is refused. */
export const OIDC_TRANSACTION_SECONDS = 10 * 60;

/** What the start of a sign-in keeps for its callback (signed, so that the browser cannot change it). */
interface Transaction {
  state: string;
  nonce: string;
  verifier: string;
  /** Epoch milliseconds after which the callback is refused. */
  expires: number;
}

/** The claims a sign-in yields: who the provider says the member is. */
export interface ExternalProfile {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  givenName: string | undefined;
  familyName: string | undefined;
  name: string | undefined;
}

/** Thrown for every refused callback: a tampered or expired transaction, a provider error, a bad token. */
export class ExternalSignInFailed extends Error {
  constructor(
    readonly code: 'external-denied' | 'external-failed' | 'external-unavailable',
    cause?: unknown,
  ) {
    super(code, { cause });
    this.name = 'ExternalSignInFailed';
  }
}

const stringClaim = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/**
 * The relying party of the OpenID Connect authorization-code flow with PKCE, state and nonce
 * (openid-client, a certified implementation). The provider's metadata is discovered on first use
 * and kept; a failed discovery is retried on the next sign-in.
 */
export function createOidcClient(settings: OidcConfig, appUrl: string) {
  const redirectUri = `${appUrl}${OIDC_CALLBACK_PATH}`;
  // The key that signs the transaction cookie: derived from the client secret, which only this
  // server (and the provider) knows.
  const cookieKey = createHmac('sha256', settings.clientSecret)
    .update('threadswap-oidc-transaction')
    .digest();
  let discovered: Promise<oidc.Configuration> | undefined;

  function configuration() {
    discovered ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        oidc.ClientSecretBasic(settings.clientSecret),
        {
          // A provider on plain http (a local one, in development and tests) is allowed only when the
          // issuer itself says http: an https issuer is never downgraded.
          execute: settings.issuer.startsWith('http://') ? [oidc.allowInsecureRequests] : [],
          timeout: 10,
        },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw new ExternalSignInFailed('external-unavailable', error);
      });
    return discovered;
  }

  const sign = (payload: string) => createHmac('sha256', cookieKey).update(payload).digest('base64url');

  function sealTransaction(transaction: Transaction): string {
    const payload = Buffer.from(JSON.stringify(transaction)).toString('base64url');
    return `${payload}.${sign(payload)}`;
  }

  function openTransaction(sealed: string | undefined, now: number): Transaction {
    const [payload, signature, extra] = (sealed ?? '').split('.');
    if (!payload || !signature || extra !== undefined) throw new ExternalSignInFailed('external-failed');
    const expected = Buffer.from(sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      throw new ExternalSignInFailed('external-failed');
    const transaction = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Transaction;
    if (!(transaction.expires > now)) throw new ExternalSignInFailed('external-failed');
    return transaction;
  }

  return {
    providerName: settings.providerName,

    /** Where to send the browser to sign in, and the sealed transaction to keep in its cookie. */
    async start(now = Date.now()) {
      const config = await configuration();
      const transaction: Transaction = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
        expires: now + OIDC_TRANSACTION_SECONDS * 1000,
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(transaction.verifier),
        code_challenge_method: 'S256',
        state: transaction.state,
        nonce: transaction.nonce,
      });
      return { url: url.href, sealed: sealTransaction(transaction) };
    },

    /**
     * Finishes the sign-in the provider sent the browser back from (`search` is the callback's query
     * string): checks the transaction, exchanges the code (PKCE), validates the ID token (nonce,
     * audience, issuer, signature) and answers the member's claims.
     */
    async finish(search: string, sealed: string | undefined, now = Date.now()): Promise<ExternalProfile> {
      const params = new URLSearchParams(search);
      if (params.get('error') === 'access_denied') throw new ExternalSignInFailed('external-denied');
      const transaction = openTransaction(sealed, now);
      const config = await configuration();
      let claims: Record<string, unknown> & { iss: string; sub: string };
      try {
        const tokens = await oidc.authorizationCodeGrant(config, new URL(`${redirectUri}?${params}`), {
          pkceCodeVerifier: transaction.verifier,
          expectedState: transaction.state,
          expectedNonce: transaction.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) throw new ExternalSignInFailed('external-failed');
        // Providers may keep profile and email claims out of the ID token (OpenID Connect Core
        // 5.4): the UserInfo endpoint has them, for the same subject.
        const userInfo = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
        claims = { ...userInfo, ...idToken };
      } catch (error) {
        if (error instanceof ExternalSignInFailed) throw error;
        if (error instanceof oidc.AuthorizationResponseError && error.error === 'access_denied')
          throw new ExternalSignInFailed('external-denied', error);
        throw new ExternalSignInFailed('external-failed', error);
      }
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: stringClaim(claims.email)?.toLowerCase(),
        emailVerified: claims.email_verified === true,
        givenName: stringClaim(claims.given_name),
        familyName: stringClaim(claims.family_name),
        name: stringClaim(claims.name),
      };
    },
  };
}
export type OidcClient = ReturnType<typeof createOidcClient>;

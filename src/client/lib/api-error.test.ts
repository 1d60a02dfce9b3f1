import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '@common/i18n/locales/en/errors.json';
import fr from '@common/i18n/locales/fr/errors.json';
import { i18n } from '@client/i18n';
import { ApiError, errorText, hasCode, hasStatus, isSessionLost, issueText } from './api-error';

beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    fallbackLng: false,
    nsSeparator: ':',
    keySeparator: '.',
    resources: { en: { errors: en }, fr: { errors: fr } },
    interpolation: { escapeValue: false },
  });
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const answer = (status: number, body: object) => ApiError.fromBody(status, '', JSON.stringify(body));

describe('ApiError.fromBody', () => {
  it('reads the code, params, message and field issues of a 400 body', () => {
    const error = answer(400, {
      code: 'validation.invalid',
      message: 'Title is required',
      issues: [
        {
          path: ['title'],
          code: 'validation.too_short',
          params: { minimum: 3 },
          message: 'Title is required',
        },
        { nonsense: true },
      ],
    });
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation.invalid');
    expect(error.message).toBe('Title is required');
    expect(error.issues).toEqual([
      { path: ['title'], code: 'validation.too_short', params: { minimum: 3 }, message: 'Title is required' },
    ]);
  });

  it('has no text nor code when the body is not the API error shape', () => {
    const error = ApiError.fromBody(502, 'Bad Gateway', '<html>proxy</html>');
    expect(errorText(error)).toBeNull();
    expect(error.code).toBeNull();
    expect(error.message).toBe('<html>proxy</html>');
    expect(ApiError.fromBody(500, 'Internal Server Error', '').message).toBe('Internal Server Error');
  });
});

describe('errorText', () => {
  const reserved = { code: 'trade.item_unavailable', message: 'This item is no longer available for barter' };

  it("shows an error in the member's language, by its code and params", async () => {
    const wait = { code: 'auth.too_many_attempts_seconds', params: { count: 5 }, message: 'anything' };
    expect(errorText(answer(429, wait))).toBe('Too many attempts. Please wait 5 seconds and try again.');
    await i18n.changeLanguage('fr');
    expect(errorText(answer(429, wait))).toBe(
      'Trop de tentatives. Veuillez patienter 5 secondes et réessayer.',
    );
    expect(errorText(answer(409, reserved))).toBe('Cet article n’est plus disponible pour un échange');
    const settled = { code: 'trade.already_settled', params: { status: 'accepted' }, message: 'x' };
    expect(errorText(answer(409, settled))).toBe('Cette demande d’échange est déjà acceptée');
  });

  it("never reads the message's words: an unknown code shows the server's message", async () => {
    await i18n.changeLanguage('fr');
    expect(errorText(answer(409, { code: 'trade.from_a_newer_server', message: 'Newer text' }))).toBe(
      'Newer text',
    );
    expect(errorText(answer(409, { message: 'No code at all' }))).toBe('No code at all');
  });

  it('shows the English message of a generic code in English, its translation otherwise', async () => {
    const generic = { code: 'http.conflict', message: 'A sentence thrown without a code' };
    expect(errorText(answer(409, generic))).toBe('A sentence thrown without a code');
    await i18n.changeLanguage('fr');
    expect(errorText(answer(409, generic))).toBe('Cette action n’est plus possible dans l’état actuel');
  });

  it("shows an invalid input by its first field's code, with params, in French", async () => {
    const body = {
      code: 'validation.invalid',
      message: 'Title must be at least 3 characters',
      issues: [
        {
          path: ['title'],
          code: 'validation.too_short',
          params: { minimum: 3 },
          message: 'Title must be at least 3 characters',
        },
      ],
    };
    expect(errorText(answer(400, body))).toBe('Title must be at least 3 characters');
    await i18n.changeLanguage('fr');
    expect(errorText(answer(400, body))).toBe('Au moins 3 caractères');
    expect(issueText(answer(400, body).issues[0]!)).toBe('Au moins 3 caractères');
  });
});

describe('isSessionLost', () => {
  it('is true only for the code of a missing session, whatever the words', () => {
    expect(isSessionLost(answer(401, { code: 'auth.session_required', message: 'Unauthorized' }))).toBe(true);
    expect(isSessionLost(answer(401, { code: 'auth.session_required', message: 'Reworded' }))).toBe(true);
    expect(isSessionLost(answer(401, { code: 'auth.invalid_credentials', message: 'Unauthorized' }))).toBe(
      false,
    );
    expect(isSessionLost(answer(401, { message: 'Unauthorized' }))).toBe(false);
    expect(isSessionLost(new Error('401: Unauthorized'))).toBe(false);
  });
});

describe('hasStatus and hasCode', () => {
  it('match any of the statuses given, and the code', () => {
    const error = answer(404, { code: 'items.not_found', message: 'Item not found' });
    expect(hasStatus(error, 400, 404)).toBe(true);
    expect(hasStatus(error, 403)).toBe(false);
    expect(hasStatus(new Error('404'), 404)).toBe(false);
    expect(hasCode(error, 'items.not_found')).toBe(true);
    expect(hasCode(error, 'http.not_found')).toBe(false);
  });
});

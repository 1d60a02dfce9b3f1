/**
 * The password rule (ASVS 5.0 V6.2), one for the client and the server: 8 to 128 characters, any
 * characters, no composition rules, and not a common or breached-list password. "Common" is judged
 * by zxcvbn-ts with its common and English dictionaries (shipped offline, no network lookup): a
 * password it scores below MIN_SCORE is one an attacker's first million guesses would find.
 */
import type * as ZxcvbnCore from '@zxcvbn-ts/core';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type * as ZxcvbnCommon from '@zxcvbn-ts/language-common';
import type * as ZxcvbnEnglish from '@zxcvbn-ts/language-en';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
/** Sign-in accepts the longer passwords the earlier rule allowed, so that no member is locked out. */
export const MAX_LOGIN_PASSWORD_LENGTH = 200;
/** zxcvbn's score runs 0 (top of every list) to 4; below 2 means fewer than about 10^6 guesses. */
export const MIN_PASSWORD_SCORE = 2;

export type PasswordEstimator = Pick<ZxcvbnFactory, 'check'>;

export interface PasswordVerdict {
  ok: boolean;
  /** zxcvbn's score, 0 to 4, for a strength meter; 0 when the length alone refuses it. */
  score: number;
  /** Why the password is refused, as a sentence for the member; null when it is accepted. */
  problem: string | null;
  /** Why, as a word the server answers as an error code (`auth.password_<refusal>`); null when accepted. */
  refusal: 'too_short' | 'too_long' | 'too_common' | null;
  /** zxcvbn's advice for a stronger password, if it has any. */
  suggestion: string | null;
}

/**
 * Judges a password. `userInputs` are the member's own words (name, email) that must not make up
 * the password either.
 */
export function judgePassword(
  password: string,
  estimator: PasswordEstimator,
  userInputs: string[] = [],
): PasswordVerdict {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return {
      ok: false,
      score: 0,
      problem: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
      refusal: 'too_short',
      suggestion: null,
    };
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return {
      ok: false,
      score: 0,
      problem: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
      refusal: 'too_long',
      suggestion: null,
    };
  }
  const inputs = userInputs.flatMap((input) => [input, ...input.toLowerCase().split(/[^\p{L}\p{N}]+/u)]);
  const result = estimator.check(
    password,
    inputs.filter((input) => input.length > 2),
  );
  const suggestion = result.feedback.suggestions[0] ?? null;
  if (result.score < MIN_PASSWORD_SCORE) {
    return {
      ok: false,
      score: result.score,
      problem:
        'This password is too common or too easy to guess. Please choose a longer or less predictable one, such as a few unrelated words.',
      refusal: 'too_common',
      suggestion,
    };
  }
  return { ok: true, score: result.score, problem: null, refusal: null, suggestion };
}

/** Builds the estimator with the common and English dictionaries. */
export function createPasswordEstimator(
  core: typeof ZxcvbnCore,
  common: typeof ZxcvbnCommon,
  english: typeof ZxcvbnEnglish,
): PasswordEstimator {
  return new core.ZxcvbnFactory({
    translations: english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
  });
}

let loading: Promise<PasswordEstimator> | undefined;

/**
 * The estimator, its dictionaries (about 1 MB) loaded on first use: the browser fetches them only
 * when a password form opens, never with the first page, and the server loads them on the first
 * password it judges, not when it starts.
 */
export function loadPasswordEstimator(): Promise<PasswordEstimator> {
  loading ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(([core, common, english]) => createPasswordEstimator(core, common, english));
  return loading;
}

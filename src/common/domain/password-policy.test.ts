import * as core from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { describe, expect, it } from 'vitest';
import {
  createPasswordEstimator,
  judgePassword,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from './password-policy';

const estimator = createPasswordEstimator(core, common, english);

describe('the password rule', () => {
  it('asks for 8 to 128 characters', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8);
    expect(MAX_PASSWORD_LENGTH).toBe(128);
    expect(judgePassword('k3#Lp9z', estimator).problem).toBe('Password must be at least 8 characters long');
    expect(judgePassword('k3#Lp9zQ', estimator).ok).toBe(true);
    expect(judgePassword('horse battery '.repeat(10), estimator).problem).toBe(
      'Password must be at most 128 characters',
    );
  });

  it.each([
    'password',
    'password123',
    '12345678',
    'qwertyuiop',
    'iloveyou1',
    'P@ssw0rd!',
    'sunshine2024',
    'welcome1',
  ])('refuses the common password %s', (password) => {
    const verdict = judgePassword(password, estimator);
    expect(verdict.ok).toBe(false);
    expect(verdict.problem).toMatch(/too common or too easy to guess/);
  });

  it('refuses a password made of the member’s own name or email', () => {
    expect(judgePassword('ada.lovelace@example.com', estimator, ['ada.lovelace@example.com', 'Ada']).ok).toBe(
      false,
    );
  });

  it('accepts passphrases and the demo password', () => {
    for (const password of ['correct horse battery staple', 'Shutdown-passphrase-93', 'threadswap']) {
      expect(judgePassword(password, estimator).ok, password).toBe(true);
    }
  });
});

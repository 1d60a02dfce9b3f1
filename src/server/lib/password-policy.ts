import * as core from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { createPasswordEstimator, judgePassword } from '../../common/domain/password-policy';
import { fieldError } from './errors';

const estimator = createPasswordEstimator(core, common, english);

/**
 * Refuses a password the shared rule refuses (too short, too long, common) with a 400 that says
 * why, about the input `field` (so that a form shows it under that field).
 */
export function assertAcceptablePassword(password: string, userInputs: string[] = [], field = 'password') {
  const verdict = judgePassword(password, estimator, userInputs);
  if (!verdict.ok) throw fieldError(400, field, verdict.problem ?? 'Please choose another password');
}

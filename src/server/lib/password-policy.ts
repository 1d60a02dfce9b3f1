import {
  judgePassword,
  loadPasswordEstimator,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from '../../common/domain/password-policy';
import { fieldError } from './errors';

/**
 * Refuses a password the shared rule refuses (too short, too long, common) with a 400 that says
 * why, about the input `field` (so that a form shows it under that field). The dictionaries (about
 * 1 s of CPU to load) are loaded on the first password judged, not when the server starts.
 */
export async function assertAcceptablePassword(
  password: string,
  userInputs: string[] = [],
  field = 'password',
) {
  const verdict = judgePassword(password, await loadPasswordEstimator(), userInputs);
  if (verdict.refusal === 'too_short')
    throw fieldError(400, field, 'auth.password_too_short', { minimum: MIN_PASSWORD_LENGTH });
  if (verdict.refusal === 'too_long')
    throw fieldError(400, field, 'auth.password_too_long', { maximum: MAX_PASSWORD_LENGTH });
  if (!verdict.ok) throw fieldError(400, field, 'auth.password_too_common');
}

import { judgePassword, loadPasswordEstimator } from '../../common/domain/password-policy';
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
  if (!verdict.ok) throw fieldError(400, field, verdict.problem ?? 'Please choose another password');
}

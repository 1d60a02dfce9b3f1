import { forbidden } from '../../lib/errors';
import { DEMO_MEMBER_EMAIL } from './auth.service';

/**
 * The Dev Login account is shared by every visitor of a demo: one of them must not be able to take
 * it from the others, so its password, email and existence cannot be changed through the API.
 */
export function refuseForDemoAccount(
  member: { email: string },
  action: 'change_password' | 'change_email' | 'delete' | 'reset_password',
) {
  if (member.email.toLowerCase() === DEMO_MEMBER_EMAIL)
    throw forbidden('auth.demo_account_shared', { action });
}

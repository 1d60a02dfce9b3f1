import { describe, expect, it } from 'vitest';
import { DELETED_ACCOUNT_EMAIL_DOMAIN, isReservedEmail } from './reserved-email';

describe('reserved email addresses', () => {
  it('are those under the .invalid top-level domain, in any case', () => {
    expect(isReservedEmail(`deleted-1@${DELETED_ACCOUNT_EMAIL_DOMAIN}`)).toBe(true);
    expect(isReservedEmail('someone@Example.INVALID')).toBe(true);
    expect(isReservedEmail('someone@example.invalid.')).toBe(true);
    expect(isReservedEmail('someone@invalid')).toBe(true);
  });

  it('leave every other address alone', () => {
    expect(isReservedEmail('someone@example.com')).toBe(false);
    expect(isReservedEmail('someone@invalid.example.com')).toBe(false);
    expect(isReservedEmail('someone@notinvalid')).toBe(false);
    expect(isReservedEmail('someone.invalid@example.com')).toBe(false);
  });
});

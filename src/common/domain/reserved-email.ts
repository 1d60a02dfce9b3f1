/**
 * Addresses nobody may sign up with or move an account to: the `.invalid` top-level domain, which
 * RFC 6761 reserves so that it never resolves or receives mail. A deleted account keeps an address
 * under it (at DELETED_ACCOUNT_EMAIL_DOMAIN), so that no one can take that address first and make
 * the deletion fail.
 */
export const DELETED_ACCOUNT_EMAIL_DOMAIN = 'deleted.invalid';

export const RESERVED_EMAIL_MESSAGE = 'This email address cannot be used for an account';

/** Whether `email` is under the reserved `.invalid` domain (any case, with or without a final dot). */
export function isReservedEmail(email: string) {
  const domain = email
    .slice(email.lastIndexOf('@') + 1)
    .toLowerCase()
    .replace(/\.+$/, '');
  return domain === 'invalid' || domain.endsWith('.invalid');
}

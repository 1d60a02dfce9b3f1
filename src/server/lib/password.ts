import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP minimum (m=19 MiB, t=2, p=1). */
/** 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot import). */
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password. Without a stored hash it still spends the same work on a dummy hash,
 * so the answer time does not tell whether an account exists.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('threadswap-dummy-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

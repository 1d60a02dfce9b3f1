/**
 * WebSocket close codes the server gives and the client acts on; apart from realtime.ts (zod), so
 * that the client's first bundle can read them.
 */

/** The socket's session ended (sign-out, a password change elsewhere, expiry): the client says so and asks to sign in again. */
export const SESSION_ENDED_CLOSE = 4001;

import { afterEach, beforeAll } from 'vitest';
import { TestSocket } from './sockets';
import type { TestClient, useTestApp } from './test-app';

/**
 * For the test files that speak to the realtime gateway: puts the test app on a real socket before
 * the tests, closes every socket a test opened after it, and `connect` opens a member's socket and
 * waits for its first `unread` event (the gateway's greeting).
 */
export function useLiveSockets(t: ReturnType<typeof useTestApp>) {
  let baseUrl = '';
  const open: TestSocket[] = [];
  beforeAll(async () => {
    await t.ready();
    ({ baseUrl } = await t.listen());
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  return {
    /** `http://127.0.0.1:<port>` once the app listens. */
    get baseUrl() {
      return baseUrl;
    },
    /** Closes these sockets after the test. */
    track(...sockets: TestSocket[]) {
      open.push(...sockets);
    },
    async connect(client: TestClient) {
      const socket = await TestSocket.open(baseUrl, client.cookie);
      open.push(socket);
      await socket.next('unread');
      return socket;
    },
  };
}

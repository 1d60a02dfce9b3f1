import { connect } from 'node:net';

export interface SlowRequestResult {
  /** What the server sent back before the connection closed, as text. */
  answer: string;
  /** How many bytes of the slow part were sent before the server closed the connection. */
  sent: number;
}

/**
 * A client on a bad line, or one holding a connection on purpose: sends `fast` at once, then `slow`
 * one byte every `everyMs` ms, until the server closes the connection (a request sent whole
 * should ask for `connection: close`, so that the server closes it after answering).
 */
export function sendSlowly(port: number, fast: string, slow: string | Buffer, everyMs: number) {
  const body = Buffer.from(slow);
  return new Promise<SlowRequestResult>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let drip: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    // Writing to a connection the server has just cut off fails; `close` reports the outcome.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(drip);
      resolve({ answer, sent });
    });
    socket.on('connect', () => {
      socket.write(fast);
      drip = setInterval(() => {
        if (sent === body.length) return clearInterval(drip);
        socket.write(body.subarray(sent, sent + 1));
        sent += 1;
      }, everyMs);
    });
  });
}

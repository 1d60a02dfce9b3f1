/**
 * The throughput baseline: a bare node:http server answering every request with the bytes and
 * headers of one recorded app response. Run as its own process (like the app), it prints its port.
 * Usage: node --import tsx bench/baseline-server.ts <recording.json>
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

interface Recording {
  status: number;
  headers: Record<string, string>;
  bodyBase64: string;
}

const file = process.argv[2];
if (!file) throw new Error('usage: baseline-server.ts <recording.json>');
const recording = JSON.parse(readFileSync(file, 'utf8')) as Recording;
const body = Buffer.from(recording.bodyBase64, 'base64');
const headers = { ...recording.headers, 'content-length': String(body.length) };

const server = createServer((request, response) => {
  // Drain any body, as a real server would, then answer the recorded bytes.
  request.resume();
  response.writeHead(recording.status, headers);
  response.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_NOT_VERIFIED } from '../../../common/api/auth';
import { users } from '../../db/schema';
import { buildConversation, buildItem } from '../../test-support/builders';
import { startSmtpServer } from '../../test-support/smtp';
import { TestSocket } from '../../test-support/sockets';
import { type TestClient, testConfig, useTestApp } from '../../test-support/test-app';

const smtp = await startSmtpServer();
const t = useTestApp({
  config: { mail: { ...testConfig.mail, smtpUrl: smtp.url, requireEmailVerification: true } },
});
let baseUrl = '';
beforeAll(async () => {
  await t.ready();
  ({ baseUrl } = await t.listen());
});
afterAll(() => smtp.close());
beforeEach(() => {
  smtp.clear();
});

const tokenIn = (text: string | undefined) =>
  /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1] ?? '';

async function register(email: string) {
  const client = t.visitor();
  const response = await client.post('/api/auth/register', {
    firstName: 'Nina',
    email,
    password: 'a-long-enough-passphrase',
  });
  expect(response.statusCode).toBe(201);
  client.user = response.json();
  await t.app.services.mailer.idle();
  return client;
}

async function tradeRequestFrom(client: TestClient) {
  const owner = await t.member();
  const wanted = await buildItem(t, owner);
  const offered = await buildItem(t, client, { title: 'Denim Jacket' });
  return client.post('/api/trade-requests', { requestedItemId: wanted.id, offeredItemId: offered.id });
}

describe('email verification at registration', () => {
  it('sends a link that verifies the email once', async () => {
    const client = await register('nina@example.com');
    const [mail] = smtp.to('nina@example.com');
    expect(mail?.subject).toBe('Confirm your email for Threadswap');
    expect(mail?.html).toContain('/verify-email?token=');
    const me = (await client.get('/api/auth/user')).json();
    expect(me).toMatchObject({ emailVerified: false, emailVerificationRequired: true });

    const token = tokenIn(mail?.text);
    expect((await t.visitor().post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    expect((await client.get('/api/auth/user')).json().emailVerified).toBe(true);
    const again = await t.visitor().post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid or has expired/);
  });

  it('lets an unverified member browse and keep favourites, but not send trade requests or messages (HTTP and socket)', async () => {
    const client = await register('unverified@example.com');
    expect((await client.get('/api/items')).statusCode).toBe(200);
    const upload = await client.post('/api/favorites', { itemId: (await buildItem(t, await t.member())).id });
    expect(upload.statusCode).toBe(201);

    const request = await tradeRequestFrom(client);
    expect(request.statusCode).toBe(403);
    expect(request.json().message).toBe(EMAIL_NOT_VERIFIED);

    const { first, conversation } = await buildConversation(t, { first: { verified: false } });
    const message = await first.post('/api/messages', { conversationId: conversation.id, content: 'hi' });
    expect(message.statusCode).toBe(403);
    expect(message.json().message).toBe(EMAIL_NOT_VERIFIED);

    const socket = await TestSocket.open(baseUrl, first.cookie);
    try {
      socket.send({ type: 'send_message', message: { conversationId: conversation.id, content: 'hello?' } });
      expect((await socket.next('error')).message).toBe(EMAIL_NOT_VERIFIED);
      // Verified since the socket opened: the next message goes through.
      await t.db
        .update(users)
        .set({ emailVerifiedAt: new Date() })
        .where(eq(users.id, first.user?.id ?? ''));
      socket.send({ type: 'send_message', message: { conversationId: conversation.id, content: 'now?' } });
      expect((await socket.next('new_message')).message.content).toBe('now?');
    } finally {
      socket.ws.close();
    }
    expect(
      (await first.post('/api/messages', { conversationId: conversation.id, content: 'ok' })).statusCode,
    ).toBe(201);
  });

  it('lets a verified member send trade requests', async () => {
    const client = await t.member();
    expect((await tradeRequestFrom(client)).statusCode).toBe(201);
  });

  it('sends a new link on Resend, replacing the earlier one; not once verified', async () => {
    const client = await register('resend@example.com');
    const first = tokenIn(smtp.to('resend@example.com')[0]?.text);
    const resend = await client.post('/api/auth/verify-email/resend');
    expect(resend.statusCode).toBe(202);
    await t.app.services.mailer.idle();
    const second = tokenIn(smtp.to('resend@example.com')[1]?.text);
    expect(second).not.toBe(first);
    expect((await t.visitor().post('/api/auth/verify-email', { token: first })).statusCode).toBe(400);
    expect((await t.visitor().post('/api/auth/verify-email', { token: second })).statusCode).toBe(200);
    const late = await client.post('/api/auth/verify-email/resend');
    expect(late.statusCode).toBe(409);
    expect((await t.visitor().post('/api/auth/verify-email/resend')).statusCode).toBe(401);
  });
});

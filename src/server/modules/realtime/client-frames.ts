/**
 * What a member's socket sends: join or leave a conversation, send a message, typing. Each frame is
 * checked (JSON, safe text, the contract's `clientEvent`) before it is acted on.
 */
import type { FastifyInstance } from 'fastify';
import { clientEvent } from '../../../common/realtime';
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '../../../common/domain/unsafe-text';
import { assertEmailVerified } from '../../lib/email-verification';
import type { ServiceContext } from '../../lib/service-context';
import * as chat from '../chat';
import { type Connection, send } from './connections';

export interface FrameHandlerDeps {
  ctx: ServiceContext;
  /** Read at each frame: the mail settings (an unverified member may not send) and the member limits. */
  app: Pick<FastifyInstance, 'config' | 'memberLimiter'>;
  /** Closes the connection if its session has ended (session-checks.ts). */
  closeEnded: (list: Connection[]) => Promise<void>;
  /** Passes typing on to the conversation's other members, gated (typing.ts). */
  gateTyping: (
    connection: Connection,
    conversationId: string,
    recipients: string[],
    isTyping: boolean,
  ) => Promise<void>;
}

export function frameHandler({ ctx, app, closeEnded, gateTyping }: FrameHandlerDeps) {
  /** A frame past the session's known deadline waits for a fresh look at the session first. */
  async function handleFrame(connection: Connection, raw: string) {
    if (Date.now() >= connection.validUntil) await closeEnded([connection]);
    if (connection.ended) return;
    await handle(connection, raw);
  }

  async function handle(connection: Connection, raw: string) {
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      return send(connection, { type: 'error', message: 'Frames must be JSON objects' });
    }
    const unsafe = findUnsafeText(data);
    if (unsafe) {
      return send(connection, {
        type: 'error',
        message: `Invalid event: ${unsafe.join('.') || 'frame'} ${UNSAFE_TEXT_MESSAGE}`,
      });
    }
    const parsed = clientEvent.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return send(connection, {
        type: 'error',
        message: `Invalid event: ${issue?.path.join('.') || 'type'} ${issue?.message ?? ''}`.trim(),
      });
    }
    const event = parsed.data;
    switch (event.type) {
      case 'join_conversation': {
        const conversation = await chat.requireParticipant(ctx, connection.userId, event.conversationId);
        const others = conversation.ringId
          ? await chat.otherGroupMembers(ctx.db, conversation.id, connection.userId)
          : [
              (conversation.participant1Id === connection.userId
                ? conversation.participant2Id
                : conversation.participant1Id) as string,
            ];
        connection.rooms.clear();
        connection.rooms.set(conversation.id, others);
        await chat.markViewing(ctx, connection.userId, connection.id, conversation.id);
        return send(connection, { type: 'joined', conversationId: conversation.id });
      }
      case 'leave_conversation':
        connection.rooms.delete(event.conversationId);
        return chat.stopViewing(ctx, connection.id);
      case 'send_message':
        await assertEmailVerified(ctx.db, app.config.mail.requireEmailVerification, connection.userId);
        await chat.sendMessage(
          ctx,
          connection.userId,
          event.message.conversationId,
          event.message.content,
          undefined,
          app.memberLimiter.inStatement('message', connection.userId),
        );
        return;
      case 'typing': {
        const recipients = connection.rooms.get(event.conversationId);
        if (!recipients)
          return send(connection, { type: 'error', message: 'Join the conversation before typing in it' });
        return gateTyping(connection, event.conversationId, recipients, event.isTyping);
      }
    }
  }

  return handleFrame;
}

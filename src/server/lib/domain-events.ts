import type { Message, TradeCardEvent } from '../../common/api/chat';
import type { DealField } from '../../common/domain/trade-terms';
import type { NotificationType } from '../../common/api/notifications';
import type { ImmediateEmailType } from '../../common/api/email-preferences';
import type { Tx } from '../db/connect';
import type { TextRef } from './i18n';
import type { MailMessage } from './mail';

/** A notification to store for one member. */
export interface NewNotification {
  userId: string;
  type: NotificationType;
  /**
   * The texts, as keys of src/server/i18n/locales/<language>/notifications.json with their values:
   * rendered when stored, in the recipient's language (`users.locale`, else English).
   */
  title: TextRef;
  message: TextRef;
  link?: string | null;
  /** Same key for the same member: stored once, later ones are dropped. */
  dedupeKey?: string;
  /**
   * Same key for the same member, while its notification is unread and was stored or rewritten within
   * COALESCE_WINDOW_MS (unit-of-work.ts): the stored one is
   * rewritten with these texts and comes back to the top, instead of another being stored, and it
   * is not pushed or emailed again (a burst of edits is one notification, not one each).
   */
  coalesceKey?: string;
  /** The email that tells of it at once, by the member's preference; without one the daily digest does. */
  emailType?: ImmediateEmailType;
}

/** A stored notification, as much of it as its member's sockets need to load it. */
export interface StoredNotification {
  id: string;
  userId: string;
  /** Set when an email tells of it at once (NewNotification.emailType). */
  emailType?: ImmediateEmailType | null;
}

/**
 * What happened on a write path, by name. Writers emit; other modules react in their own
 * `<module>.listeners.ts`, so that no writer imports the modules that care.
 */
export interface DomainEventMap {
  /** An item entered the marketplace: newly listed, or relisted by its owner. */
  'item.listed': { itemId: string; memberId: string };
  /**
   * An item left the marketplace: unlisted or deleted by its owner. `wasListed` is false when it had
   * left already (an unlisted item deleted, or unlisted again).
   */
  'item.withdrawn': { itemId: string; memberId: string; wasListed: boolean };
  /**
   * Items a trade or ring reserved, or released back to the marketplace when it ended without a swap
   * (available, or pending when requests wait on them): only the items whose state changed.
   * `parties` are the members of that trade or ring, who hear of it through its own notifications.
   */
  'items.availability-changed': {
    itemIds: string[];
    availability: 'reserved' | 'available';
    parties: string[];
  };
  /** The owner changed fields of an item that define a deal (trade-terms.ts), listed or not. */
  'item.terms-changed': { itemId: string; memberId: string; fields: DealField[] };
  /** A member deleted their account; these of their items were deleted with it. */
  'account.deleted': { memberId: string; itemIds: string[] };
  /** A member created or changed a swap rule: the ring engine looks for new rings. */
  'swap-rules.changed': { memberId: string };
  /** A member favourited an item: a new want, which may close a ring. */
  'favorite.added': { memberId: string; itemId: string };
  /** A swap ring was proposed to its members (who get its group conversation). */
  'ring.proposed': { ringId: string; memberIds: string[] };
  /**
   * The owner of a giveaway picked one ask: the item is reserved by the handover (a trade), and the
   * ring engine drops the proposals holding it.
   */
  'giveaway.picked': { itemId: string; tradeId: string; ownerId: string; requesterId: string };
  /** Every member of a ring accepted: its items are reserved, pairwise requests on them end. */
  'ring.accepted': { ringId: string; memberIds: string[]; itemIds: string[] };
  /**
   * An account is being created (sign-up, or a first external sign-in), in the transaction that
   * inserts it: the community module refuses it (throws, rolling it back) when the community's
   * registration rule does not admit it, and spends the invitation it came with.
   */
  'member.joining': {
    memberId: string;
    email: string;
    invitation: string | null;
    via: 'password' | 'external';
  };
  /** A member blocked another: nothing may stay in flight between them. */
  'member.blocked': { memberId: string; blockedId: string };
  /** Moderators suspended a member: nothing of theirs may stay pending. */
  'member.suspended': { memberId: string };
  /** A member reported a listing or a member (moderation may hide a listing reported by many). */
  'report.filed': { targetType: 'item' | 'user'; targetId: string };
  /** Sessions of a member ended (logout, password change, account deletion, ended from the session list). */
  'sessions.ended': { memberId: string };
  /** Notifications were committed (the unit of work emits this for what its work stored). */
  'notifications.stored': { notifications: StoredNotification[] };
  /** A member read notifications: their unread count changed. */
  'notifications.read': { memberId: string };
  /**
   * Something happened to a barter request (made, countered, accepted, shipped, expired…): its card
   * goes into the two parties' conversation about it. `actorId` is null when nobody acted (an expiry).
   * `note` is what the actor wrote with a request or counter-offer (never the default text): it
   * follows the card as the actor's message.
   */
  'trade.changed': { tradeId: string; event: TradeCardEvent; actorId: string | null; note?: string | null };
  /** A chat message was committed, with the notification it stored for the recipient, if any. */
  'message.sent': { message: Message; participants: string[]; notification: StoredNotification | null };
  /** A member read messages the other participant sent. */
  'messages.read': { conversationId: string; readerId: string; recipientId: string };
}

export type DomainEventName = keyof DomainEventMap;
/** The payload of an event. */
export type ArgOf<E extends DomainEventName> = DomainEventMap[E];

/** What a transaction leaves to do besides its own statements; see unit-of-work.ts. */
export interface Effects {
  /** Stores notifications in this transaction; they are pushed to sockets after the commit. */
  notify(...notifications: NewNotification[]): void;
  /**
   * Queues emails in this transaction (the mail queue, lib/mail.ts): they exist once it commits,
   * and are delivered then, with retries, even if the process ends right after the commit.
   */
  mail(...messages: MailMessage[]): void;
  /** Runs after the commit, in the order registered (availability refreshes, alerts, pushes). */
  after(work: () => Promise<void>): void;
  /** Runs the event's in-transaction listeners now and its after-commit listeners after the commit. */
  emit<E extends DomainEventName>(name: E, payload: ArgOf<E>): Promise<void>;
}

/** Runs inside the emitter's transaction: what it writes commits or rolls back with the emitter's work. */
export type InTransactionListener<E extends DomainEventName> = (
  payload: ArgOf<E>,
  tx: Tx,
  effects: Effects,
) => Promise<void>;
/**
 * Runs once the emitter's transaction has committed; the emitter waits for it before answering. A
 * failure is logged and ends nothing else: the write it follows has committed already.
 */
export type AfterCommitListener<E extends DomainEventName> = (payload: ArgOf<E>) => Promise<void>;

export interface DomainEvents {
  inTransaction<E extends DomainEventName>(name: E, listener: InTransactionListener<E>): void;
  afterCommit<E extends DomainEventName>(name: E, listener: AfterCommitListener<E>): void;
  /** Runs the in-transaction listeners (the unit of work calls this through `effects.emit`). */
  runInTransaction<E extends DomainEventName>(
    name: E,
    payload: ArgOf<E>,
    tx: Tx,
    effects: Effects,
  ): Promise<void>;
  /**
   * Runs the after-commit listeners: for work that is committed already (the unit of work, or a
   * single statement that committed on its own). Each runs isolated (`isolated`): one that fails is
   * logged with the event's name, and the next still runs; this never throws.
   */
  committed<E extends DomainEventName>(name: E, payload: ArgOf<E>): Promise<void>;
  /**
   * Runs work that follows a commit: a failure is logged with `label` and never thrown, since the
   * write it follows has committed and its answer must say so.
   */
  isolated(label: string, work: () => Promise<void>): Promise<void>;
}

export interface DomainEventsLog {
  error(details: object, message: string): void;
}

/**
 * In process, listeners in the order they subscribed. A failing in-transaction listener fails the
 * emitter (its transaction rolls back); a failing after-commit listener is logged to `log` only.
 */
export function createDomainEvents(log: DomainEventsLog): DomainEvents {
  type AnyInTransaction = (payload: never, tx: Tx, effects: Effects) => Promise<void>;
  type AnyAfterCommit = (payload: never) => Promise<void>;
  const inTransaction = new Map<DomainEventName, AnyInTransaction[]>();
  const afterCommit = new Map<DomainEventName, AnyAfterCommit[]>();
  const add = <L>(map: Map<DomainEventName, L[]>, name: DomainEventName, listener: L) => {
    map.set(name, [...(map.get(name) ?? []), listener]);
  };
  return {
    inTransaction(name, listener) {
      add<AnyInTransaction>(inTransaction, name, listener);
    },
    afterCommit(name, listener) {
      add<AnyAfterCommit>(afterCommit, name, listener);
    },
    async runInTransaction<E extends DomainEventName>(name: E, payload: ArgOf<E>, tx: Tx, effects: Effects) {
      for (const listener of (inTransaction.get(name) ?? []) as InTransactionListener<E>[])
        await listener(payload, tx, effects);
    },
    async committed<E extends DomainEventName>(name: E, payload: ArgOf<E>) {
      for (const listener of (afterCommit.get(name) ?? []) as AfterCommitListener<E>[])
        await this.isolated(name, () => listener(payload));
    },
    async isolated(label, work) {
      try {
        await work();
      } catch (error) {
        log.error({ err: error, event: label }, 'after-commit work failed');
      }
    },
  };
}

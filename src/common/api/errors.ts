import { z } from 'zod';

/**
 * Every error code the API answers with, and the names of the values (`params`) its text takes.
 * A code is stable: clients translate it (src/common/i18n/locales/<language>/errors.json, keyed by
 * the code) and never read the English `message`, which the server renders from the English
 * catalogue's text for the code. To add one: name it here (`<area>.<what_went_wrong>`), give it its
 * English and French texts with the same `{{params}}`, and throw it with the helper for its status
 * (`conflict('trade.already_settled', { status })`). `errors.test.ts` checks all three agree.
 */
export const ERROR_CODES = {
  'http.bad_request': [],
  'http.unauthorized': [],
  'http.forbidden': [],
  'http.not_found': [],
  'http.conflict': [],
  'http.payload_too_large': [],
  'http.unsupported_media_type': [],
  'http.too_many_requests': [],
  'http.internal': [],
  'http.unavailable': [],
  'request.invalid_json': [],
  'request.empty_json': [],
  'request.body_too_large': [],
  'request.unsupported_media_type': [],
  'request.cross_origin': [],
  'validation.invalid': [],
  'validation.required': [],
  'validation.invalid_type': ['expected'],
  'validation.too_short': ['minimum'],
  'validation.too_long': ['maximum'],
  'validation.too_small': ['minimum'],
  'validation.too_big': ['maximum'],
  'validation.too_few': ['minimum'],
  'validation.too_many': ['maximum'],
  'validation.invalid_format': ['format'],
  'validation.invalid_email': [],
  'validation.invalid_id': [],
  'validation.invalid_value': [],
  'validation.unrecognized_keys': ['keys'],
  'validation.unsafe_text': [],
  'validation.custom': [],
  'auth.session_required': [],
  'auth.email_not_verified': [],
  'auth.moderators_only': [],
  'auth.too_many_attempts_seconds': ['count'],
  'auth.too_many_attempts_minutes': ['count'],
  'limits.too_many_seconds': ['action', 'wait'],
  'limits.too_many_minutes': ['action', 'wait'],
  'auth.verification_links_exhausted': [],
  'auth.too_many_emails_to_address': [],
  'auth.dev_login_disabled': [],
  'auth.demo_member_missing': [],
  'auth.external_sign_in_unconfigured': [],
  'auth.invalid_email_link': [],
  'auth.email_already_verified': [],
  'auth.wrong_password': [],
  'auth.wrong_current_password': [],
  'auth.same_email': [],
  'auth.email_taken': [],
  'auth.password_too_short': ['minimum'],
  'auth.password_too_long': ['maximum'],
  'auth.password_too_common': [],
  'holiday.invalid_date': [],
  'holiday.date_not_after_today': [],
  'holiday.too_long': ['days', 'latest'],
  'auth.demo_account_shared': ['action'],
  'auth.session_not_found': [],
  'auth.finish_trades_before_deletion': [],
  'auth.invalid_credentials': [],
  'auth.reserved_email': [],
  'images.not_multipart': [],
  'images.missing_file': [],
  'images.too_large': [],
  'images.not_found': [],
  'images.not_an_image': [],
  'images.too_many_pixels': [],
  'images.quota_full': ['megabytes'],
  'town.not_found': [],
  'meetup.trade_not_accepted': [],
  'meetup.no_town': [],
  'meetup.too_far': ['maxKm'],
  'meetup.in_past': [],
  'meetup.none_pending': [],
  'meetup.own_proposal': [],
  'meetup.not_agreed': [],
  'meetup.wrong_code': ['attemptsLeft'],
  'meetup.too_many_attempts': [],
  'meetup.already_handed_over': [],
  'giveaway.item_not_found': [],
  'giveaway.not_a_giveaway': [],
  'giveaway.own_item': [],
  'giveaway.item_unavailable': [],
  'giveaway.already_asked': [],
  'giveaway.too_many_asks': [],
  'giveaway.not_found': [],
  'giveaway.owner_only': [],
  'giveaway.ask_closed': [],
  'trade.nothing_to_receive': [],
  'trade.item_unavailable': [],
  'trade.items_unavailable': ['titles'],
  'trade.already_settled': ['status'],
  'trade.owner_away': ['name', 'until'],
  'trade.offer_what_you_ask': [],
  'trade.requested_item_not_found': [],
  'trade.a_requested_item_not_found': [],
  'trade.own_item_requested': [],
  'trade.items_not_theirs': [],
  'trade.items_of_one_member': [],
  'trade.offered_item_not_found': [],
  'trade.an_offered_item_not_found': [],
  'trade.offered_not_requesters': [],
  'trade.offer_only_own_items': [],
  'trade.offered_item_unavailable': [],
  'trade.offered_items_unavailable': ['titles'],
  'trade.owner_mismatch': [],
  'trade.duplicate_request': [],
  'trade.latest_offer_yours': [],
  'trade.counter_offer_unchanged': [],
  'trade.not_found': [],
  'trade.just_changed': [],
  'trade.offer_replaced': [],
  'trade.latest_offer_yours_accept': [],
  'trade.only_requester_cancels': [],
  'trade.only_owner_answers': [],
  'trade.under_dispute': [],
  'trade.item_received': [],
  'trade.reason_only_when_cancelling': [],
  'trade.item_taken': ['title'],
  'trade.already_completed': [],
  'trade.receipt_needs_accepted': [],
  'trade.partner_not_sent': [],
  'trade.sending_closed': ['status'],
  'trade.item_changed': [],
  'trade.tracking_before_accept': [],
  'trade.tracking_closed': ['status'],
  'dispute.not_found': [],
  'dispute.own_photos_only': [],
  'dispute.trade_already_disputed': [],
  'dispute.trade_not_disputable': ['status'],
  'dispute.trade_receipt_confirmed': [],
  'dispute.claim_window_closed': [],
  'dispute.own_trade': [],
  'dispute.already_resolved': [],
  'items.not_found': [],
  'members.not_found': [],
  'matching.own_item_target': [],
  'matching.not_your_item': [],
  'social.self_connection': [],
  'social.already_connected': [],
  'social.request_not_found': [],
  'social.only_addressee_answers': [],
  'social.request_already_accepted': [],
  'social.not_connected': [],
  'rings.not_found': [],
  'reviews.ring_not_completed': [],
  'reviews.trade_not_found': [],
  'reviews.trade_not_completed': [],
  'safety.blocked': [],
  'safety.self_block': [],
  'safety.self_report': [],
  'safety.own_item_report': [],
  'safety.already_reported': [],
  'safety.report_not_found': [],
  'chat.conversation_not_found': [],
  'chat.self_conversation': [],
  'chat.conversation_changed': [],
  'chat.client_id_used': [],
  'chat.photo_not_found': [],
  'chat.message_not_found': [],
  'chat.only_recipient_reads': [],
  'request.cross_origin_socket': [],
  'items.foreign_photos': [],
  'items.duplicate_photo': [],
  'items.not_yours': [],
  'items.traded': [],
  'items.reserved_unlist': [],
  'items.reserved_delete': [],
  'notifications.invalid_unsubscribe_link': [],
  'notifications.altered_unsubscribe_link': [],
  'notifications.account_gone': [],
  'notifications.not_found': [],
  'favorites.own_item': [],
  'wishlist.not_found': [],
  'saved_searches.not_found': [],
  'rings.reason_only_when_cancelling': [],
  'rings.under_dispute_cancel': [],
  'rings.item_received': [],
  'rings.expired': [],
  'rings.dissolved': [],
  'rings.already_completed': [],
  'rings.under_dispute': [],
  'rings.receipt_needs_accepted': [],
  'rings.giver_not_sent': [],
  'rings.nothing_to_receive': [],
  'rings.nothing_to_send': [],
  'rings.sending_closed': ['status'],
  'rings.already_disputed': [],
  'rings.receipt_confirmed': [],
  'dispute.own_ring': [],
  'swap_rules.own_listings_only': [],
  'swap_rules.not_found': [],
  'social.declined_cooldown': ['declinedOn', 'againFrom'],
  'reviews.already_reviewed_trade': [],
  'reviews.already_reviewed_ring': [],
  'chat.cursor_not_in_conversation': [],
  'chat.ring_thread_closed': ['status'],
  'drafts.empty': [],
  'drafts.too_many': ['maximum'],
  'drafts.not_found': [],
  'items.subcategory_mismatch': ['subcategory', 'category'],
  'items.fixed_terms': [],
  'rings.not_cancellable': ['status'],
  'rings.already_settled': ['status'],
  'rings.not_disputable': ['status'],
  'swap_rules.too_many': ['maximum'],
  'swap_rules.band_order': [],
  'wishlist.full': ['maximum'],
  'saved_searches.too_many': ['maximum'],
  'saved_searches.duplicate': ['name'],
  'saved_searches.query_too_long': ['maximum'],
  'saved_searches.unsafe_text': [],
  'saved_searches.repeated_parameter': ['name'],
  'saved_searches.paging_parameter': ['name'],
  'saved_searches.unknown_filters': ['names'],
  'saved_searches.invalid_filter': ['name'],
  'saved_searches.no_filter': [],
  'auth.admins_only': [],
  'auth.suspended_until': ['until'],
  'auth.suspended': [],
  'images.upload_too_large': [],
  'images.one_image': [],
  'images.no_boundary': [],
  'images.malformed_upload': [],
  'images.side_too_long': [],
  'images.too_elongated': [],
  'images.took_too_long': [],
  'items.held_by_moderators': [],
  'notifications.unsubscribe_link_expired': ['days'],
  'notifications.unsubscribe_link_revoked': [],
  'notifications.already_unsubscribed': [],
  'realtime.too_many_connections': [],
  'rings.members_blocked': [],
  'moderation.last_admin': [],
  'moderation.item_already_removed': [],
  'moderation.item_not_removed': [],
  'moderation.no_open_reports': [],
  'moderation.own_account': [],
  'moderation.admins_act_on_staff': [],
  'moderation.already_suspended': [],
  'moderation.not_suspended': [],
  'moderation.invalid_appeal_link': [],
  'moderation.account_not_suspended': [],
  'moderation.nothing_to_appeal': [],
  'moderation.already_appealed': [],
  'moderation.appeal_not_found': [],
  'moderation.appeal_decided': [],
  'shipment.carrier_not_offered': ['country'],
  'shipment.tracking_format': ['carrier'],
  'shipment.not_accepted': ['status'],
  'packing_slip.unavailable': ['status'],
  'packing_slip.no_recipient_address': [],
  'packing_slip.nothing_to_send': [],
  'auth.invitation_required': [],
  'auth.invitation_invalid': [],
  'auth.domain_not_allowed': ['domains'],
  'community.domains_required': [],
} as const satisfies Record<string, readonly string[]>;

export type ErrorCode = keyof typeof ERROR_CODES;
/** The values a code's text takes, by name. */
export type ErrorParams<C extends ErrorCode> = Record<(typeof ERROR_CODES)[C][number], string | number>;
/** A coded helper's arguments after the code: its params, required only when the code takes some. */
export type ErrorParamArgs<C extends ErrorCode> = (typeof ERROR_CODES)[C] extends readonly []
  ? []
  : [params: ErrorParams<C>];

export const errorCode = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

/**
 * Codes that only say what kind of failure it was: errors thrown with a message and no code of
 * their own, and refinements of the contract without one. Their English `message` says more than
 * the code's text, so an English reader is shown the message; other languages the code's text.
 */
export const GENERIC_ERROR_CODES: ReadonlySet<ErrorCode> = new Set([
  'http.bad_request',
  'http.unauthorized',
  'http.forbidden',
  'http.not_found',
  'http.conflict',
  'http.too_many_requests',
  'validation.custom',
]);

export const errorParams = z.record(z.string(), z.union([z.string(), z.number()]));

/** What a zod issue says, as the error handler and the client's forms both read it. */
export interface ZodIssueLike {
  code: string;
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  format?: unknown;
  keys?: unknown;
  expected?: unknown;
  params?: unknown;
}

/**
 * The code and params of a zod issue. A refinement names its own code through its params
 * (`.refine(check, { message, params: { code: 'swap_rules.band_order' } })`); one that does not is
 * `validation.custom`, whose English message is the refinement's.
 */
export function zodIssueCode(issue: ZodIssueLike): {
  code: ErrorCode;
  params?: Record<string, string | number>;
} {
  const number = (value: unknown) => (typeof value === 'bigint' ? Number(value) : Number(value));
  const sized =
    issue.origin === 'string'
      ? 'text'
      : issue.origin === 'array' || issue.origin === 'set'
        ? 'list'
        : 'number';
  switch (issue.code) {
    case 'too_small': {
      const minimum = number(issue.minimum);
      if (sized === 'text')
        return minimum <= 1
          ? { code: 'validation.required' }
          : { code: 'validation.too_short', params: { minimum } };
      return { code: sized === 'list' ? 'validation.too_few' : 'validation.too_small', params: { minimum } };
    }
    case 'too_big': {
      const maximum = number(issue.maximum);
      const code =
        sized === 'text'
          ? 'validation.too_long'
          : sized === 'list'
            ? 'validation.too_many'
            : 'validation.too_big';
      return { code, params: { maximum } };
    }
    case 'invalid_type':
      return { code: 'validation.invalid_type', params: { expected: String(issue.expected ?? 'value') } };
    case 'invalid_format':
      if (issue.format === 'email') return { code: 'validation.invalid_email' };
      if (issue.format === 'uuid' || issue.format === 'guid') return { code: 'validation.invalid_id' };
      return { code: 'validation.invalid_format', params: { format: String(issue.format ?? '') } };
    case 'unrecognized_keys':
      return {
        code: 'validation.unrecognized_keys',
        params: { keys: Array.isArray(issue.keys) ? issue.keys.join(', ') : '' },
      };
    case 'custom': {
      // A refinement names its code (and the code's values) in the issue's params.
      const { code: named, values } = (issue.params ?? {}) as {
        code?: unknown;
        values?: Record<string, string | number>;
      };
      if (!isErrorCode(named)) return { code: 'validation.custom' };
      return values ? { code: named, params: values } : { code: named };
    }
    default:
      return { code: 'validation.invalid_value' };
  }
}

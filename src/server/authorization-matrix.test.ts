/**
 * Every endpoint × {visitor, another member, owner or participant}: one table, one expected status
 * each. A route without a row fails the test, so a new endpoint cannot ship without its permissions.
 *
 * A call that cannot change the world (a GET, or a refused or redirected call) runs on one world built
 * once; a call expected to be accepted as a write runs on a world of its own, built again for it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dealTerms } from '../common/domain/trade-terms';
import { ringLegs, rings } from './db/schema';
import { unsubscribeToken } from './modules/notifications/unsubscribe-links';
import { buildTrade } from './test-support/builders';
import { itemInput, multipart, pngImage, uploadImage } from './test-support/fixtures';
import { type TestClient, useTestApp } from './test-support/test-app';

// The worlds empty the tables themselves (world() resets): the shared one must outlive each test.
const t = useTestApp({ resetBetweenTests: false });
const photo = '/images/00000000-0000-4000-8000-000000000001';
const unknown = '00000000-0000-4000-8000-000000000000';

interface World {
  owner: TestClient;
  partner: TestClient;
  other: TestClient;
  itemId: string;
  partnerItemId: string;
  tradeId: string;
  conversationId: string;
  messageId: string;
  notificationId: string;
  wishlistId: string;
  savedSearchId: string;
  /** The owner's listing draft, complete enough to publish. */
  draftId: string;
  swapRuleId: string;
  ringId: string;
  friendRequestId: string;
  ownerId: string;
  partnerId: string;
  /** The id (not the token) of the owner's session. */
  ownerSessionId: string;
  /** The token of the owner's link to unsubscribe from the digest. */
  unsubscribeToken: string;
}

async function world(): Promise<World> {
  await t.reset();
  const {
    owner,
    requester: partner,
    wanted,
    offered,
    trade,
  } = await buildTrade(t, {
    owner: { firstName: 'Owner', role: 'moderator' },
    requester: { firstName: 'Partner' },
  });
  const other = await t.member({ firstName: 'Other' });
  const ownerId = owner.user?.id ?? '';
  const partnerId = partner.user?.id ?? '';
  const itemId = wanted.id;
  const partnerItemId = offered.id;
  const conversation = (
    await partner.post('/api/conversations/find-or-create', { otherUserId: ownerId })
  ).json();
  const message = (
    await partner.post('/api/messages', { conversationId: conversation.id, content: 'hi' })
  ).json();
  const [notification] = (await owner.get('/api/notifications')).json();
  const wishlist = (await owner.post('/api/wishlist', { title: 'coat', category: 'clothing' })).json();
  const swapRule = (await owner.post('/api/swap-rules', { category: 'shoes' })).json();
  const savedSearch = (
    await owner.post('/api/saved-searches', { name: 'Shoes', query: 'category=shoes' })
  ).json();
  const draft = (await owner.post('/api/drafts', itemInput(await uploadImage(owner)))).json();
  // A proposed two-member ring between the owner and the partner, written directly.
  const [ring] = await t.db
    .insert(rings)
    .values({ score: 0.98, expiresAt: new Date(Date.now() + 3_600_000) })
    .returning();
  if (!ring) throw new Error('ring insert returned nothing');
  await t.db.insert(ringLegs).values([
    {
      ringId: ring.id,
      position: 0,
      giverId: ownerId,
      itemId: wanted.id,
      receiverId: partnerId,
      terms: dealTerms(wanted),
      reason: { code: 'wanted' as const },
    },
    {
      ringId: ring.id,
      position: 1,
      giverId: partnerId,
      itemId: offered.id,
      receiverId: ownerId,
      terms: dealTerms(offered),
      reason: { code: 'wanted' as const },
    },
  ]);
  await partner.post('/api/social/connect', { friendId: ownerId });
  const [friendRequest] = (await owner.get('/api/social/network')).json().incoming;
  const [ownerSession] = (await owner.get('/api/auth/sessions')).json();
  return {
    unsubscribeToken: await unsubscribeToken(t.db, { id: ownerId, email: owner.user?.email ?? '' }, 'digest'),
    ownerSessionId: ownerSession.id,
    owner,
    partner,
    other,
    itemId,
    partnerItemId,
    tradeId: trade.id,
    conversationId: conversation.id,
    messageId: message.id,
    notificationId: notification.id,
    wishlistId: wishlist.id,
    savedSearchId: savedSearch.id,
    draftId: draft.id,
    swapRuleId: swapRule.id,
    ringId: ring.id,
    friendRequestId: friendRequest.id,
    ownerId,
    partnerId,
  };
}

type Request = { url: string; body?: unknown; multipart?: boolean };
interface Row {
  expect: { visitor: number; other: number; owner: number };
  request: (w: World) => Request;
  /** Who plays "owner or participant" for this route; the owner of the world by default. */
  actor?: (w: World) => TestClient;
}

const publicRead = { visitor: 200, other: 200, owner: 200 };
const memberRead = { visitor: 401, other: 200, owner: 200 };

const rows: Record<string, Row> = {
  'GET /healthz': { expect: publicRead, request: () => ({ url: '/healthz' }) },
  'GET /readyz': { expect: publicRead, request: () => ({ url: '/readyz' }) },
  // Only with METRICS_TOKEN, and then for its bearer only (metrics.test.ts); the test config has none.
  'GET /metrics': { expect: { visitor: 404, other: 404, owner: 404 }, request: () => ({ url: '/metrics' }) },
  'GET /api/openapi.json': { expect: publicRead, request: () => ({ url: '/api/openapi.json' }) },
  'POST /api/auth/register': {
    expect: { visitor: 201, other: 201, owner: 201 },
    request: () => ({
      url: '/api/auth/register',
      body: { firstName: 'New', email: `new-${Math.random()}@example.com`, password: 'secret-password' },
    }),
  },
  'POST /api/auth/login': {
    expect: { visitor: 401, other: 401, owner: 401 },
    request: () => ({ url: '/api/auth/login', body: { email: 'x@example.com', password: 'wrong-one' } }),
  },
  'POST /api/auth/logout': { expect: publicRead, request: () => ({ url: '/api/auth/logout' }) },
  'GET /api/auth/status': { expect: publicRead, request: () => ({ url: '/api/auth/status' }) },
  'GET /api/auth/user': { expect: memberRead, request: () => ({ url: '/api/auth/user' }) },
  'POST /api/auth/password': {
    expect: { visitor: 401, other: 200, owner: 200 },
    request: () => ({
      url: '/api/auth/password',
      body: { currentPassword: 'secret-password', newPassword: 'another-password' },
    }),
  },
  'DELETE /api/auth/account': {
    expect: { visitor: 401, other: 200, owner: 200 },
    request: () => ({ url: '/api/auth/account', body: { password: 'secret-password' } }),
  },
  'GET /api/auth/sessions': { expect: memberRead, request: () => ({ url: '/api/auth/sessions' }) },
  'DELETE /api/auth/sessions/:id': {
    expect: { visitor: 401, other: 404, owner: 200 },
    request: (w) => ({ url: `/api/auth/sessions/${w.ownerSessionId}` }),
  },
  'DELETE /api/auth/sessions': {
    expect: { visitor: 401, other: 200, owner: 200 },
    request: () => ({ url: '/api/auth/sessions?others=true' }),
  },
  'POST /api/auth/sessions/end-others': {
    expect: { visitor: 401, other: 200, owner: 200 },
    request: () => ({ url: '/api/auth/sessions/end-others' }),
  },
  'POST /api/demo-login-user': {
    expect: { visitor: 404, other: 404, owner: 404 },
    request: () => ({ url: '/api/demo-login-user', body: {} }),
  },
  'GET /api/login': {
    expect: { visitor: 302, other: 302, owner: 302 },
    request: () => ({ url: '/api/login' }),
  },
  'GET /api/auth/external': {
    expect: { visitor: 302, other: 302, owner: 302 },
    request: () => ({ url: '/api/auth/external' }),
  },
  'GET /api/auth/email': {
    expect: { visitor: 302, other: 302, owner: 302 },
    request: () => ({ url: '/api/auth/email' }),
  },
  // No external provider in the test config: the callback does not exist (oidc.test.ts has one).
  'GET /api/auth/oidc/callback': {
    expect: { visitor: 404, other: 404, owner: 404 },
    request: () => ({ url: '/api/auth/oidc/callback?code=x&state=y' }),
  },
  'POST /api/auth/password-reset': {
    expect: { visitor: 202, other: 202, owner: 202 },
    request: () => ({ url: '/api/auth/password-reset', body: { email: 'someone@example.com' } }),
  },
  'POST /api/auth/password-reset/confirm': {
    expect: { visitor: 400, other: 400, owner: 400 },
    request: () => ({
      url: '/api/auth/password-reset/confirm',
      body: { token: 'A'.repeat(43), password: 'a-brand-new-passphrase' },
    }),
  },
  'POST /api/auth/verify-email': {
    expect: { visitor: 400, other: 400, owner: 400 },
    request: () => ({ url: '/api/auth/verify-email', body: { token: 'A'.repeat(43) } }),
  },
  // Members of the world are verified already: a new link is refused.
  'POST /api/auth/verify-email/resend': {
    expect: { visitor: 401, other: 409, owner: 409 },
    request: () => ({ url: '/api/auth/verify-email/resend' }),
  },
  'POST /api/auth/email-change': {
    expect: { visitor: 401, other: 202, owner: 202 },
    request: () => ({
      url: '/api/auth/email-change',
      body: { newEmail: `moved-${Math.random()}@example.com`, password: 'secret-password' },
    }),
  },
  'POST /api/auth/email-change/confirm': {
    expect: { visitor: 400, other: 400, owner: 400 },
    request: () => ({ url: '/api/auth/email-change/confirm', body: { token: 'A'.repeat(43) } }),
  },
  // Demo mode (the test config) only; 404 otherwise (email-change.test.ts).
  'GET /dev/outbox': { expect: publicRead, request: () => ({ url: '/dev/outbox' }) },
  'PATCH /api/users/preferences': {
    expect: { visitor: 401, other: 200, owner: 200 },
    request: () => ({ url: '/api/users/preferences', body: { bio: 'hi' } }),
  },
  // Every member changes only their own profile: the session says whose.
  'PATCH /api/users/profile': {
    expect: { visitor: 401, other: 200, owner: 200 },
    request: () => ({ url: '/api/users/profile', body: { firstName: 'Renamed', location: 'Leeds' } }),
  },
  'PUT /api/users/profile/photo': {
    expect: { visitor: 401, other: 200, owner: 200 },
    request: () => ({ url: '/api/users/profile/photo', multipart: true }),
  },
  'DELETE /api/users/profile/photo': {
    expect: { visitor: 401, other: 200, owner: 200 },
    request: () => ({ url: '/api/users/profile/photo' }),
  },
  'PUT /api/users/holiday': {
    expect: { visitor: 401, other: 200, owner: 200 },
    request: () => ({
      url: '/api/users/holiday',
      body: { until: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10) },
    }),
  },
  'PUT /api/users/locale': {
    expect: { visitor: 401, other: 200, owner: 200 },
    request: () => ({ url: '/api/users/locale', body: { locale: 'fr' } }),
  },
  'GET /api/users/address': { expect: memberRead, request: () => ({ url: '/api/users/address' }) },
  'PUT /api/users/address': {
    expect: { visitor: 401, other: 200, owner: 200 },
    request: () => ({
      url: '/api/users/address',
      body: { name: 'A B', line1: '1 High St', postcode: '10001', city: 'New York', country: 'US' },
    }),
  },
  'DELETE /api/users/address': {
    expect: { visitor: 401, other: 200, owner: 200 },
    request: () => ({ url: '/api/users/address' }),
  },
  'DELETE /api/users/holiday': {
    expect: { visitor: 401, other: 200, owner: 200 },
    request: () => ({ url: '/api/users/holiday' }),
  },
  'POST /api/items/:id/view': {
    // Any member may count a view of an item (the owner's own views are not counted, but allowed).
    expect: { visitor: 401, other: 204, owner: 204 },
    request: (w) => ({ url: `/api/items/${w.itemId}/view` }),
  },
  'GET /api/items/:id/similar': {
    expect: publicRead,
    request: (w) => ({ url: `/api/items/${w.itemId}/similar` }),
  },
  'POST /api/images': {
    expect: { visitor: 401, other: 201, owner: 201 },
    request: () => ({ url: '/api/images', multipart: true }),
  },
  'GET /images/:id': {
    expect: { visitor: 404, other: 404, owner: 404 },
    request: () => ({ url: `/images/${unknown}` }),
  },
  'GET /api/items': { expect: publicRead, request: () => ({ url: '/api/items' }) },
  'GET /api/items/facets': { expect: publicRead, request: () => ({ url: '/api/items/facets' }) },
  'GET /api/items/:id': { expect: publicRead, request: (w) => ({ url: `/api/items/${w.itemId}` }) },
  'POST /api/items': {
    expect: { visitor: 401, other: 400, owner: 400 },
    request: () => ({
      url: '/api/items',
      body: {
        title: 't',
        description: 'd',
        category: 'clothing',
        gender: 'men',
        condition: 'good',
        estimatedValue: 1,
        images: [photo],
      },
    }),
  },
  'PATCH /api/items/:id': {
    expect: { visitor: 401, other: 403, owner: 200 },
    request: (w) => ({ url: `/api/items/${w.itemId}`, body: { title: 'Renamed' } }),
  },
  'DELETE /api/items/:id': {
    expect: { visitor: 401, other: 403, owner: 204 },
    request: (w) => ({ url: `/api/items/${w.itemId}` }),
  },
  'GET /api/users/:id/items': {
    expect: publicRead,
    request: (w) => ({ url: `/api/users/${w.ownerId}/items` }),
  },
  'GET /api/favorites': { expect: memberRead, request: () => ({ url: '/api/favorites' }) },
  'POST /api/favorites': {
    expect: { visitor: 401, other: 201, owner: 400 },
    request: (w) => ({ url: '/api/favorites', body: { itemId: w.itemId } }),
  },
  'DELETE /api/favorites/:itemId': {
    expect: { visitor: 401, other: 204, owner: 204 },
    request: (w) => ({ url: `/api/favorites/${w.itemId}` }),
  },
  'GET /api/stats': { expect: publicRead, request: () => ({ url: '/api/stats' }) },
  'GET /api/trade-requests': { expect: memberRead, request: () => ({ url: '/api/trade-requests' }) },
  'GET /api/trade-requests/page': {
    expect: memberRead,
    request: () => ({ url: '/api/trade-requests/page?tab=pending' }),
  },
  'GET /api/trade-requests/counts': {
    expect: memberRead,
    request: () => ({ url: '/api/trade-requests/counts' }),
  },
  'GET /api/trade-requests/:id': {
    expect: { visitor: 401, other: 404, owner: 200 },
    request: (w) => ({ url: `/api/trade-requests/${w.tradeId}` }),
  },
  'POST /api/trade-requests/:id/sent': {
    // The world's trade is pending: items are sent once it is accepted.
    expect: { visitor: 401, other: 404, owner: 409 },
    request: (w) => ({ url: `/api/trade-requests/${w.tradeId}/sent`, body: {} }),
  },
  'POST /api/trade-requests': {
    expect: { visitor: 401, other: 403, owner: 409 },
    request: (w) => ({
      url: '/api/trade-requests',
      body: { requestedItemId: w.itemId, offeredItemId: w.partnerItemId },
    }),
    actor: (w) => w.partner,
  },
  'PATCH /api/trade-requests/:id': {
    expect: { visitor: 401, other: 404, owner: 200 },
    request: (w) => ({ url: `/api/trade-requests/${w.tradeId}`, body: { status: 'accepted' } }),
  },
  'POST /api/trade-requests/:id/counter': {
    // The owner answers the partner's request; the same items again are not a counter-offer (400).
    expect: { visitor: 401, other: 404, owner: 400 },
    request: (w) => ({
      url: `/api/trade-requests/${w.tradeId}/counter`,
      body: { requestedItemIds: [w.itemId], offeredItemIds: [w.partnerItemId] },
    }),
  },
  'POST /api/trade-requests/:id/received': {
    expect: { visitor: 401, other: 404, owner: 409 },
    request: (w) => ({ url: `/api/trade-requests/${w.tradeId}/received`, body: { asDescribed: true } }),
  },
  'POST /api/trade-requests/:id/shipment': {
    // The world's trade is pending: a party learns tracking comes once it is accepted.
    expect: { visitor: 401, other: 404, owner: 409 },
    request: (w) => ({
      url: `/api/trade-requests/${w.tradeId}/shipment`,
      body: { carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
    }),
  },
  'GET /api/trade-requests/:id/packing-slip': {
    // The world's trade is pending: a party learns the slip comes once it is accepted.
    expect: { visitor: 401, other: 404, owner: 409 },
    request: (w) => ({ url: `/api/trade-requests/${w.tradeId}/packing-slip` }),
  },
  'POST /api/trade-requests/:id/dispute': {
    // The world's trade is pending: a party learns it cannot be disputed yet.
    expect: { visitor: 401, other: 404, owner: 409 },
    request: (w) => ({
      url: `/api/trade-requests/${w.tradeId}/dispute`,
      body: { reason: 'not_received', text: 'Nothing arrived' },
    }),
  },
  'GET /api/users/:userId/profile': {
    expect: publicRead,
    request: (w) => ({ url: `/api/users/${w.ownerId}/profile` }),
  },
  'DELETE /api/users/onboarding': {
    expect: { visitor: 401, other: 200, owner: 200 },
    request: () => ({ url: '/api/users/onboarding' }),
  },
  'GET /api/users/:userId/reliability': {
    expect: publicRead,
    request: (w) => ({ url: `/api/users/${w.ownerId}/reliability` }),
  },
  'GET /api/moderation/disputes': {
    expect: { visitor: 401, other: 403, owner: 200 },
    request: () => ({ url: '/api/moderation/disputes' }),
  },
  'POST /api/moderation/disputes/:id/resolve': {
    expect: { visitor: 401, other: 403, owner: 404 },
    request: () => ({
      url: `/api/moderation/disputes/${unknown}/resolve`,
      body: { outcome: 'completed', note: 'Both arrived' },
    }),
  },
  'GET /api/notifications': { expect: memberRead, request: () => ({ url: '/api/notifications' }) },
  'GET /api/notifications/unread-count': {
    expect: memberRead,
    request: () => ({ url: '/api/notifications/unread-count' }),
  },
  'PATCH /api/notifications/read-all': {
    expect: memberRead,
    request: () => ({ url: '/api/notifications/read-all' }),
  },
  'GET /api/notifications/preferences': {
    expect: memberRead,
    request: () => ({ url: '/api/notifications/preferences' }),
  },
  'PUT /api/notifications/preferences': {
    expect: memberRead,
    request: () => ({ url: '/api/notifications/preferences', body: { digest: false } }),
  },
  // The signed token is the authority, whoever sends it (a mail client has no session).
  'GET /api/notifications/unsubscribe': {
    expect: publicRead,
    request: (w) => ({ url: `/api/notifications/unsubscribe?token=${w.unsubscribeToken}` }),
  },
  'POST /api/notifications/unsubscribe': {
    expect: publicRead,
    request: (w) => ({ url: `/api/notifications/unsubscribe?token=${w.unsubscribeToken}` }),
  },
  'PATCH /api/notifications/:id/read': {
    expect: { visitor: 401, other: 404, owner: 200 },
    request: (w) => ({ url: `/api/notifications/${w.notificationId}/read` }),
  },
  'POST /api/reviews': {
    expect: { visitor: 401, other: 404, owner: 409 },
    request: (w) => ({
      url: '/api/reviews',
      body: { tradeRequestId: w.tradeId, rating: 5, communicationRating: 5, itemConditionAccurate: true },
    }),
  },
  'GET /api/ratings/:userId': { expect: publicRead, request: (w) => ({ url: `/api/ratings/${w.ownerId}` }) },
  'GET /api/reviews/user/:userId': {
    expect: publicRead,
    request: (w) => ({ url: `/api/reviews/user/${w.ownerId}` }),
  },
  'GET /api/swap-rules': { expect: memberRead, request: () => ({ url: '/api/swap-rules' }) },
  'POST /api/swap-rules': {
    expect: { visitor: 401, other: 201, owner: 201 },
    request: () => ({ url: '/api/swap-rules', body: { category: 'clothing' } }),
  },
  'POST /api/swap-rules/match-count': {
    expect: memberRead,
    request: () => ({ url: '/api/swap-rules/match-count', body: { category: 'clothing' } }),
  },
  'PATCH /api/swap-rules/:id': {
    expect: { visitor: 401, other: 404, owner: 200 },
    request: (w) => ({ url: `/api/swap-rules/${w.swapRuleId}`, body: { gender: 'women' } }),
  },
  'DELETE /api/swap-rules/:id': {
    expect: { visitor: 401, other: 404, owner: 204 },
    request: (w) => ({ url: `/api/swap-rules/${w.swapRuleId}` }),
  },
  'GET /api/rings': { expect: memberRead, request: () => ({ url: '/api/rings' }) },
  'GET /api/rings/:id': {
    expect: { visitor: 401, other: 404, owner: 200 },
    request: (w) => ({ url: `/api/rings/${w.ringId}` }),
  },
  'POST /api/rings/:id/sent': {
    // The world's ring is proposed: nothing is sent before everyone accepted.
    expect: { visitor: 401, other: 404, owner: 409 },
    request: (w) => ({ url: `/api/rings/${w.ringId}/sent`, body: {} }),
  },
  'PATCH /api/rings/:id': {
    expect: { visitor: 401, other: 404, owner: 200 },
    request: (w) => ({ url: `/api/rings/${w.ringId}`, body: { status: 'accepted' } }),
  },
  'POST /api/rings/:id/received': {
    expect: { visitor: 401, other: 404, owner: 409 },
    request: (w) => ({ url: `/api/rings/${w.ringId}/received`, body: { asDescribed: true } }),
  },
  'POST /api/rings/:id/shipment': {
    // The world's ring is proposed: a giver learns tracking comes once it is accepted.
    expect: { visitor: 401, other: 404, owner: 409 },
    request: (w) => ({
      url: `/api/rings/${w.ringId}/shipment`,
      body: { carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
    }),
  },
  'GET /api/rings/:id/packing-slip': {
    expect: { visitor: 401, other: 404, owner: 409 },
    request: (w) => ({ url: `/api/rings/${w.ringId}/packing-slip` }),
  },
  'POST /api/rings/:id/dispute': {
    expect: { visitor: 401, other: 404, owner: 409 },
    request: (w) => ({ url: `/api/rings/${w.ringId}/dispute`, body: { reason: 'other', text: 'x' } }),
  },
  'GET /api/wishlist': { expect: memberRead, request: () => ({ url: '/api/wishlist' }) },
  'GET /api/wishlist/matches': { expect: memberRead, request: () => ({ url: '/api/wishlist/matches' }) },
  'POST /api/wishlist': {
    expect: { visitor: 401, other: 201, owner: 201 },
    request: () => ({ url: '/api/wishlist', body: { title: 'boots', category: 'shoes' } }),
  },
  'DELETE /api/wishlist/:id': {
    expect: { visitor: 401, other: 404, owner: 204 },
    request: (w) => ({ url: `/api/wishlist/${w.wishlistId}` }),
  },
  'GET /api/saved-searches': { expect: memberRead, request: () => ({ url: '/api/saved-searches' }) },
  'POST /api/saved-searches': {
    expect: { visitor: 401, other: 201, owner: 201 },
    request: () => ({ url: '/api/saved-searches', body: { name: 'Boots', query: 'search=boots' } }),
  },
  'POST /api/saved-searches/:id/viewed': {
    expect: { visitor: 401, other: 404, owner: 200 },
    request: (w) => ({ url: `/api/saved-searches/${w.savedSearchId}/viewed`, body: {} }),
  },
  'DELETE /api/saved-searches/:id': {
    expect: { visitor: 401, other: 404, owner: 204 },
    request: (w) => ({ url: `/api/saved-searches/${w.savedSearchId}` }),
  },
  'GET /api/drafts': { expect: memberRead, request: () => ({ url: '/api/drafts' }) },
  'POST /api/drafts': {
    expect: { visitor: 401, other: 201, owner: 201 },
    request: () => ({ url: '/api/drafts', body: { title: 'Half-listed boots' } }),
  },
  'PUT /api/drafts/:id': {
    expect: { visitor: 401, other: 404, owner: 200 },
    request: (w) => ({ url: `/api/drafts/${w.draftId}`, body: { title: 'Renamed draft' } }),
  },
  'DELETE /api/drafts/:id': {
    expect: { visitor: 401, other: 404, owner: 204 },
    request: (w) => ({ url: `/api/drafts/${w.draftId}` }),
  },
  'POST /api/drafts/:id/publish': {
    expect: { visitor: 401, other: 404, owner: 201 },
    request: (w) => ({ url: `/api/drafts/${w.draftId}/publish`, body: {} }),
  },
  // The world's item is not a giveaway: asking is refused (own tests in trades/giveaways.test.ts).
  'POST /api/items/:id/giveaway-requests': {
    expect: { visitor: 401, other: 409, owner: 403 },
    request: (w) => ({ url: `/api/items/${w.itemId}/giveaway-requests`, body: {} }),
  },
  'DELETE /api/items/:id/giveaway-requests': {
    expect: { visitor: 401, other: 404, owner: 404 },
    request: (w) => ({ url: `/api/items/${w.itemId}/giveaway-requests` }),
  },
  'GET /api/items/:id/giveaway-requests': {
    expect: { visitor: 401, other: 403, owner: 200 },
    request: (w) => ({ url: `/api/items/${w.itemId}/giveaway-requests` }),
  },
  'GET /api/items/:id/giveaway-requests/mine': {
    expect: memberRead,
    request: (w) => ({ url: `/api/items/${w.itemId}/giveaway-requests/mine` }),
  },
  'POST /api/giveaway-requests/:id/pick': {
    expect: { visitor: 401, other: 404, owner: 404 },
    request: () => ({ url: `/api/giveaway-requests/${unknown}/pick` }),
  },
  'POST /api/items/:id/smart-matches': {
    expect: { visitor: 401, other: 200, owner: 403 },
    request: (w) => ({ url: `/api/items/${w.itemId}/smart-matches`, body: {} }),
  },
  'GET /api/barter-matches/:itemId': {
    expect: { visitor: 401, other: 403, owner: 200 },
    request: (w) => ({ url: `/api/barter-matches/${w.itemId}` }),
  },
  'GET /api/items/:id/suggested-barters': {
    expect: memberRead,
    request: (w) => ({ url: `/api/items/${w.itemId}/suggested-barters` }),
  },
  'GET /api/items/value-estimate': {
    expect: publicRead,
    request: () => ({ url: '/api/items/value-estimate?category=clothing' }),
  },
  'GET /api/conversations': { expect: memberRead, request: () => ({ url: '/api/conversations' }) },
  'GET /api/conversations/unread-count': {
    expect: memberRead,
    request: () => ({ url: '/api/conversations/unread-count' }),
  },
  'GET /api/conversations/:id': {
    expect: { visitor: 401, other: 404, owner: 200 },
    request: (w) => ({ url: `/api/conversations/${w.conversationId}` }),
  },
  'POST /api/conversations/find-or-create': {
    expect: { visitor: 401, other: 201, owner: 200 },
    request: (w) => ({ url: '/api/conversations/find-or-create', body: { otherUserId: w.partnerId } }),
  },
  'PATCH /api/conversations/:id/read': {
    expect: { visitor: 401, other: 404, owner: 200 },
    request: (w) => ({ url: `/api/conversations/${w.conversationId}/read` }),
  },
  'POST /api/messages': {
    expect: { visitor: 401, other: 404, owner: 201 },
    request: (w) => ({ url: '/api/messages', body: { conversationId: w.conversationId, content: 'hello' } }),
  },
  'PATCH /api/messages/:id/read': {
    expect: { visitor: 401, other: 404, owner: 200 },
    request: (w) => ({ url: `/api/messages/${w.messageId}/read` }),
  },
  'POST /api/social/connect': {
    expect: { visitor: 401, other: 201, owner: 409 },
    request: (w) => ({ url: '/api/social/connect', body: { friendId: w.partnerId } }),
  },
  'GET /api/social/network': { expect: memberRead, request: () => ({ url: '/api/social/network' }) },
  'POST /api/social/requests/:id/accept': {
    expect: { visitor: 401, other: 404, owner: 200 },
    request: (w) => ({ url: `/api/social/requests/${w.friendRequestId}/accept` }),
  },
  'POST /api/social/requests/:id/decline': {
    expect: { visitor: 401, other: 404, owner: 200 },
    request: (w) => ({ url: `/api/social/requests/${w.friendRequestId}/decline` }),
  },
  'DELETE /api/social/friends/:userId': {
    expect: { visitor: 401, other: 404, owner: 204 },
    request: (w) => ({ url: `/api/social/friends/${w.ownerId}` }),
    actor: (w) => w.partner,
  },
  'GET /api/social/friend-recommendations': {
    expect: memberRead,
    request: () => ({ url: '/api/social/friend-recommendations' }),
  },
  'GET /api/social/style-similar': {
    expect: memberRead,
    request: () => ({ url: '/api/social/style-similar' }),
  },
  'GET /api/social/activity-feed': {
    expect: memberRead,
    request: () => ({ url: '/api/social/activity-feed' }),
  },
  'GET /api/social/stats': { expect: memberRead, request: () => ({ url: '/api/social/stats' }) },
  'POST /api/reports': {
    expect: { visitor: 401, other: 201, owner: 400 },
    request: (w) => ({
      url: '/api/reports',
      body: { targetType: 'item', targetId: w.itemId, reason: 'spam' },
    }),
  },
  'GET /api/blocks': { expect: memberRead, request: () => ({ url: '/api/blocks' }) },
  'POST /api/blocks': {
    expect: { visitor: 401, other: 201, owner: 201 },
    request: (w) => ({ url: '/api/blocks', body: { userId: w.partnerId } }),
  },
  'DELETE /api/blocks/:userId': {
    expect: { visitor: 401, other: 204, owner: 204 },
    request: (w) => ({ url: `/api/blocks/${w.partnerId}` }),
  },
  'GET /api/moderation/reports': {
    expect: { visitor: 401, other: 403, owner: 200 },
    request: () => ({ url: '/api/moderation/reports' }),
  },
  'PATCH /api/moderation/reports/:id': {
    expect: { visitor: 401, other: 403, owner: 404 },
    request: () => ({ url: `/api/moderation/reports/${unknown}`, body: { status: 'resolved' } }),
  },
  'GET /ws': { expect: { visitor: 401, other: 404, owner: 404 }, request: () => ({ url: '/ws' }) },
  // Moderation: the world's owner is a moderator, not an admin.
  'POST /api/moderation/items/:id/removal': {
    expect: { visitor: 401, other: 403, owner: 404 },
    request: () => ({ url: `/api/moderation/items/${unknown}/removal`, body: { reason: 'spam' } }),
  },
  'DELETE /api/moderation/items/:id/removal': {
    expect: { visitor: 401, other: 403, owner: 404 },
    request: () => ({ url: `/api/moderation/items/${unknown}/removal` }),
  },
  'POST /api/moderation/members/:id/suspension': {
    expect: { visitor: 401, other: 403, owner: 404 },
    request: () => ({ url: `/api/moderation/members/${unknown}/suspension`, body: { reason: 'scam' } }),
  },
  'DELETE /api/moderation/members/:id/suspension': {
    expect: { visitor: 401, other: 403, owner: 404 },
    request: () => ({ url: `/api/moderation/members/${unknown}/suspension` }),
  },
  'POST /api/moderation/members/:id/warnings': {
    expect: { visitor: 401, other: 403, owner: 404 },
    request: () => ({ url: `/api/moderation/members/${unknown}/warnings`, body: { message: 'Careful' } }),
  },
  'GET /api/moderation/queue': {
    expect: { visitor: 401, other: 403, owner: 200 },
    request: () => ({ url: '/api/moderation/queue' }),
  },
  'POST /api/moderation/reports/dismissal': {
    expect: { visitor: 401, other: 403, owner: 404 },
    request: () => ({
      url: '/api/moderation/reports/dismissal',
      body: { targetType: 'user', targetId: unknown },
    }),
  },
  'GET /api/moderation/appeals': {
    expect: { visitor: 401, other: 403, owner: 200 },
    request: () => ({ url: '/api/moderation/appeals' }),
  },
  'POST /api/moderation/appeals/:id/decision': {
    expect: { visitor: 401, other: 403, owner: 404 },
    request: () => ({ url: `/api/moderation/appeals/${unknown}/decision`, body: { decision: 'rejected' } }),
  },
  'POST /api/appeals': {
    expect: { visitor: 401, other: 404, owner: 404 },
    request: () => ({ url: '/api/appeals', body: { targetType: 'item', targetId: unknown, text: 'Please' } }),
  },
  'GET /api/users/moderation': { expect: memberRead, request: () => ({ url: '/api/users/moderation' }) },
  'GET /api/admin/members': {
    expect: { visitor: 401, other: 403, owner: 403 },
    request: () => ({ url: '/api/admin/members' }),
  },
  'PUT /api/admin/members/:id/role': {
    expect: { visitor: 401, other: 403, owner: 403 },
    request: () => ({ url: `/api/admin/members/${unknown}/role`, body: { role: 'member' } }),
  },
  'GET /api/admin/members/:id': {
    expect: { visitor: 401, other: 403, owner: 403 },
    request: (w) => ({ url: `/api/admin/members/${w.partnerId}` }),
  },
  'GET /api/admin/stats': {
    expect: { visitor: 401, other: 403, owner: 403 },
    request: () => ({ url: '/api/admin/stats' }),
  },
  'GET /api/community': { expect: publicRead, request: () => ({ url: '/api/community' }) },
  'PATCH /api/admin/community': {
    // The world's owner is a moderator: the community's settings are an admin's.
    expect: { visitor: 401, other: 403, owner: 403 },
    request: () => ({ url: '/api/admin/community', body: { description: 'Swaps nearby' } }),
  },
  'POST /api/invitations': {
    expect: { visitor: 401, other: 201, owner: 201 },
    request: () => ({ url: '/api/invitations' }),
  },
  'GET /api/towns': { expect: publicRead, request: () => ({ url: '/api/towns?q=par' }) },
  'GET /api/towns/:id': { expect: publicRead, request: () => ({ url: '/api/towns/2988507' }) },
  'GET /api/trade-requests/:id/meetup': {
    expect: { visitor: 401, other: 404, owner: 200 },
    request: (w) => ({ url: `/api/trade-requests/${w.tradeId}/meetup` }),
  },
  'POST /api/trade-requests/:id/meetup': {
    // The world's trade is pending: a meet-up is agreed once it is accepted.
    expect: { visitor: 401, other: 404, owner: 409 },
    request: (w) => ({
      url: `/api/trade-requests/${w.tradeId}/meetup`,
      body: { place: 'The library', at: new Date(Date.now() + 86_400_000).toISOString() },
    }),
  },
  'PATCH /api/trade-requests/:id/meetup': {
    expect: { visitor: 401, other: 404, owner: 409 },
    request: (w) => ({ url: `/api/trade-requests/${w.tradeId}/meetup`, body: { status: 'accepted' } }),
  },
  'POST /api/trade-requests/:id/handover': {
    expect: { visitor: 401, other: 404, owner: 409 },
    request: (w) => ({ url: `/api/trade-requests/${w.tradeId}/handover`, body: { code: '123456' } }),
  },
  'GET /api/admin/audit': {
    expect: { visitor: 401, other: 403, owner: 403 },
    request: () => ({ url: '/api/admin/audit' }),
  },
};

async function send(client: TestClient, method: string, request: Request) {
  if (request.multipart) {
    const { payload, headers } = multipart(await pngImage());
    return client.request({ method: method as 'POST', url: request.url, payload, headers });
  }
  return client.request({
    method: method as 'GET',
    url: request.url,
    ...(request.body === undefined ? {} : { payload: request.body as object }),
  });
}

type Role = 'visitor' | 'other' | 'owner';
const ROLES: readonly Role[] = ['visitor', 'other', 'owner'];

/**
 * Whether a role's call may change the world: a write (not a GET) that is expected to be accepted.
 * Reads, and calls the matrix expects to be refused or redirected, leave it as it was.
 */
function changesWorld(key: string, row: Row, role: Role) {
  return !key.startsWith('GET ') && row.expect[role] < 300;
}

async function expectStatus(key: string, row: Row, role: Role, w: World) {
  const [method] = key.split(' ') as [string];
  const client = role === 'visitor' ? t.visitor() : role === 'other' ? w.other : (row.actor?.(w) ?? w.owner);
  const response = await send(client, method, row.request(w));
  expect(response.statusCode, `${role}: ${response.body.slice(0, 200)}`).toBe(row.expect[role]);
}

describe('authorization matrix', () => {
  it('has a row for every route, and a route for every row', async () => {
    await t.ready();
    const routes = t.app.routeTable.map((route) => `${route.method} ${route.url}`).sort();
    expect(routes).toEqual(Object.keys(rows).sort());
  });

  it('answers a visitor 401 before looking at the body (no 400 for a member route)', async () => {
    const response = await t.visitor().post('/api/items', { title: '' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'auth.session_required', message: 'Unauthorized' });
  });

  // Every role of every row is asserted once: here when its call leaves the world as it was, below
  // when it changes it. These run first, as each world below empties the tables.
  describe('reads and refusals, on one world', () => {
    let shared: World;
    beforeAll(async () => {
      await t.ready();
      shared = await world();
    });
    for (const [key, row] of Object.entries(rows)) {
      const roles = ROLES.filter((role) => !changesWorld(key, row, role));
      if (roles.length === 0) continue;
      it(`${key} (${roles.join(', ')})`, async () => {
        for (const role of roles) await expectStatus(key, row, role, shared);
      });
    }
  });

  describe('accepted writes, each on a world of its own', () => {
    for (const [key, row] of Object.entries(rows)) {
      const roles = ROLES.filter((role) => changesWorld(key, row, role));
      if (roles.length === 0) continue;
      it(`${key} (${roles.join(', ')})`, async () => {
        for (const role of roles) await expectStatus(key, row, role, await world());
      });
    }
  });
});

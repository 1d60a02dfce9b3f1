import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ring, RingLeg } from '@common/api/rings';
import { setServerTexts, takeMissingTexts } from '@client/i18n/server';
import { catalogue } from '@client/test-support/catalogue';
import { RingCard } from './ring-card';

/*
 * The ring card says what the ring is ("3-member swap ring") in the list; on the ring's own page the
 * page's heading says it, so the card does not say it a second time. Rendered on the server.
 */

const person = (id: string, firstName: string) => ({ id, firstName, lastName: null, profileImageUrl: null });
const [ME, ANA, BEN] = [person('me', 'Me'), person('ana', 'Ana'), person('ben', 'Ben')];

function leg(position: number, giver: typeof ME, receiver: typeof ME): RingLeg {
  return {
    position,
    giver,
    receiver,
    item: {
      id: `item-${position}`,
      title: `Item ${position}`,
      images: [],
      estimatedValue: 1000,
      condition: 'good',
      brand: null,
      size: null,
    },
    reason: { code: 'swapRule' },
    accepted: false,
    received: false,
    disputed: false,
    reviewed: false,
    shipment: null,
    recipientAddress: null,
    sentAt: null,
    receivedAt: null,
    late: false,
  };
}

function ring(kind: Ring['kind']): Ring {
  const now = new Date().toISOString();
  const legs =
    kind === 'ring'
      ? [leg(0, ME, ANA), leg(1, ANA, BEN), leg(2, BEN, ME)]
      : [leg(0, ANA, BEN), leg(1, BEN, ME)];
  return {
    id: 'r1',
    kind,
    status: 'proposed',
    score: 2,
    createdAt: now,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    acceptedAt: null,
    completedAt: null,
    cancelledAt: null,
    cancelReason: null,
    claimDeadline: null,
    shipBy: null,
    legs,
    myGiveLeg: kind === 'ring' ? 0 : -1,
    myGetLeg: kind === 'ring' ? 2 : 1,
    iAccepted: false,
    endAccepted: false,
    explanation: [],
    conversationId: null,
    disputes: [],
    myReview: null,
    needsAddress: false,
    carrierCountry: 'US',
  };
}

function render(shown: Ring, showPageLink: boolean): string {
  const html = renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <Router ssrPath="/rings">
        <RingCard ring={shown} memberId="me" showPageLink={showPageLink} />
      </Router>
    </QueryClientProvider>,
  );
  expect(takeMissingTexts()).toEqual([]);
  return html;
}

beforeEach(() => {
  vi.stubGlobal('window', { location: { origin: 'https://threadswap.test', hash: '' } });
  setServerTexts('en', catalogue('en'));
});

describe('RingCard title', () => {
  it('names the ring in the list', () => {
    expect(render(ring('ring'), true)).toContain('3-member swap ring');
    expect(render(ring('chain'), true)).toContain('3-member swap chain');
  });

  it('does not repeat the page heading on the ring page', () => {
    expect(render(ring('ring'), false)).not.toContain('member swap ring');
    expect(render(ring('chain'), false)).not.toContain('member swap chain');
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Ring, RingLeg } from '@common/api/rings';
import { setServerTexts, takeMissingTexts } from '@client/i18n/server';
import { catalogue } from '@client/test-support/catalogue';
import { RingPostageSection } from './postage-section';

/*
 * A ring's postage section from each member's place in a chain started by a giveaway (docs/decisions/
 * 007-swap-rings.md): the first giver sends and receives nothing, the middle member sends and
 * receives, and the last member only receives: they are asked for their address and see the parcel
 * coming to them. Rendered on the server, as the project's other component tests.
 */

const person = (id: string, firstName: string) => ({ id, firstName, lastName: null, profileImageUrl: null });
const GIA = person('gia', 'Gia');
const ANA = person('ana', 'Ana');
const BEN = person('ben', 'Ben');

function leg(position: number, giver: typeof GIA, receiver: typeof GIA, title: string): RingLeg {
  return {
    position,
    giver,
    receiver,
    item: {
      id: `item-${position}`,
      title,
      images: [],
      estimatedValue: 1000,
      condition: 'good',
      brand: null,
      size: null,
    },
    reason: { code: 'swapRule' },
    accepted: true,
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

/** An accepted chain Gia → Ana → Ben, as `me` sees it. */
function chain(me: 'gia' | 'ana' | 'ben', overrides: Partial<Ring> = {}): Ring {
  const now = new Date().toISOString();
  return {
    id: 'r1',
    kind: 'chain',
    status: 'accepted',
    score: 2,
    createdAt: now,
    expiresAt: now,
    acceptedAt: now,
    completedAt: null,
    cancelledAt: null,
    cancelReason: null,
    claimDeadline: null,
    shipBy: now,
    legs: [leg(0, GIA, ANA, 'Scarf'), leg(1, ANA, BEN, 'Coat')],
    myGiveLeg: { gia: 0, ana: 1, ben: -1 }[me],
    myGetLeg: { gia: -1, ana: 0, ben: 1 }[me],
    iAccepted: true,
    endAccepted: true,
    explanation: [],
    conversationId: null,
    disputes: [],
    myReview: null,
    needsAddress: false,
    carrierCountry: 'US',
    ...overrides,
  };
}

function render(shown: Ring): string {
  const client = new QueryClient();
  const html = renderToString(
    <QueryClientProvider client={client}>
      <RingPostageSection ring={shown} />
    </QueryClientProvider>,
  );
  expect(takeMissingTexts()).toEqual([]);
  return html;
}

beforeEach(() => setServerTexts('en', catalogue('en')));

describe('RingPostageSection in a chain', () => {
  it("asks the chain's last member, who gives nothing, for their address, with no tracking form", () => {
    const html = render(chain('ben', { needsAddress: true }));
    expect(html).toContain('data-testid="prompt-address-r1"');
    expect(html).toContain('Ana sends you their item in this chain, and you have nothing to send');
    expect(html).toContain('Coming to you from Ana');
    expect(html).toContain('data-testid="text-shipment-theirs-r1"');
    expect(html).not.toContain('data-testid="button-add-tracking-r1"');
    expect(html).not.toContain('link-packing-slip-r1');
  });

  it('shows the last member the state of the parcel coming to them once their address is given', () => {
    const sent = chain('ben');
    sent.legs[1] = { ...sent.legs[1]!, sentAt: new Date().toISOString() };
    const html = render(sent);
    expect(html).not.toContain('prompt-address-r1');
    expect(html).toContain('data-testid="text-shipment-theirs-r1"');
    expect(html).toMatch(/Ana<\/span>: sent, without tracking/);
  });

  it('in French too', () => {
    setServerTexts('fr', catalogue('fr'));
    const html = render(chain('ben', { needsAddress: true }));
    expect(html).toContain('Ana vous envoie son article dans cette chaîne');
    expect(html).toContain('À recevoir de Ana');
  });

  it('the middle member sends to the last one; the first giver sees their own leg only', () => {
    const middle = render(chain('ana'));
    expect(middle).toContain('Send to Ben');
    expect(middle).not.toContain('prompt-address-r1');
    // The first giver receives nothing: the section (which needs both legs) stays as before.
    expect(render(chain('gia'))).toBe('');
  });
});

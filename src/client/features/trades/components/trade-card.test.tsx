import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeetupState } from '@common/api/meetups';
import type { TradeRequest } from '@common/api/trades';
import { setServerTexts, takeMissingTexts } from '@client/i18n/server';
import { catalogue } from '@client/test-support/catalogue';
import { DAY, ME, PARTNER, trade } from '@client/test-support/trade-fixtures';
import { meetupUrl } from '@client/features/meetups';
import { tradeNextStep } from '../next-step';
import { acceptedButtons } from './trade-actions';
import { TradeCard } from './trade-card';
import { TradeHistory, TradeNextStepCard, useTradePageTitle } from './trade-page-parts';

/*
 * The trade card in each state shows the right main action (the button drawn as the primary one),
 * from the member's side: answer, wait, send, receive, meet, and the settled states. Rendered on the
 * server (trade-card.dom.test.tsx checks what pressing the buttons does); the network is a stub that
 * must not be called: the meet-up each accepted card reads comes from the query cache, as the page's
 * request would.
 */

/** An accepted trade a day old with five days to send; `mine`/`theirs`: when each side sent. */
function accepted(sent: { mine?: boolean; theirs?: boolean } = {}, overrides: Partial<TradeRequest> = {}) {
  const now = Date.now();
  const at = new Date(now - DAY / 2).toISOString();
  return trade({
    status: 'accepted',
    acceptedAt: new Date(now - DAY).toISOString(),
    shipBy: new Date(now + 4 * DAY).toISOString(),
    termsVersion: '',
    // The member is the owner (incoming).
    ownerSentAt: sent.mine ? at : null,
    requesterSentAt: sent.theirs ? at : null,
    ...overrides,
  });
}

function meetup(overrides: Partial<MeetupState> = {}): MeetupState {
  return {
    tradeId: 't1',
    available: true,
    unavailableReason: null,
    distanceKm: 8,
    meetup: {
      place: 'Café de la Gare',
      at: new Date(Date.now() + DAY).toISOString(),
      status: 'accepted',
      proposedByMe: false,
    },
    myCode: '123456',
    iHandedOver: false,
    theyHandedOver: false,
    tradeStatus: 'accepted',
    ...overrides,
  };
}

const fetchStub = vi.fn(() => Promise.reject(new Error('no network in the trade card tests')));

/** A query cache that never fetches, holding the trade's meet-up as the page's GET …/meetup would. */
function clientWithMeetup(tradeId: string, meetupState: MeetupState | null = null) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, queryFn: () => fetchStub() } },
  });
  // Without a meet-up the page's GET …/meetup answers an unavailable one (no towns).
  client.setQueryData(
    [meetupUrl(tradeId)],
    meetupState ??
      meetup({
        available: false,
        unavailableReason: 'no_town',
        distanceKm: null,
        meetup: null,
        myCode: null,
      }),
  );
  return client;
}

function render(shown: TradeRequest, meetupState: MeetupState | null = null): string {
  const client = clientWithMeetup(shown.id, meetupState);
  const html = renderToString(
    <QueryClientProvider client={client}>
      <Router ssrPath="/trades">
        <TradeCard trade={shown} onAccepted={() => undefined} onArrangeShipping={() => undefined} />
      </Router>
    </QueryClientProvider>,
  );
  expect(takeMissingTexts()).toEqual([]);
  return html;
}

/** The opening tag of the element with this test id, or null. */
function tag(html: string, testId: string): string | null {
  return new RegExp(`<[a-z]+[^>]*data-testid="${testId}"[^>]*>`).exec(html)?.[0] ?? null;
}

/** The test ids of the card's buttons drawn as the main one (the primary variant). */
function mainButtons(html: string): string[] {
  return [...html.matchAll(/<button[^>]*>/g)]
    .map((match) => match[0])
    .filter((button) => /class="[^"]*\bbg-primary\b/.test(button))
    .map((button) => /data-testid="([^"]+)"/.exec(button)?.[1] ?? '?');
}

beforeEach(() => {
  // Stubs are restored after each test (vitest.config.ts: unstubGlobals).
  fetchStub.mockClear();
  vi.stubGlobal('fetch', fetchStub);
  // The meet-up section links its QR code to this origin.
  vi.stubGlobal('window', { location: { origin: 'https://threadswap.test' } });
  setServerTexts('en', catalogue('en'));
});

describe('TradeCard: pending', () => {
  it('an offer to answer: Accept is the main action, with counter and decline beside it', () => {
    const html = render(trade({ side: 'incoming', offeredById: PARTNER }));
    expect(mainButtons(html)).toEqual(['button-accept-t1']);
    expect(tag(html, 'button-counter-t1')).not.toBeNull();
    expect(tag(html, 'button-decline-t1')).not.toBeNull();
    expect(html).toContain('Accept');
  });

  it("a partner's counter-offer to the member's request: accept it, or cancel the request", () => {
    const html = render(trade({ side: 'outgoing', offeredById: PARTNER, offerVersion: 2 }));
    expect(mainButtons(html)).toEqual(['button-accept-t1']);
    expect(tag(html, 'button-cancel-t1')).not.toBeNull();
  });

  it("the member's own request: waiting, and Cancel request (no main action)", () => {
    const html = render(trade({ side: 'outgoing', offeredById: ME }));
    expect(mainButtons(html)).toEqual([]);
    expect(tag(html, 'button-cancel-t1')).not.toBeNull();
    expect(tag(html, 'button-accept-t1')).toBeNull();
    expect(html).toContain('Waiting for Bruno');
  });

  it("the member's counter-offer to an incoming request: waiting, and Decline (no main action)", () => {
    const html = render(trade({ side: 'incoming', offeredById: ME, offerVersion: 2 }));
    expect(mainButtons(html)).toEqual([]);
    expect(tag(html, 'button-decline-t1')).not.toBeNull();
    expect(tag(html, 'button-accept-t1')).toBeNull();
  });
});

describe('TradeCard: accepted, by post', () => {
  it('nothing sent yet: "I sent my items" is the main action, and receipt is not offered', () => {
    const html = render(accepted());
    expect(mainButtons(html)).toEqual(['button-mark-sent-t1']);
    expect(html).toContain('I sent my items');
    expect(tag(html, 'button-mark-received-t1')).toBeNull();
    expect(tag(html, 'button-cancel-trade-t1')).not.toBeNull();
  });

  it('the partner sent: sending stays the main action, "I received it" is offered beside it', () => {
    const html = render(accepted({ theirs: true }));
    expect(mainButtons(html)).toEqual(['button-mark-sent-t1']);
    expect(tag(html, 'button-mark-received-t1')).not.toBeNull();
  });

  it('the member sent and the partner sent: "I received it" is the main action', () => {
    const html = render(accepted({ mine: true, theirs: true }));
    expect(mainButtons(html)).toEqual(['button-mark-received-t1']);
    expect(tag(html, 'button-mark-sent-t1')).toBeNull();
  });

  it('the member sent, the partner not yet: nothing to press but the secondary actions', () => {
    const html = render(accepted({ mine: true }));
    expect(mainButtons(html)).toEqual([]);
    expect(tag(html, 'button-mark-received-t1')).toBeNull();
  });

  it("the partner's deadline passed with nothing sent: receipt is offered, and the late note shows", () => {
    const now = Date.now();
    const html = render(
      accepted(
        { mine: true },
        { acceptedAt: new Date(now - 10 * DAY).toISOString(), shipBy: new Date(now - DAY).toISOString() },
      ),
    );
    expect(mainButtons(html)).toEqual(['button-mark-received-t1']);
    expect(tag(html, 'text-partner-late-t1')).not.toBeNull();
  });

  it('the member received: no receipt or dispute button, and the claim window shows', () => {
    const html = render(
      accepted(
        { mine: true, theirs: true },
        { ownerReceived: true, claimDeadline: new Date(Date.now() + 2 * DAY).toISOString() },
      ),
    );
    expect(mainButtons(html)).toEqual([]);
    expect(tag(html, 'button-mark-received-t1')).toBeNull();
    expect(tag(html, 'button-open-dispute-t1')).toBeNull();
    expect(tag(html, 'claim-countdown-t1')).not.toBeNull();
  });

  it('a meet-up proposed but not agreed: still by post, the proposal shown below the postage', () => {
    const html = render(
      accepted(),
      meetup({
        meetup: {
          place: 'Café',
          at: new Date(Date.now() + DAY).toISOString(),
          status: 'proposed',
          proposedByMe: true,
        },
        myCode: null,
      }),
    );
    expect(mainButtons(html)).toContain('button-mark-sent-t1');
    expect(tag(html, 'form-handover')).toBeNull();
  });
});

describe('TradeCard: accepted, with an agreed meet-up', () => {
  it('the handover is the main action; "I sent my items" is only a secondary way, by post', () => {
    const html = render(accepted(), meetup());
    const main = mainButtons(html);
    expect(main).not.toContain('button-mark-sent-t1');
    expect(main).toEqual(['button-handover']);
    // The member's code to show, and the form to enter the partner's.
    expect(html).toContain('123456');
    expect(tag(html, 'form-handover')).not.toBeNull();
    const send = tag(html, 'button-mark-sent-t1');
    expect(send).not.toBeNull();
    expect(send).not.toMatch(/\bbg-primary\b/);
    expect(html).toContain('I sent my items by post instead');
    expect(html).not.toContain('>I sent my items<');
    // The meet-up section (where the handover happens) comes before the card's buttons.
    expect(html.indexOf('data-testid="meetup-section-t1"')).toBeGreaterThan(-1);
    expect(html.indexOf('data-testid="meetup-section-t1"')).toBeLessThan(
      html.indexOf('data-testid="button-mark-sent-t1"'),
    );
  });

  it('the partner posted their items instead: "I received it" is offered, but not as the main action', () => {
    const html = render(accepted({ theirs: true }), meetup());
    expect(mainButtons(html)).toEqual(['button-handover']);
    const receive = tag(html, 'button-mark-received-t1');
    expect(receive).not.toBeNull();
    expect(receive).not.toMatch(/\bbg-primary\b/);
  });

  it("the member handed over (so sent): no sending at all; entering the partner's code remains", () => {
    const html = render(accepted({ mine: true }), meetup({ iHandedOver: true, myCode: null }));
    expect(tag(html, 'button-mark-sent-t1')).toBeNull();
    expect(tag(html, 'meetup-i-handed-over')).not.toBeNull();
    expect(mainButtons(html)).toEqual(['button-handover']);
  });

  it('the trade page says the next step is the meet-up, not the post', () => {
    expect(tradeNextStep(accepted(), ME, new Date(), true)).toBe('meet');
    expect(tradeNextStep(accepted(), ME, new Date(), false)).toBe('send');
    expect(tradeNextStep(accepted({ mine: true, theirs: true }), ME, new Date(), true)).toBe(
      'checkAndConfirm',
    );
  });

  it('acceptedButtons: by post, sending is main until sent; with a meet-up, neither is', () => {
    expect(acceptedButtons(accepted(), 'post')).toEqual({ send: 'main', receive: null });
    expect(acceptedButtons(accepted({ mine: true, theirs: true }), 'post')).toEqual({
      send: null,
      receive: 'main',
    });
    expect(acceptedButtons(accepted(), 'meetup')).toEqual({ send: 'secondary', receive: null });
    expect(acceptedButtons(accepted({ theirs: true }), 'meetup')).toEqual({
      send: 'secondary',
      receive: 'secondary',
    });
  });
});

describe('TradeCard: settled', () => {
  it('disputed: who opened it and why; no action', () => {
    const html = render(
      trade({
        status: 'disputed',
        acceptedAt: new Date().toISOString(),
        dispute: {
          id: 'd1',
          reason: 'not_as_described',
          text: 'Torn sleeve',
          photos: [],
          openedById: PARTNER,
          createdAt: new Date().toISOString(),
          outcome: null,
          resolutionNote: null,
          resolvedAt: null,
        },
      }),
    );
    expect(tag(html, 'dispute-state-t1')).not.toBeNull();
    expect(mainButtons(html)).toEqual([]);
  });

  it('cancelled after acceptance: who cancelled, with the reason', () => {
    const html = render(
      trade({
        status: 'cancelled',
        acceptedAt: new Date().toISOString(),
        cancelledById: PARTNER,
        cancelReason: 'Moved away',
      }),
    );
    expect(tag(html, 'cancel-note-t1')).not.toBeNull();
    expect(html).toContain('Moved away');
    expect(mainButtons(html)).toEqual([]);
  });

  it('declined: nothing to do', () => {
    const html = render(trade({ status: 'declined' }));
    expect(mainButtons(html)).toEqual([]);
    expect(tag(html, 'cancel-note-t1')).toBeNull();
  });

  it('completed and reviewed: the rating given', () => {
    const html = render(
      trade({ status: 'completed', completedAt: new Date().toISOString(), myReview: { rating: 5 } }),
    );
    expect(tag(html, 'text-my-rating-t1')).not.toBeNull();
  });

  it('completed, not reviewed: the review form', () => {
    const html = render(trade({ status: 'completed', completedAt: new Date().toISOString() }));
    expect(tag(html, 'text-my-rating-t1')).toBeNull();
    expect(html).toMatch(/<form/);
  });

  it('never touched the network', () => {
    render(accepted(), meetup());
    expect(fetchStub).not.toHaveBeenCalled();
  });
});

describe('Trade page: a giveaway handover is worded as a gift', () => {
  /** A handover (the requester offers nothing) with its request in the history. */
  const handover = (side: 'incoming' | 'outgoing') => {
    const shown = trade({ side, offeredItemId: null, offeredItems: [] });
    return {
      ...shown,
      history: [{ event: 'requested' as const, actorId: shown.requesterId, at: shown.createdAt }],
    };
  };
  function Title({ shown }: { shown: ReturnType<typeof handover> }) {
    return <h1>{useTradePageTitle(shown)}</h1>;
  }
  const page = (shown: ReturnType<typeof handover>) => {
    const html = renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <Title shown={shown} />
        <TradeHistory trade={shown} memberId={ME} />
      </QueryClientProvider>,
    );
    expect(takeMissingTexts()).toEqual([]);
    return html;
  };

  it('the member receiving it reads "Gift from …" and "You asked for it"', () => {
    const html = page(handover('outgoing'));
    expect(html).toContain('<h1>Gift from Bruno</h1>');
    expect(html).toContain('You asked for it');
    expect(html).not.toContain('Swap with');
    expect(html).not.toContain('sent the request');
  });

  it('its giver reads "Gift to …" and "… asked for it"', () => {
    const html = page(handover('incoming'));
    expect(html).toContain('<h1>Gift to Bruno</h1>');
    expect(html).toContain('Bruno asked for it');
  });

  /** The handover accepted and its gift sent by the giver (the owner); the receiver's side counts as sent. */
  const sent = (side: 'incoming' | 'outgoing') => {
    const shown = handover(side);
    const at = new Date().toISOString();
    return {
      ...shown,
      status: 'accepted' as const,
      acceptedAt: at,
      ownerSentAt: at,
      requesterSentAt: at,
      shipBy: new Date(Date.now() + 7 * DAY).toISOString(),
      history: [...shown.history, { event: 'sent' as const, actorId: shown.ownerUserId, at }],
    };
  };
  const nextStep = (shown: ReturnType<typeof sent>) => {
    const client = clientWithMeetup(shown.id);
    const html = renderToString(
      <QueryClientProvider client={client}>
        <TradeNextStepCard trade={shown} memberId={ME} />
        <TradeHistory trade={shown} memberId={ME} />
      </QueryClientProvider>,
    );
    expect(takeMissingTexts()).toEqual([]);
    return html;
  };

  it('its giver, once the gift is sent, waits for receipt (never "You confirmed receipt")', () => {
    const html = nextStep(sent('incoming'));
    expect(html).toContain('You sent the gift. Waiting for Bruno to confirm receipt.');
    expect(html).not.toContain('You confirmed receipt');
    expect(html).not.toContain('your items');
  });

  it('the member receiving it checks the gift, and reads who sent it', () => {
    const html = nextStep(sent('outgoing'));
    expect(html).toContain('Check the gift Bruno sent you.');
    expect(html).toContain('Bruno sent the gift');
    expect(html).not.toContain('their items');
  });

  it('in French too; a barter keeps "Swap with …"', () => {
    setServerTexts('fr', catalogue('fr'));
    expect(page(handover('outgoing'))).toContain('<h1>Don de Bruno</h1>');
    setServerTexts('en', catalogue('en'));
    const barter = { ...trade({ side: 'outgoing' }), history: [] };
    expect(renderToString(<Title shown={barter} />)).toContain('Swap with Bruno');
  });
});

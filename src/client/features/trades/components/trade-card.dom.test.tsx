// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_COMMUNITY } from '@common/api/community';
import type { MeetupState } from '@common/api/meetups';
import type { TradeRequest } from '@common/api/trades';
import { Toaster } from '@client/components/ui/toaster';
import { clearToasts } from '@client/components/ui/use-toast';
import { setServerTexts, takeMissingTexts } from '@client/i18n/server';
import { COMMUNITY_URL } from '@client/lib/community';
import { queryClient } from '@client/lib/query-client';
import { catalogue } from '@client/test-support/catalogue';
import { DAY, trade } from '@client/test-support/trade-fixtures';
import { meetupUrl } from '@client/features/meetups';
import { TradeCard } from './trade-card';

/*
 * The trade card in a DOM (happy-dom), driven as a member drives it: find the buttons by their role
 * and name, click, and check what was sent to the server. `fetch` is a stub that answers the trade
 * routes with the trade as the server would return it, and the reads the card makes (the meet-up:
 * none possible, so the card is the by-post one; the community, for its currency) as the cache
 * already holds them, since a change refetches them. trade-card.test.tsx checks, server-rendered, which
 * action each state shows; this file checks what pressing them does.
 */

/** A request from the partner for the member's item (the member owns it and answers). */
function incomingRequest(overrides: Partial<TradeRequest> = {}): TradeRequest {
  return trade({ termsVersion: 'terms-v3', ...overrides });
}

/** The same trade, accepted a day ago, with four days left to send and nothing sent yet. */
function acceptedTrade(overrides: Partial<TradeRequest> = {}): TradeRequest {
  return incomingRequest({
    status: 'accepted',
    acceptedAt: new Date(Date.now() - DAY).toISOString(),
    shipBy: new Date(Date.now() + 4 * DAY).toISOString(),
    ...overrides,
  });
}

const NO_MEETUP: MeetupState = {
  tradeId: 't1',
  available: false,
  unavailableReason: 'no_town',
  distanceKm: null,
  meetup: null,
  myCode: null,
  iHandedOver: false,
  theyHandedOver: false,
  tradeStatus: 'accepted',
};

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** The reads the card makes, answered whenever a change refetches them. */
const READS: Record<string, unknown> = {
  [meetupUrl('t1')]: NO_MEETUP,
  [COMMUNITY_URL]: { ...DEFAULT_COMMUNITY, updatedAt: new Date(0).toISOString() },
};

/** Every request the card made that was not one of READS. */
let sent: Sent[] = [];
/** What the stubbed server answers to a request to change the trade: the trade after it, or an error. */
let answer: (request: Sent) => Response;

const fetchStub = vi.fn<typeof fetch>((input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const method = init?.method ?? 'GET';
  if (method === 'GET' && url in READS) return Promise.resolve(json(READS[url]));
  const request = { method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
  sent.push(request);
  return Promise.resolve(answer(request));
});

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderCard(shown: TradeRequest) {
  // The app's own client: its failed-mutation handler shows the error toasts.
  for (const [url, data] of Object.entries(READS)) queryClient.setQueryData([url], data);
  const onAccepted = vi.fn();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Router>
        <TradeCard trade={shown} onAccepted={onAccepted} onArrangeShipping={() => undefined} />
      </Router>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, onAccepted, user: userEvent.setup() };
}

beforeEach(() => {
  sent = [];
  answer = () => json({ message: 'Not expected in this test' }, 500);
  fetchStub.mockClear();
  // Restored after each test (vitest.config.ts: unstubGlobals).
  vi.stubGlobal('fetch', fetchStub);
  setServerTexts('en', catalogue('en'));
});
afterEach(() => {
  cleanup();
  // The query cache and the toasts are the app's, kept in modules that outlive the test.
  queryClient.clear();
  act(() => clearToasts());
  expect(takeMissingTexts()).toEqual([]);
});

describe('TradeCard in a DOM: answering a request', () => {
  it('Accept opens the confirm dialog; confirming sends the accept with the versions the member saw', async () => {
    const shown = incomingRequest();
    answer = () => json({ ...shown, status: 'accepted', acceptedAt: new Date().toISOString() });
    const { user, onAccepted } = renderCard(shown);

    await user.click(screen.getByRole('button', { name: 'Accept Barter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the swap with Bruno?' });
    // What the member gives and gets, before anything is agreed.
    const give = within(dialog).getByRole('list', { name: 'You give (1 item)' });
    expect(within(give).getByRole('listitem').textContent).toBe('Item requested');
    const get = within(dialog).getByRole('list', { name: 'You get (1 item)' });
    expect(within(get).getByRole('listitem').textContent).toBe('Item offered');
    expect(sent).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Accept the swap' }));
    await waitFor(() => expect(onAccepted).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([
      {
        method: 'PATCH',
        url: '/api/trade-requests/t1',
        body: { status: 'accepted', termsVersion: 'terms-v3', offerVersion: 1 },
      },
    ]);
    expect(onAccepted.mock.calls[0]?.[0]).toMatchObject({ id: 't1', status: 'accepted' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Barter request accepted!')).toBeTruthy();
  });

  it('"Not yet" closes the confirm dialog and sends nothing', async () => {
    const { user, onAccepted } = renderCard(incomingRequest());
    await user.click(screen.getByRole('button', { name: 'Accept Barter' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Not yet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);
    expect(onAccepted).not.toHaveBeenCalled();
  });

  it('Decline sends the refusal at once and tells the member the partner will know', async () => {
    const shown = incomingRequest();
    answer = () => json({ ...shown, status: 'declined' });
    const { user, onAccepted } = renderCard(shown);

    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Barter request declined')).toBeTruthy();
    expect(screen.getByText('Bruno will be notified.')).toBeTruthy();
    expect(sent).toEqual([{ method: 'PATCH', url: '/api/trade-requests/t1', body: { status: 'declined' } }]);
    expect(onAccepted).not.toHaveBeenCalled();
  });

  it("a refused decline says so with the server's reason, and leaves the buttons to press again", async () => {
    answer = () => json({ code: 'conflict', message: 'Bruno cancelled this request' }, 409);
    const { user } = renderCard(incomingRequest());
    const decline = screen.getByRole('button', { name: 'Decline' });
    await user.click(decline);
    expect(await screen.findByText('Failed to update barter request')).toBeTruthy();
    expect(screen.getByText('Bruno cancelled this request')).toBeTruthy();
    expect(sent).toHaveLength(1);
    await waitFor(() => expect((decline as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByText('Barter request declined')).toBeNull();
    expect((screen.getByRole('button', { name: 'Accept Barter' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('TradeCard in a DOM: an accepted trade, by post', () => {
  it('"I sent my items" posts to the sent route and confirms it', async () => {
    const shown = acceptedTrade();
    answer = () => json({ ...shown, ownerSentAt: new Date().toISOString() });
    const { user } = renderCard(shown);

    await user.click(screen.getByRole('button', { name: 'I sent my items' }));
    expect(await screen.findByText('Marked as sent')).toBeTruthy();
    // A POST with an empty JSON body.
    expect(sent).toEqual([{ method: 'POST', url: '/api/trade-requests/t1/sent', body: {} }]);
  });
});

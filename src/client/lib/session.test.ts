import type { AuthStatus } from '@common/api/auth';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enterSession } from './session';

const STATUS_KEY = ['/api/auth/status'];
const VISITOR: AuthStatus = { authenticated: false, user: null, externalSignIn: null, demo: true };
const MEMBER = {
  authenticated: true,
  user: {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'marie@example.com',
    firstName: 'Marie',
    lastName: 'Curie',
    profileImageUrl: null,
    bio: null,
    location: null,
    preferredCategories: [],
    preferredSizes: {},
    locale: 'fr',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  externalSignIn: null,
  demo: true,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A query client as a visitor's page leaves it: the signed-out status and two lists read as a visitor. */
function visitorCache() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(STATUS_KEY, VISITOR);
  let shownReads = 0;
  const shown = new QueryObserver(queryClient, {
    queryKey: ['/api/items', 'showcase'],
    queryFn: () => {
      shownReads += 1;
      return `read ${shownReads}`;
    },
  });
  queryClient.setQueryData(['/api/items', 'showcase'], 'visitor page');
  const unsubscribe = shown.subscribe(() => undefined);
  queryClient.setQueryData(['/api/items/i1'], 'visitor item');
  return { queryClient, reads: () => shownReads, unsubscribe };
}

describe('enterSession (signing in without a reload)', () => {
  it("puts the member's status in, refetches what is shown and drops every other visitor answer", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(MEMBER), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { queryClient, reads, unsubscribe } = visitorCache();

    await enterSession(queryClient);

    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/status',
      expect.objectContaining({ credentials: 'include' }),
    );
    const status = queryClient.getQueryData<AuthStatus>(STATUS_KEY);
    expect(status?.authenticated).toBe(true);
    expect(status?.user?.email).toBe('marie@example.com');
    // The answer on screen is read again (with the member's cookie); the one not shown is gone.
    await vi.waitFor(() => expect(queryClient.getQueryData(['/api/items', 'showcase'])).toBe('read 1'));
    expect(reads()).toBe(1);
    expect(queryClient.getQueryData(['/api/items/i1'])).toBeUndefined();
    unsubscribe();
  });

  it("a visitor's status request still on its way does not overwrite the member's", async () => {
    let answerVisitor: (value: Response) => void = () => undefined;
    const fetch = vi
      .fn()
      .mockImplementationOnce(() => new Promise<Response>((resolve) => (answerVisitor = resolve)))
      .mockImplementation(async () => new Response(JSON.stringify(MEMBER), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const queryClient = new QueryClient();
    const slow = queryClient.fetchQuery({
      queryKey: STATUS_KEY,
      queryFn: async ({ signal }) => {
        const response = await globalThis.fetch('/api/auth/status', { signal });
        return (await response.json()) as AuthStatus;
      },
    });

    await enterSession(queryClient);
    answerVisitor(new Response(JSON.stringify(VISITOR), { status: 200 }));
    await slow.catch(() => undefined);

    expect(queryClient.getQueryData<AuthStatus>(STATUS_KEY)?.authenticated).toBe(true);
  });
});

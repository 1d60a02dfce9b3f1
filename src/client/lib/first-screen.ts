import type { AuthStatus } from '@common/api/auth';
import type { CommunitySettings } from '@common/api/community';
import {
  FIRST_SCREEN_ELEMENT_ID,
  type FirstScreenData,
  type FirstScreenFacets,
  type FirstScreenItems,
  itemsRequestKey,
} from '@common/api/first-screen';

/*
 * The answers the server wrote into the page for its first screen (src/common/api/first-screen.ts,
 * docs/decisions/017-first-screen-data.md). Each is taken once, as the app starts, to fill the
 * query cache before the first render; later reads go to the API as usual.
 */

let data: FirstScreenData | null | undefined;

function firstScreenData(): FirstScreenData | null {
  if (data !== undefined) return data;
  const element = document.getElementById(FIRST_SCREEN_ELEMENT_ID);
  element?.remove();
  try {
    const parsed: unknown = element?.textContent ? JSON.parse(element.textContent) : null;
    data =
      typeof parsed === 'object' && parsed !== null && Array.isArray((parsed as FirstScreenData).items)
        ? (parsed as FirstScreenData)
        : null;
  } catch {
    data = null;
  }
  return data;
}

/**
 * Sets the page's data instead of reading it from the page: the server's rendering of the first
 * screen (src/client/ssr.tsx) gives it for one render, then `undefined`.
 */
export function setFirstScreenData(value: FirstScreenData | undefined): void {
  data = value;
}

/**
 * Drops whatever the page still carries (after signing in: its answers were a visitor's, and the
 * member's view must not show them).
 */
export function discardFirstScreen(): void {
  if (data === undefined && typeof document !== 'undefined')
    document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.remove();
  data = null;
}

/** GET /api/auth/status's answer as the page carries it (only ever signed out), once. */
export function takeFirstScreenAuthStatus(): unknown {
  const screen = firstScreenData();
  const status: AuthStatus | undefined = screen?.authStatus;
  if (screen) delete screen.authStatus;
  return status;
}

/** GET /api/community's answer as the page carries it, once. */
export function takeFirstScreenCommunity(): CommunitySettings | undefined {
  const screen = firstScreenData();
  const community = screen?.community;
  if (screen) delete screen.community;
  return community;
}

/** From `answers`, the one for the request with `params` (each answer keyed by itemsRequestKey), once. */
function takeAnswer<T extends { key: string }>(
  answers: T[] | undefined,
  params: URLSearchParams,
): T | undefined {
  const key = itemsRequestKey(params);
  const index = answers?.findIndex((answer) => answer.key === key) ?? -1;
  return index < 0 ? undefined : answers?.splice(index, 1)[0];
}

/** The page's answer for GET /api/items?{params}, if it carries one, once. */
export function takeFirstScreenItems(params: URLSearchParams): FirstScreenItems | undefined {
  return takeAnswer(firstScreenData()?.items, params);
}

/** The page's answer for GET /api/items/facets?{params}, if it carries one, once. */
export function takeFirstScreenFacets(params: URLSearchParams): FirstScreenFacets | undefined {
  return takeAnswer(firstScreenData()?.facets, params);
}

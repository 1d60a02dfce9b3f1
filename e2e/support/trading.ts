import type { Page } from 'playwright-core';
import { openBrowser } from './browser';
import { type ApiItem, listItemViaApi, type Member, type NewListing, registerMember } from './journeys';
import { recordToasts } from './ui';

export interface Trader {
  page: Page;
  member: Member;
}

interface TraderSpec {
  firstName: string;
  lastName: string;
  viewport?: { width: number; height: number };
}

/**
 * The two sides of a trade journey: each a new member, registered and signed in in a browser of
 * their own (at `viewport`, desktop by default) that records the toasts it shows.
 */
export async function openTwoTraders(first: TraderSpec, second: TraderSpec): Promise<[Trader, Trader]> {
  const browsers = [await openBrowser(first.viewport), await openBrowser(second.viewport)] as const;
  await recordToasts(browsers[0].context);
  await recordToasts(browsers[1].context);
  const [one, two] = await Promise.all([
    registerMember(browsers[0].page, first.firstName, first.lastName),
    registerMember(browsers[1].page, second.firstName, second.lastName),
  ]);
  return [
    { page: browsers[0].page, member: one },
    { page: browsers[1].page, member: two },
  ];
}

/** A coat (clothing, outerwear, size M) listed with a fresh photo by the member of `page`. */
export function listCoat(
  page: Page,
  coat: Pick<NewListing, 'title' | 'brand' | 'condition' | 'estimatedValue' | 'gender'>,
): Promise<ApiItem> {
  return listItemViaApi(page, { category: 'clothing', style: 'Outerwear', size: 'M', ...coat });
}

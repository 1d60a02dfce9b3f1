import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser';
import {
  eventually,
  expectLocation,
  getJson,
  gone,
  listItemViaApi,
  type Member,
  registerMember,
  shown,
  textOf,
  uniqueWord,
  WAIT_MS,
} from './support/journeys';
import { expectNewToast } from './support/ui';
import type { Network } from '@common/api/social';

/**
 * The social network (docs/product.md § Social, and 'Connection sent!' in § Texts the code relies on). Two members with the same taste find each other in
 * Recommendations, connect, and become friends; the Activity tab tells of it.
 */

/** Sets the member's preferred categories and sizes (PATCH /api/users/preferences). */
async function setPreferences(page: Page): Promise<void> {
  const response = await page.request.patch('/api/users/preferences', {
    data: { preferredCategories: ['Shoes'], preferredSizes: { Shoes: ['8'] } },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Lists `count` pairs of shoes of `brand` in size 8 (what the other member prefers). */
async function listShoes(page: Page, brand: string, count: number): Promise<void> {
  for (let index = 0; index < count; index++) {
    await listItemViaApi(page, {
      title: `${uniqueWord('Sx')} ${brand} sneakers`,
      category: 'shoes',
      style: null,
      condition: 'good',
      brand,
      size: '8',
      estimatedValue: 6000 + index * 500,
    });
  }
}

/** The texts of the items of `list`, with runs of white space collapsed. */
async function itemTexts(list: Locator): Promise<string[]> {
  return (await list.getByRole('listitem').allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());
}

/** A pattern for text that contains `text` (taken literally). */
function containing(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

/**
 * The social page's tab named `name` ('My Network' also names its pending friend requests, e.g.
 * 'My Network 1 friend request').
 */
function socialTab(page: Page, name: 'Recommendations' | 'Style Match' | 'Activity' | 'My Network'): Locator {
  return page.getByRole('tablist', { name: 'Social sections' }).getByRole('tab', { name });
}

async function expectActiveTab(
  page: Page,
  tab: 'Recommendations' | 'Style Match' | 'Activity' | 'My Network',
): Promise<void> {
  const trigger = socialTab(page, tab);
  await shown(trigger);
  await eventually(() => trigger.getAttribute('aria-selected'), 'true');
}

/** A card of the My Network tab: 'Friend Requests', 'Sent Requests' or 'Friends'. */
function section(page: Page, title: 'Friend Requests' | 'Sent Requests' | 'Friends'): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

/** The row of `member` in a list of members, found by their linked name ('First L.'). */
function memberRow(scope: Locator, member: Member): Locator {
  return scope
    .getByRole('listitem')
    .filter({ has: scope.page().getByRole('link', { name: member.publicName, exact: true }) });
}

/** The Activity tab's list. */
function activityList(page: Page): Locator {
  return page.getByRole('list', { name: 'Recent activity', exact: true });
}

describe('two members with the same taste connect on the social page', () => {
  let pageA: Page;
  let pageB: Page;
  let sofia: Member;
  let theo: Member;

  beforeAll(async () => {
    ({ page: pageA } = await openBrowser());
    ({ page: pageB } = await openBrowser());
    [sofia, theo] = await Promise.all([
      // First names no demo member has: the page names a member 'First L.', and the cards and rows
      // are found by that name.
      registerMember(pageA, uniqueWord('Sofia'), 'Marsh'),
      registerMember(pageB, uniqueWord('Theo'), 'Lind'),
    ]);
    // Same preferred category and size, a brand no one else lists, and shoes each wants: B is
    // A's best match by far (style and trading potential both full).
    const brand = uniqueWord('Brand');
    await Promise.all([setPreferences(pageA), setPreferences(pageB)]);
    await Promise.all([listShoes(pageA, brand, 3), listShoes(pageB, brand, 3)]);
  });

  it('a visitor sees the marketing view of /social', async () => {
    const { page } = await openBrowser();
    await page.goto('/social');
    await eventually(() => textOf(page.getByRole('heading', { level: 1 })), 'Social Trading Network');
    const getStarted = page.getByRole('link', { name: 'Get Started', exact: true });
    await shown(getStarted);
    expect(await getStarted.getAttribute('href')).toBe('/api/login');
    await shown(page.getByRole('heading', { name: 'How Social Trading Works', exact: true }));
    for (const step of ['Build Your Profile', 'Get Recommendations', 'Connect & Trade', 'Build Influence']) {
      await shown(page.getByRole('heading', { name: step, exact: true }));
    }
    await shown(page.getByRole('heading', { name: 'Why Join the Social Network?', exact: true }));
    const signUp = page.getByRole('link', { name: /^Sign Up with / });
    expect(
      await page.getByRole('link', { name: 'Sign Up with Email', exact: true }).getAttribute('href'),
    ).toBe('/api/auth/email');
    // No external provider is configured: no button offers one, only the email sign-up.
    expect(await signUp.count()).toBe(1);
    // No member dashboard for a visitor.
    expect(await page.getByRole('tablist', { name: 'Social sections' }).count()).toBe(0);
  });

  it("A finds B in Recommendations (the initial tab) and connects: 'Connection sent!'", async () => {
    await pageA.goto('/social');
    await expectActiveTab(pageA, 'Recommendations');
    const card = pageA
      .getByRole('list', { name: 'Recommended traders', exact: true })
      .getByRole('article', { name: theo.publicName, exact: true });
    await shown(card);
    const connect = card.getByRole('button', { name: `Connect with ${theo.firstName}`, exact: true });
    await shown(connect);
    expect(await connect.isEnabled()).toBe(true);

    await expectNewToast(
      pageA,
      () => connect.click(),
      'Connection sent!',
      'Friend request has been sent successfully.',
    );
    // The button now says the request is sent, and cannot be pressed again.
    const sent = card.getByRole('button', { name: `Request sent to ${theo.firstName}`, exact: true });
    await shown(sent);
    expect(await sent.isDisabled()).toBe(true);
    expect(await connect.count()).toBe(0);

    const network = await getJson<Network>(pageA, '/api/social/network');
    expect(network.outgoing.map((request) => request.user.id)).toEqual([theo.id]);
    expect(network.friends).toEqual([]);
  });

  it('B sees the request under My Network and accepts it', async () => {
    await pageB.goto('/social?tab=network');
    await expectActiveTab(pageB, 'My Network');
    const network = await getJson<Network>(pageB, '/api/social/network');
    expect(network.incoming.map((entry) => entry.user.id)).toContain(sofia.id);

    const incoming = section(pageB, 'Friend Requests');
    const row = memberRow(incoming, sofia);
    await shown(row);
    expect(await textOf(row)).toContain('Wants to connect');
    await row
      .getByRole('button', { name: `Accept friend request from ${sofia.publicName}`, exact: true })
      .click();

    await gone(row);
    await shown(memberRow(section(pageB, 'Friends'), sofia));
    await eventually(() => incoming.getByRole('listitem').count(), 0);
  });

  it('both see each other under My Network friends', async () => {
    // A comes back to /social and opens My Network with its tab.
    await pageA.goto('/social');
    await expectActiveTab(pageA, 'Recommendations');
    await socialTab(pageA, 'My Network').click();
    await expectActiveTab(pageA, 'My Network');
    await expectLocation(pageA, '/social', { tab: 'network' });
    await shown(memberRow(section(pageA, 'Friends'), theo));
    expect(await section(pageA, 'Sent Requests').getByRole('listitem').count()).toBe(0);

    await shown(memberRow(section(pageB, 'Friends'), sofia));
    const [networkA, networkB] = await Promise.all([
      getJson<Network>(pageA, '/api/social/network'),
      getJson<Network>(pageB, '/api/social/network'),
    ]);
    expect(networkA.friends.map((entry) => entry.user.id)).toEqual([theo.id]);
    expect(networkB.friends.map((entry) => entry.user.id)).toEqual([sofia.id]);
  });

  it("the Activity tab tells of the new friendship ('became friends with …')", async () => {
    await socialTab(pageA, 'Activity').click();
    await expectActiveTab(pageA, 'Activity');
    await expectLocation(pageA, '/social', { tab: 'activity' });
    await expect
      .poll(() => itemTexts(activityList(pageA)), { timeout: WAIT_MS, interval: 100 })
      .toContainEqual(
        expect.stringMatching(containing(`${theo.publicName} became friends with ${sofia.firstName}`)),
      );

    await socialTab(pageB, 'Activity').click();
    await expectActiveTab(pageB, 'Activity');
    await expect
      .poll(() => itemTexts(activityList(pageB)), { timeout: WAIT_MS, interval: 100 })
      .toContainEqual(
        expect.stringMatching(containing(`${sofia.publicName} became friends with ${theo.firstName}`)),
      );
  });
});

import { describe, expect, it } from 'vitest';
import type { Item } from '@common/api/items';
import type { FirstScreenData } from '@common/api/first-screen';
import { catalogueJson } from '@server/lib/catalogues';
import { firstScreenNamespaces } from '@server/lib/catalogues';
import { renderFirstScreen } from './ssr';

/*
 * The server's rendering of a visitor's first screen (src/client/ssr.tsx): from the page's data
 * and texts only, with hostile text escaped, and refused when the page's texts lack a key.
 */

function item(n: number, overrides: Partial<Item> = {}): Item {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    userId: 'owner-1',
    title: `Item ${n}`,
    description: 'Worn twice.',
    category: 'clothing',
    gender: 'women',
    style: null,
    subcategory: null,
    condition: 'good',
    brand: 'Acme',
    size: 'M',
    estimatedValue: 4500 + n,
    images: [`/images/${id}`],
    tags: [],
    colors: [],
    seasons: [],
    location: null,
    isActive: true,
    availability: 'available',
    favoriteCount: 0,
    directSwapsOnly: false,
    isGiveaway: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    owner: {
      id: 'owner-1',
      firstName: 'Nina',
      lastName: 'Ray',
      profileImageUrl: null,
      averageRating: null,
      reviewCount: 0,
    },
    ...overrides,
  };
}

const visitor = { authenticated: false, user: null, externalSignIn: null, demo: false };

function texts(path: string) {
  return JSON.parse(catalogueJson('en', firstScreenNamespaces(path))) as Record<
    string,
    Record<string, unknown>
  >;
}

function browse(items: Item[], search = '', community?: FirstScreenData['community']): string {
  const data: FirstScreenData = {
    authStatus: visitor,
    ...(community ? { community } : {}),
    items: [
      {
        key: new URLSearchParams(`${search.replace(/^\?/, '')}&limit=24`.replace(/^&/, '')).toString(),
        items,
        total: items.length,
        totalIsCapped: false,
      },
    ],
  };
  return renderFirstScreen({ path: '/browse', search, locale: 'en', texts: texts('/browse'), data });
}

describe('the server renders a visitor’s first screen (decision 018)', () => {
  it('renders Browse with its first cards, the signed-out header and no member controls', () => {
    const html = browse([item(1, { title: 'Linen shirt' }), item(2, { title: 'Trail boots' })]);
    expect(html).toContain('Linen shirt');
    expect(html).toContain('Trail boots');
    expect(html).toContain('/images/00000000-0000-4000-8000-000000000001?w=400');
    expect(html).toContain('Sign In');
    expect(html).not.toContain('Dev Login');
  });

  it('writes amounts in the community’s currency and shows its announcement', () => {
    const community = {
      name: 'Leeds Swaps',
      description: 'Swaps in Leeds',
      rules: '',
      contactEmail: null,
      currency: 'EUR',
      country: 'GB',
      unitSystem: 'metric' as const,
      language: 'en' as const,
      registration: 'open' as const,
      allowedDomains: [],
      announcement: { id: '00000000-0000-4000-8000-00000000000a', text: 'Swap day on Saturday' },
      shippingBaseMinor: 1599,
      shippingPerPoundMinor: 50,
      updatedAt: '2026-11-28T09:00:00.000Z',
    };
    const euros = browse([item(1, { estimatedValue: 4250 })], '', community);
    expect(euros).toContain('€42.50');
    expect(euros).not.toContain('$42.50');
    expect(euros).toContain('Swap day on Saturday');
    expect(euros).toContain('aria-label="Dismiss announcement"');
    const dollars = browse([item(1, { estimatedValue: 4250 })]);
    expect(dollars).toContain('$42.50');
    expect(dollars).not.toContain('Swap day on Saturday');
  });

  it('renders only the first screen’s cards, as the client’s first render does', () => {
    const items = Array.from({ length: 24 }, (_, n) => item(n + 1));
    const html = browse(items);
    expect(html).toContain('>Item 8<');
    expect(html).not.toContain('>Item 9<');
  });

  it('escapes hostile titles and brands', () => {
    const html = browse([
      item(1, { title: '</script><img src=x onerror=alert(1)>', brand: '"><svg onload=alert(1)>' }),
    ]);
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<svg onload');
    expect(html).toContain('&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;');
  });

  it('renders Browse’s counts when the page carries them, as the client’s first render does', () => {
    const facets = {
      total: 1,
      totalIsCapped: false,
      categories: { all: 4321, clothing: 1234, shoes: 0, accessories: 0, women: 0, men: 0 },
      conditions: [],
      subcategories: [],
      sizes: [],
      brands: [],
    };
    const without = browse([item(1)]);
    expect(without).not.toContain('4321');
    const html = renderFirstScreen({
      path: '/browse',
      search: '',
      locale: 'en',
      texts: texts('/browse'),
      data: {
        authStatus: visitor,
        items: [{ key: 'limit=24', items: [item(1)], total: 1, totalIsCapped: false }],
        facets: [{ key: '', facets }],
      },
    });
    expect(html).toMatch(/data-testid="button-category-all".*4321/s);
    expect(html).toMatch(/data-testid="button-category-clothing".*1234/s);
  });

  it('follows the address: a filtered Browse renders its list for those filters', () => {
    const html = browse([item(1, { title: 'Suede loafers', category: 'shoes' })], '?category=shoes');
    expect(html).toContain('Suede loafers');
  });

  it('renders the landing page with its showcase for a visitor', () => {
    const data: FirstScreenData = {
      authStatus: visitor,
      items: [
        {
          key: 'limit=8&sortBy=trending',
          items: [item(1, { title: 'Wool coat' })],
          total: 1,
          totalIsCapped: false,
        },
      ],
    };
    const html = renderFirstScreen({ path: '/', search: '', locale: 'en', texts: texts('/'), data });
    expect(html).toContain('hero-heading');
    expect(html).toContain('Wool coat');
  });

  it('renders in the page’s language', () => {
    const data: FirstScreenData = { authStatus: visitor, items: [] };
    const fr = JSON.parse(catalogueJson('fr', firstScreenNamespaces('/browse'))) as Record<
      string,
      Record<string, unknown>
    >;
    const html = renderFirstScreen({ path: '/browse', search: '', locale: 'fr', texts: fr, data });
    const browseTitle = (fr.browse as { header: { title: string } }).header.title;
    expect(html).toContain(browseTitle);
  });

  it('refuses to render when the page’s texts lack a key the screen uses, and leaves no state behind', () => {
    const data: FirstScreenData = { authStatus: visitor, items: [] };
    const { browse: _browse, ...withoutBrowse } = texts('/browse');
    expect(() =>
      renderFirstScreen({ path: '/browse', search: '', locale: 'en', texts: withoutBrowse, data }),
    ).toThrow(/lack/);
    // The next render starts clean.
    expect(browse([item(3, { title: 'Silk scarf' })])).toContain('Silk scarf');
  });
});

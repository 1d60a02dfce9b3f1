import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthStatus } from '../../../common/api/auth';
import {
  BROWSE_PAGE_SIZE,
  type FirstScreenData,
  type FirstScreenFacets,
  type FirstScreenItems,
  itemsRequestKey,
  LANDING_SHOWCASE_PARAMS,
} from '../../../common/api/first-screen';
import {
  SEARCH_CORRECTED_HEADER,
  TOTAL_CAPPED_HEADER,
  TOTAL_COUNT_HEADER,
} from '../../../common/domain/marketplace-depth';
import { correctedSearchOf } from '../../../common/domain/search-corrected';
import { itemFiltersToParams, parseItemFilters } from '../../../common/domain/item-filters';
import { imageUrl } from '../../../common/domain/image-url';
import type { Item, ItemFacets } from '../../../common/api/items';
import type { CommunitySettings } from '../../../common/api/community';

/** How many photos of the first list the page asks the browser for at once: the grid's first row. */
const PRELOADED_PHOTOS = 4;

export interface FirstScreen {
  data: FirstScreenData;
  /** Photo addresses the first screen shows, for `<link rel="preload">`. */
  photos: string[];
}

/**
 * The answers the first screen of `/` and `/browse` fetches, for the page to carry
 * (docs/decisions/017-first-screen-data.md). Each is asked of the app's own routes, exactly as
 * the client would ask: GET /api/auth/status with the request's cookies, kept only when it says
 * signed out (a page carries no member's data); GET /api/items without cookies (the public list,
 * from the marketplace cache), for Browse's filters as the address gives them and, for a visitor
 * on `/`, for the landing page's showcase; and for Browse GET /api/items/facets for the same
 * filters, so that its counts are on the first screen too, with no request after it; and GET
 * /api/community, whose name and currency the first screen shows. Undefined for
 * other paths.
 */
export async function firstScreen(
  app: FastifyInstance,
  request: FastifyRequest,
  url: URL,
): Promise<FirstScreen | undefined> {
  if (url.pathname !== '/' && url.pathname !== '/browse') return undefined;
  const authStatus = await visitorStatus(app, request);
  const lists: URLSearchParams[] = [];
  let facets: Promise<FirstScreenFacets | undefined> = Promise.resolve(undefined);
  if (url.pathname === '/browse') {
    const filters = parseItemFilters(url.searchParams);
    const params = itemFiltersToParams(filters);
    params.set('limit', String(BROWSE_PAGE_SIZE));
    lists.push(params);
    facets = facetsAnswer(app, itemFiltersToParams({ ...filters, sortBy: undefined }));
  } else if (authStatus) {
    // A member's / is their own home page, which shows other lists.
    lists.push(new URLSearchParams(LANDING_SHOWCASE_PARAMS));
  }
  const [answers, facetCounts, community] = await Promise.all([
    Promise.all(lists.map((params) => itemsAnswer(app, params))),
    facets,
    communityAnswer(app),
  ]);
  const items = answers.filter((answer): answer is FirstScreenItems => answer !== undefined);
  // Browse's first row is its largest paint; the landing page's showcase is below its first screen.
  const photos =
    url.pathname === '/browse'
      ? (items[0]?.items ?? [])
          .slice(0, PRELOADED_PHOTOS)
          .flatMap((item) => (item.images[0] ? [imageUrl(item.images[0], 400)] : []))
      : [];
  return {
    data: {
      ...(authStatus ? { authStatus } : {}),
      ...(community ? { community } : {}),
      items,
      ...(facetCounts ? { facets: [facetCounts] } : {}),
    },
    photos,
  };
}

async function visitorStatus(app: FastifyInstance, request: FastifyRequest): Promise<AuthStatus | undefined> {
  const cookie = request.headers.cookie;
  const answer = await app.inject({
    method: 'GET',
    url: '/api/auth/status',
    headers: cookie ? { cookie } : {},
  });
  if (answer.statusCode !== 200) return undefined;
  const status = answer.json<AuthStatus>();
  return status.authenticated === false && status.user === null ? status : undefined;
}

async function itemsAnswer(
  app: FastifyInstance,
  params: URLSearchParams,
): Promise<FirstScreenItems | undefined> {
  const answer = await app.inject({ method: 'GET', url: `/api/items?${params.toString()}` });
  if (answer.statusCode !== 200) return undefined;
  const total = Number(answer.headers[TOTAL_COUNT_HEADER]);
  const items = answer.json<Item[]>();
  return {
    key: itemsRequestKey(params),
    items,
    total: Number.isFinite(total) && total >= 0 ? total : items.length,
    totalIsCapped: answer.headers[TOTAL_CAPPED_HEADER] === 'true',
    ...correctedSearchOf(answer.headers[SEARCH_CORRECTED_HEADER]),
  };
}

async function communityAnswer(app: FastifyInstance): Promise<CommunitySettings | undefined> {
  const answer = await app.inject({ method: 'GET', url: '/api/community' });
  return answer.statusCode === 200 ? answer.json<CommunitySettings>() : undefined;
}

async function facetsAnswer(
  app: FastifyInstance,
  params: URLSearchParams,
): Promise<FirstScreenFacets | undefined> {
  const query = params.toString();
  const answer = await app.inject({
    method: 'GET',
    url: query ? `/api/items/facets?${query}` : '/api/items/facets',
  });
  if (answer.statusCode !== 200) return undefined;
  return { key: itemsRequestKey(params), facets: answer.json<ItemFacets>() };
}

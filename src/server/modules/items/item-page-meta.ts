import { formatMoney } from '../../../common/domain/currency';
import { CONDITION_LABELS } from '../../../common/domain/taxonomy';
import type { PageMeta } from '../../lib/page-meta';
import { summary } from '../../lib/page-meta';
import type { ServiceContext } from '../../lib/service-context';
import { getItem } from './items-read.service';
import { currentCommunity } from '../../lib/community-settings';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The link preview of an item's shareable address (`/browse?highlight={id}`), as a visitor may see
 * it; undefined when the id is not a visible item, so the page keeps the site's own card.
 */
export async function itemPageMeta(ctx: ServiceContext, id: string): Promise<PageMeta | undefined> {
  if (!UUID.test(id)) return undefined;
  const item = await getItem(ctx, undefined, id).catch(() => undefined);
  if (!item) return undefined;
  const community = await currentCommunity(ctx);
  const facts = [
    item.brand,
    item.size ? `size ${item.size}` : null,
    CONDITION_LABELS[item.condition],
    `worth about ${formatMoney(item.estimatedValue, community.currency)}`,
  ].filter(Boolean);
  return {
    title: `${item.title} · ${community.name}`,
    description: summary(`${facts.join(' · ')}. Swap for it on ${community.name}. ${item.description}`),
    url: `${ctx.appUrl}/browse?highlight=${item.id}`,
    image: item.images[0] ? `${ctx.appUrl}${item.images[0]}` : undefined,
    type: 'product',
  };
}

import type { WishlistMatch } from '@common/api/wishlist';
import { WISHLIST_MATCHES_SHOWN } from '@common/domain/display-limits';
import { imageUrl } from '@common/domain/image-url';
import { type Condition } from '@common/domain/taxonomy';
import { Shirt, Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@client/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { CATEGORY_ROW, CONDITION_LABELS } from '@client/i18n/labels';

const categoryName = (category: string) =>
  CATEGORY_ROW.find((entry) => entry.id === category)?.label ?? category;
const conditionName = (condition: string) => CONDITION_LABELS[condition as Condition] ?? condition;

/**
 * docs/product.md (Wishlist and matching): 'Found Matches for Your Wishlist': at most 6 listed items that satisfy the member's
 * entries, each with its first photo (or a placeholder), title, brand, condition and category,
 * leading to its detail view (/browse?highlight={id}). Renders nothing when there are none.
 */
export function WishlistMatchesCard({ matches }: { matches: readonly WishlistMatch[] }) {
  if (matches.length === 0) return null;
  const shown = matches.slice(0, WISHLIST_MATCHES_SHOWN);

  return (
    <section aria-labelledby="wishlist-matches-heading">
      <Card className="border-primary/30 bg-secondary/40" data-testid="card-wishlist-matches">
        <CardHeader className="pb-4">
          <h2
            id="wishlist-matches-heading"
            className="flex items-center gap-2 text-lg leading-tight font-semibold"
          >
            <Sparkles className="size-5 text-primary" aria-hidden="true" />
            <span>Found Matches for Your Wishlist</span>
          </h2>
          <CardDescription>
            {matches.length === 1 ? 'One listed item matches' : `${matches.length} listed items match`} what
            you are looking for
            {matches.length > shown.length ? `; here are the newest ${shown.length}.` : '.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-label="Wishlist matches">
            {shown.map((match) => (
              <li key={match.id} className="min-w-0">
                <MatchTile match={match} />
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}

function MatchTile({ match }: { match: WishlistMatch }) {
  const cover = match.images[0];
  return (
    <Link
      href={`/browse?highlight=${match.id}`}
      className="group flex h-full flex-col overflow-hidden rounded-lg border bg-card shadow-xs transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
      data-testid={`wishlist-match-${match.id}`}
    >
      <div className="aspect-[4/5] overflow-hidden bg-muted">
        {cover ? (
          <img
            src={imageUrl(cover, 400)}
            alt=""
            width={400}
            height={500}
            loading="lazy"
            decoding="async"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          />
        ) : (
          <div className="flex size-full items-center justify-center bg-gradient-to-br from-secondary to-muted text-secondary-foreground/60">
            <Shirt className="size-1/3" strokeWidth={1.25} aria-hidden="true" />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-2.5">
        <p className="line-clamp-2 text-sm leading-snug font-medium group-hover:text-primary">
          {match.title}
        </p>
        <p className="truncate text-xs text-muted-foreground">
          {match.brand ? <>{match.brand} · </> : null}
          {conditionName(match.condition)}
        </p>
        <Badge variant="secondary" className="mt-auto">
          {categoryName(match.category)}
        </Badge>
      </div>
    </Link>
  );
}

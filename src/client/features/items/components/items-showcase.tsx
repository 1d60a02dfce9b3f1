import { CATEGORY_ROW, type CategoryFilterId } from '@common/domain/taxonomy';
import { ArrowRight, Shirt } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';

/**
 * The item grid slot of the home pages: 'Trending Items' for visitors and 'Latest Additions'
 * for members, each showing the first 8 items of the selected category. The items issue
 * fills the grid; for now the section frames where it goes.
 */
export function ItemsShowcase({
  id,
  title,
  description,
  category,
}: {
  id: string;
  title: string;
  description: string;
  category: CategoryFilterId;
}) {
  const categoryLabel = CATEGORY_ROW.find((entry) => entry.id === category)?.label;
  return (
    <section id={id} aria-labelledby={`${id}-heading`} data-testid={`section-${id}`} className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight sm:text-3xl">
            {title}
          </h2>
          <p className="text-muted-foreground">{category ? `Showing ${categoryLabel}` : description}</p>
        </div>
        <Button asChild variant="link" className="h-auto px-0">
          <Link href="/browse">
            View all
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-muted/50 px-6 py-14 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <Shirt className="size-6" aria-hidden="true" />
        </span>
        <p className="font-medium">Fresh listings will appear here</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          Browse the marketplace to see every item that is up for a swap right now.
        </p>
      </div>
    </section>
  );
}

import { Leaf } from 'lucide-react';
import { BrandMark } from '@client/components/layout/brand-mark';
import { PageContainer } from '@client/components/layout/page-container';

/**
 * As docs/product.md (Screens) has it: the footer's marketplace, support and company links are placeholders without
 * destinations, so they render as plain text rather than links that go nowhere.
 */
const FOOTER_COLUMNS = [
  { title: 'Marketplace', entries: ['Browse Items', 'Categories', 'Trending', 'Social Trading'] },
  { title: 'Support', entries: ['Help Center', 'Safety Tips', 'Shipping Guide', 'Contact Us'] },
  { title: 'Company', entries: ['About Us', 'Sustainability', 'Careers', 'Press'] },
] as const;

export function SiteFooter() {
  return (
    <footer className="border-t bg-muted/60">
      <PageContainer className="py-12">
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 sm:grid-cols-3 lg:grid-cols-5">
          <div className="col-span-2 space-y-3 sm:col-span-3 lg:col-span-2">
            <p className="flex items-center gap-2 text-lg font-bold tracking-tight">
              <BrandMark className="size-7" />
              Threadswap
            </p>
            <p className="max-w-xs text-sm text-muted-foreground">
              Swap pre-loved clothing, shoes and accessories item for item. No money, no fees, just great
              style finding a new home.
            </p>
            <p className="inline-flex items-center gap-1.5 text-sm font-medium text-primary">
              <Leaf className="size-4" aria-hidden="true" />
              Every swap keeps fashion out of landfill.
            </p>
          </div>
          {FOOTER_COLUMNS.map((column) => (
            <div key={column.title} className="space-y-3">
              <h2 className="text-sm font-semibold tracking-wide uppercase">{column.title}</h2>
              <ul className="space-y-2 text-sm text-muted-foreground">
                {column.entries.map((entry) => (
                  <li key={entry}>{entry}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <div className="mt-10 flex flex-col gap-2 border-t pt-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <p>© {new Date().getFullYear()} Threadswap. All rights reserved.</p>
          <p>Trade fashion, not money.</p>
        </div>
      </PageContainer>
    </footer>
  );
}

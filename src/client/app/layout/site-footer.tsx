import { Leaf } from 'lucide-react';
import { Link } from 'wouter';
import { BrandMark } from '@client/components/layout/brand-mark';
import { PageContainer } from '@client/components/layout/page-container';

/** Every footer entry goes somewhere real: a page of the app or a section of one. */
const FOOTER_COLUMNS = [
  {
    title: 'Marketplace',
    entries: [
      { label: 'Browse Items', href: '/browse' },
      { label: 'Categories', href: '/categories' },
      { label: 'Trending', href: '/browse?sortBy=popular' },
      { label: 'Social Trading', href: '/social' },
    ],
  },
  {
    title: 'Support',
    entries: [
      { label: 'How It Works', href: '/how-it-works' },
      { label: 'Help', href: '/help' },
      { label: 'Safety Tips', href: '/help#safety' },
      { label: 'Shipping Guide', href: '/help#shipping' },
    ],
  },
  {
    title: 'Company',
    entries: [
      { label: 'About', href: '/about' },
      { label: 'Terms', href: '/terms' },
      { label: 'Privacy', href: '/privacy' },
      { label: 'Accessibility', href: '/accessibility' },
    ],
  },
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
                  <li key={entry.href}>
                    <Link
                      href={entry.href}
                      className="rounded-sm hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                      data-testid={`link-footer-${entry.label.toLowerCase().replaceAll(' ', '-')}`}
                    >
                      {entry.label}
                    </Link>
                  </li>
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

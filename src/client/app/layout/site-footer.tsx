import { Leaf } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { BrandMark } from '@client/components/layout/brand-mark';
import { PageContainer } from '@client/components/layout/page-container';
import { LanguageSelect } from '@client/i18n/language-select';

/** Every footer entry goes somewhere real: a page of the app or a section of one. */
const FOOTER_COLUMNS = [
  {
    key: 'marketplace',
    entries: [
      { key: 'browse-items', href: '/browse' },
      { key: 'categories', href: '/categories' },
      { key: 'trending', href: '/browse?sortBy=trending' },
      { key: 'social-trading', href: '/social' },
    ],
  },
  {
    key: 'support',
    entries: [
      { key: 'how-it-works', href: '/how-it-works' },
      { key: 'help', href: '/help' },
      { key: 'safety-tips', href: '/help#safety' },
      { key: 'shipping-guide', href: '/help#shipping' },
    ],
  },
  {
    key: 'company',
    entries: [
      { key: 'about', href: '/about' },
      { key: 'terms', href: '/terms' },
      { key: 'privacy', href: '/privacy' },
      { key: 'accessibility', href: '/accessibility' },
    ],
  },
] as const;

export function SiteFooter() {
  const { t } = useTranslation('layout');
  return (
    <footer className="border-t bg-muted/60">
      <PageContainer className="py-12">
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 sm:grid-cols-3 lg:grid-cols-5">
          <div className="col-span-2 space-y-3 sm:col-span-3 lg:col-span-2">
            <p className="flex items-center gap-2 text-lg font-bold tracking-tight">
              <BrandMark className="size-7" />
              Threadswap
            </p>
            <p className="max-w-xs text-sm text-muted-foreground">{t('footer.tagline')}</p>
            <p className="inline-flex items-center gap-1.5 text-sm font-medium text-primary">
              <Leaf className="size-4" aria-hidden="true" />
              {t('footer.landfill')}
            </p>
          </div>
          {FOOTER_COLUMNS.map((column) => (
            <div key={column.key} className="space-y-3">
              <h2 className="text-sm font-semibold tracking-wide uppercase">
                {t(`footer.columns.${column.key}`)}
              </h2>
              <ul className="space-y-1 text-sm text-muted-foreground">
                {column.entries.map((entry) => (
                  <li key={entry.href}>
                    <Link
                      href={entry.href}
                      className="inline-flex min-h-6 items-center rounded-sm hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                      data-testid={`link-footer-${entry.key}`}
                    >
                      {t(`footer.links.${entry.key}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <div className="mt-10 flex flex-col gap-2 border-t pt-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
          <LanguageSelect />
          <p>{t('footer.motto')}</p>
        </div>
      </PageContainer>
    </footer>
  );
}

import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { cn } from '@client/lib/utils';

/** As docs/product.md (Screens) has it: the navigation bar's search leads to /browse?search=<query>. */
export function SearchBox({ className }: { className?: string }) {
  const { t } = useTranslation('layout');
  const [location, navigate] = useLocation();
  const search = useSearch();
  const currentQuery = location === '/browse' ? (new URLSearchParams(search).get('search') ?? '') : '';
  const [query, setQuery] = useState(currentQuery);
  const [shownQuery, setShownQuery] = useState(currentQuery);

  // Follow the URL when it changes under the box (back button, another link), as React
  // recommends for state derived from props: compare during render, no effect.
  if (currentQuery !== shownQuery) {
    setShownQuery(currentQuery);
    setQuery(currentQuery);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = query.trim();
    navigate(trimmed ? `/browse?search=${encodeURIComponent(trimmed)}` : '/browse');
  };

  return (
    <form role="search" onSubmit={submit} className={cn('relative', className)}>
      <label htmlFor="site-search" className="sr-only">
        {t('search.label')}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <input
        id="site-search"
        type="search"
        enterKeyHint="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={t('search.placeholder')}
        data-testid="input-search"
        className="h-10 w-full rounded-full border border-input bg-muted/60 pr-4 pl-9 text-base transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:bg-card focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none md:text-sm"
      />
    </form>
  );
}

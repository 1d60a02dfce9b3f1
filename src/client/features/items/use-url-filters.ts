import { itemFiltersToParams, parseItemFilters, type ItemFilterState } from '@common/domain/item-filters';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { HIGHLIGHT_PARAM, openedFromLink } from './use-item-controls';

/**
 * The Browse filters live in the page URL (so that a reload or a shared link keeps them), in
 * the same parameters the API takes, plus `highlight` for the open detail view. Filter changes
 * replace the history entry rather than stacking one per keystroke or click.
 */
export function useUrlFilters() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const filters = useMemo(() => parseItemFilters(search), [search]);
  const highlight = new URLSearchParams(search).get(HIGHLIGHT_PARAM);

  const hrefFor = (next: ItemFilterState, nextHighlight: string | null = null) => {
    const params = itemFiltersToParams(next);
    if (nextHighlight) params.set(HIGHLIGHT_PARAM, nextHighlight);
    const query = params.toString();
    return query ? `${location}?${query}` : location;
  };

  return {
    filters,
    highlight,
    hrefFor,
    setFilters: (next: ItemFilterState) => navigate(hrefFor(next, highlight), { replace: true }),
    /** Closes the detail view: back to where it was opened from, or the same page without it. */
    closeDetail: () => {
      if (openedFromLink()) window.history.back();
      else navigate(hrefFor(filters), { replace: true });
    },
  };
}

/**
 * A text box bound to a URL value: it edits a local draft, which is written to the URL after a
 * pause in typing, and follows the URL when it changes from elsewhere (a removed chip, the
 * navigation bar's search box, the back button).
 */
export function useDebouncedText(value: string, commit: (next: string) => void, delayMs = 350) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }
  const onCommit = useEffectEvent((next: string) => commit(next));

  useEffect(() => {
    if (draft.trim() === value) return;
    const timer = window.setTimeout(() => onCommit(draft.trim()), delayMs);
    return () => window.clearTimeout(timer);
  }, [draft, value, delayMs]);

  return {
    draft,
    setDraft,
    /** Writes the draft at once (Enter). */
    flush: () => {
      if (draft.trim() !== value) commit(draft.trim());
    },
  };
}

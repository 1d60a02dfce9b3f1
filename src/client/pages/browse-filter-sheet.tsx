import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { useFormat } from '@client/i18n/format';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@client/components/ui/sheet';

/**
 * Browse's filters on phones: a full-screen sheet holding the filter panel, closed by 'Show N
 * results'. Its own chunk (a Radix dialog with focus trap and scroll lock), loaded with the panel.
 */
export function BrowseFilterSheet({
  open,
  onOpenChange,
  onClear,
  matching,
  sort,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onClear: () => void;
  /** How many items the filters match, once known; `capped`: more than `count` ("10,000+"). */
  matching: { count: number; capped: boolean } | undefined;
  /** The sort, at full width so that its whole label shows. */
  sort: ReactNode;
  /** The filter panel (without its own 'Clear All': the footer's is the sheet's one reset). */
  children: ReactNode;
}) {
  const { t } = useTranslation('browse');
  const format = useFormat();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="bottom" className="top-0 h-dvh max-h-none gap-0 p-0" data-testid="sheet-filters">
        <div className="border-b px-4 py-3 pr-12">
          <SheetTitle>{t('filters.button')}</SheetTitle>
          <SheetDescription className="sr-only">{t('filters.sheetDescription')}</SheetDescription>
        </div>
        <div className="min-h-0 flex-1 space-y-3 overflow-y-auto p-3">
          {sort}
          {children}
        </div>
        <div className="flex items-center gap-3 border-t bg-card px-4 py-3">
          <Button variant="ghost" onClick={onClear} data-testid="button-sheet-clear">
            {t('filters.clearAll')}
          </Button>
          <Button className="flex-1" onClick={() => onOpenChange(false)} data-testid="button-show-results">
            {matching === undefined
              ? t('filters.showResults')
              : matching.capped
                ? t('filters.showCountCapped', { total: format.number(matching.count) })
                : t('filters.showCount', { count: matching.count })}
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}

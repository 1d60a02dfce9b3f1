import { MAX_SAVED_SEARCH_NAME } from '@common/domain/limits';
import { type ItemFilterState, itemFiltersToParams } from '@common/domain/item-filters';
import { BellPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { ConfirmDialogFooter } from '@client/components/ui/confirm-dialog-footer';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { toast } from '@client/components/ui/use-toast';
import { errorText } from '@client/lib/api-error';
import { useSaveSearch } from '../api';
import { defaultSearchName } from '@client/i18n/labels';

/** The Browse query a search saves: its filters and sort, never the open detail view. */
function queryOf(filters: ItemFilterState): string {
  return itemFiltersToParams(filters).toString();
}

/** True when the filters narrow the marketplace at all (the sort alone does not). */
export function canSaveSearch(filters: ItemFilterState): boolean {
  return itemFiltersToParams({ ...filters, sortBy: undefined }).toString() !== '';
}

/**
 * 'Save this search' on Browse (members): a dialog names the search (suggested from the filters)
 * and saves the page's filters; new listings that match them then arrive as notifications.
 */
export function SaveSearchButton({ filters }: { filters: ItemFilterState }) {
  const { t } = useTranslation('savedSearches');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSearch();
  const enabled = canSaveSearch(filters);

  const openDialog = () => {
    setName(defaultSearchName(filters));
    setError(null);
    setOpen(true);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('save.nameMissing'));
      return;
    }
    try {
      await save.mutateAsync({ name: name.trim(), query: queryOf(filters) });
    } catch (failure) {
      setError(errorText(failure) ?? t('save.failed'));
      return;
    }
    setOpen(false);
    toast({
      title: t('save.saved'),
      description: (
        <Trans
          t={t}
          i18nKey="save.savedHint"
          components={{ pageLink: <Link href="/saved-searches" className="font-medium underline" /> }}
        />
      ),
    });
  };

  return (
    <>
      <Button
        variant="outline"
        onClick={openDialog}
        disabled={!enabled}
        title={enabled ? undefined : t('save.disabledHint')}
        data-testid="button-save-search"
      >
        <BellPlus aria-hidden="true" />
        {t('save.button')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent data-testid="dialog-save-search">
          <DialogHeader className="text-left">
            <DialogTitle>{t('save.button')}</DialogTitle>
            <DialogDescription>{t('save.description')}</DialogDescription>
          </DialogHeader>
          <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-name`}>{t('save.name')}</Label>
              <Input
                id={`${id}-name`}
                value={name}
                maxLength={MAX_SAVED_SEARCH_NAME}
                onChange={(event) => {
                  setName(event.target.value);
                  setError(null);
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                autoComplete="off"
                data-testid="input-saved-search-name"
              />
              {error ? (
                <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
                  {error}
                </p>
              ) : null}
            </div>
            <ConfirmDialogFooter
              cancelLabel={t('common:actions.cancel')}
              onCancel={() => setOpen(false)}
              confirmLabel={t('save.confirm')}
              pendingLabel={t('save.saving')}
              icon={BellPlus}
              pending={save.isPending}
              testId="button-confirm-save-search"
            />
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}

import type { Draft } from '@common/api/drafts';
import { DRAFT_TTL_DAYS } from '@common/domain/limits';
import { imageUrl } from '@common/domain/image-url';
import { FilePen, ImageOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { useFormat } from '@client/i18n/format';
import { toast } from '@client/components/ui/use-toast';
import { useDeleteDraftMutation, useDrafts } from '../api';
import { LazyListItemDialog, preloadListItemDialog } from './lazy-list-item-dialog';

/**
 * The 'Drafts' section of My Items (docs/product.md, Drafts): each draft the member saved from the
 * List Item dialog, with its cover photo, title ('Untitled draft' without one) and when it was last
 * saved; 'Continue' re-opens the dialog pre-filled, 'Delete' asks once more, then deletes it.
 * Nothing is shown while there are no drafts.
 */
export function MyDrafts() {
  const { t } = useTranslation('drafts');
  const { data: drafts } = useDrafts();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<Draft | undefined>();
  if (!drafts?.length && !editing) return null;
  return (
    <section aria-labelledby="my-drafts-heading" className="grid gap-3" data-testid="section-drafts">
      <div>
        <h2 id="my-drafts-heading" className="text-xl font-semibold">
          {t('heading')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('privacy', { days: DRAFT_TTL_DAYS })}</p>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {(drafts ?? []).map((draft) => (
          <DraftRow
            key={draft.id}
            draft={draft}
            onOpen={() => {
              setEditing(draft);
              setOpen(true);
            }}
          />
        ))}
      </ul>
      <LazyListItemDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setEditing(undefined);
        }}
        draft={editing}
        key={editing?.id ?? 'none'}
      />
    </section>
  );
}

function DraftRow({ draft, onOpen }: { draft: Draft; onOpen: () => void }) {
  const { t } = useTranslation('drafts');
  const format = useFormat();
  const remove = useDeleteDraftMutation();
  const [confirming, setConfirming] = useState(false);
  const cover = draft.images[0];
  const title = draft.fields.title || t('untitled');
  return (
    <li className="flex items-center gap-3 rounded-xl border bg-card p-2" data-testid={`draft-${draft.id}`}>
      <button
        type="button"
        onClick={onOpen}
        onPointerEnter={preloadListItemDialog}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-lg text-left focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        aria-label={t('continueLabel', { title })}
        data-testid="button-open-draft"
      >
        <span className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-muted">
          {cover ? (
            <img src={imageUrl(cover, 400)} alt="" className="size-full object-cover" />
          ) : (
            <ImageOff className="size-5 text-muted-foreground" aria-hidden="true" />
          )}
        </span>
        <span className="min-w-0">
          <span className="block truncate font-medium" data-testid="text-draft-title">
            {title}
          </span>
          <span className="block text-xs text-muted-foreground">
            <Trans
              t={t}
              i18nKey="savedAt"
              values={{ date: format.dateTime(draft.updatedAt) }}
              components={{ time: <time dateTime={draft.updatedAt} /> }}
            />
          </span>
        </span>
      </button>
      {confirming ? (
        <div className="flex shrink-0 gap-1">
          <Button
            type="button"
            size="sm"
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(draft.id, {
                onSuccess: () => toast({ title: t('deleted') }),
                onError: () => setConfirming(false),
              })
            }
            data-testid="button-confirm-delete-draft"
          >
            {t('delete')}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            {t('keep')}
          </Button>
        </div>
      ) : (
        <div className="flex shrink-0 gap-1">
          <Button
            type="button"
            size="icon"
            variant="ghost"
            onClick={onOpen}
            aria-label={t('continueLabel', { title })}
            title={t('continue')}
            className="hidden sm:inline-flex"
          >
            <FilePen aria-hidden="true" />
          </Button>
          <Button
            type="button"
            size="icon"
            variant="ghost"
            onClick={() => setConfirming(true)}
            aria-label={t('deleteLabel', { title })}
            title={t('deleteTitle')}
            className="hover:text-destructive"
            data-testid="button-delete-draft"
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      )}
    </li>
  );
}

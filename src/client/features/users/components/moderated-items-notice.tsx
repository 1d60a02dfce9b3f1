import type { Item } from '@common/api/items';
import { useMutation } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { apiRequest } from '@client/lib/api-client';
import { errorText } from '@client/lib/api-error';

/** My Items: the listings moderators took out of the marketplace, why, and an appeal for removals. */
export function ModeratedItemsNotice({ items }: { items: Item[] }) {
  const { t } = useTranslation('users');
  const held = items.filter((item) => item.moderation);
  if (held.length === 0) return null;
  return (
    <section className="grid gap-3" aria-labelledby="moderated-items-heading" data-testid="moderated-items">
      <h2 id="moderated-items-heading" className="flex items-center gap-2 font-semibold">
        <ShieldAlert className="size-4 text-destructive" aria-hidden="true" />
        {t('moderated.title')}
      </h2>
      {held.map((item) => (
        <ModeratedItem key={item.id} item={item} />
      ))}
    </section>
  );
}

function ModeratedItem({ item }: { item: Item }) {
  const { t } = useTranslation('users');
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const appeal = useMutation({
    mutationFn: () =>
      apiRequest('POST', '/api/appeals', { targetType: 'item', targetId: item.id, text: text.trim() }),
  });
  const reason = item.moderation?.removalReason;
  return (
    <div
      className="grid gap-2 rounded-lg border border-destructive/40 p-3 text-sm break-words"
      data-testid={`moderated-${item.id}`}
    >
      <p className="font-medium">{item.title}</p>
      <p>
        {reason ? t('moderated.removed', { reason: t(`safety:reasons.${reason}`) }) : t('moderated.hidden')}
      </p>
      {item.moderation?.removalNote ? (
        <p className="text-muted-foreground">{item.moderation.removalNote}</p>
      ) : null}
      {reason && appeal.isSuccess ? <p>{t('moderated.appealSent')}</p> : null}
      {reason && !appeal.isSuccess ? (
        open ? (
          <form
            className="grid gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (text.trim()) appeal.mutate();
            }}
          >
            <Label htmlFor={`appeal-${item.id}`} className="leading-snug">
              {t('moderated.appealLabel')}
            </Label>
            <Textarea
              id={`appeal-${item.id}`}
              autoFocus
              maxLength={2000}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            {appeal.isError ? (
              <p className="text-destructive">{errorText(appeal.error) ?? t('details.tryAgain')}</p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" size="sm" disabled={!text.trim() || appeal.isPending}>
                {t('moderated.sendAppeal')}
              </Button>
              <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
                {t('moderated.cancel')}
              </Button>
            </div>
          </form>
        ) : (
          <Button size="sm" variant="outline" className="justify-self-start" onClick={() => setOpen(true)}>
            {t('moderated.appeal')}
          </Button>
        )
      ) : null}
    </div>
  );
}

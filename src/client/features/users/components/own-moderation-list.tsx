import type { OwnModerationEntry } from '@common/api/moderation';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { useFormat } from '@client/i18n/format';

/** The account page: warnings and other moderators' actions on the member's account and listings. */
export function OwnModerationList() {
  const { t } = useTranslation('users');
  const format = useFormat();
  const id = useId();
  const entries = useQuery<OwnModerationEntry[]>({ queryKey: ['/api/users/moderation'] });
  if (!entries.data || entries.data.length === 0) return null;
  return (
    // As wide as the account page's other cards, a region named by its heading like them.
    <Card
      className="mt-6 max-w-4xl"
      role="region"
      aria-labelledby={`${id}-title`}
      data-testid="own-moderation"
    >
      <CardHeader>
        <h2 id={`${id}-title`} className="text-xl leading-tight font-semibold">
          {t('moderated.accountTitle')}
        </h2>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 text-sm">
          {entries.data.map((entry) => (
            <li key={entry.id} className="grid gap-1 rounded-md bg-muted/50 p-3 break-words">
              <span className="font-medium">
                {t(`moderated.actions.${entry.action.replace('.', '_')}`, { item: entry.targetLabel ?? '' })}
              </span>
              {entry.reason ? <span>{t(`safety:reasons.${entry.reason}`)}</span> : null}
              {warningText(entry) ? <span>{warningText(entry)}</span> : null}
              {entry.note ? <span className="text-muted-foreground">{entry.note}</span> : null}
              <span className="text-xs text-muted-foreground">{format.dateTime(entry.createdAt)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** A warning's text, kept in its audit entry's details. */
function warningText(entry: OwnModerationEntry): string | null {
  const { message } = entry.details;
  return typeof message === 'string' ? message : null;
}

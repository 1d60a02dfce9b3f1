import { displayName, initials } from '@common/domain/display-name';
import { relativeTimeParts } from '@common/domain/relative-time';
import { LoaderCircle, ShieldOff } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link } from 'wouter';
import { Avatar, AvatarFallback, AvatarImage } from '@client/components/ui/avatar';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { useFormat, type Formatters } from '@client/i18n/format';
import { useBlockedMembers, type BlockedMember } from '../api';
import { useBlockToggle } from './member-safety-actions';

/** 'Blocked members' in the Account card: who the member blocked, each with Unblock. */
export function BlockedMembersList() {
  const { t } = useTranslation('safety');
  const id = useId();
  const blocks = useBlockedMembers();

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3" data-testid="section-blocked-members">
      <div className="space-y-1">
        <h3 id={`${id}-title`} className="font-semibold">
          {t('blocked.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('blocked.intro')}</p>
      </div>
      {blocks.isPending ? (
        <div className="grid gap-2" role="status" aria-label={t('blocked.loading')}>
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : blocks.isError ? (
        <p className="text-sm text-destructive">{t('blocked.loadError')}</p>
      ) : blocks.data.length === 0 ? (
        <p
          className="rounded-lg border border-dashed px-4 py-5 text-center text-sm text-muted-foreground"
          data-testid="text-no-blocked-members"
        >
          {t('blocked.none')}
        </p>
      ) : (
        <ul className="divide-y rounded-lg border">
          {blocks.data.map((entry) => (
            <BlockedMemberRow key={entry.user.id} entry={entry} />
          ))}
        </ul>
      )}
    </section>
  );
}

function BlockedMemberRow({ entry }: { entry: BlockedMember }) {
  const { t } = useTranslation('safety');
  const format = useFormat();
  const name = displayName(entry.user);
  const toggle = useBlockToggle(entry.user.id, name);

  return (
    <li className="flex items-center gap-3 px-4 py-3" data-testid={`blocked-member-${entry.user.id}`}>
      <Avatar className="size-10">
        {entry.user.profileImageUrl ? <AvatarImage src={entry.user.profileImageUrl} alt="" /> : null}
        <AvatarFallback>{initials(entry.user)}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <Link
          href={`/profile?user=${entry.user.id}`}
          className="block truncate font-medium hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {name}
        </Link>
        <p className="text-xs text-muted-foreground">{blockedWhen(t, format, entry.createdAt)}</p>
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={toggle.pending}
        onClick={toggle.unblock}
        aria-label={t('block.unblockName', { name })}
        data-testid={`button-unblock-${entry.user.id}`}
      >
        {toggle.pending ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <ShieldOff aria-hidden="true" />
        )}
        {t('block.unblock')}
      </Button>
    </li>
  );
}

/** 'Blocked just now', 'Blocked 3 days ago', 'Blocked on Mar 4, 2025'. */
function blockedWhen(t: TFunction<'safety'>, format: Formatters, createdAt: string): string {
  const parts = relativeTimeParts(createdAt);
  if (!parts || parts.unit === 'now') return t('blocked.justNow');
  if (parts.unit === 'date') return t('blocked.onDate', { date: format.date(parts.date) });
  return t('blocked.ago', { when: format.relative(createdAt) });
}

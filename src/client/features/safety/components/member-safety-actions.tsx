import { Ban, LoaderCircle, ShieldOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { useAuth } from '@client/lib/session';
import { useBlockMember, useIsBlocked, useUnblockMember } from '../api';
import { ReportButton } from './report-button';

/**
 * Block or unblock a member, with the toasts that confirm it. mutateAsync, because the button
 * may be gone when the answer arrives (the Account card's row leaves the list at once).
 */
export function useBlockToggle(userId: string, name: string) {
  const { t } = useTranslation('safety');
  const block = useBlockMember();
  const unblock = useUnblockMember();

  const run = async (mutation: typeof block, success: { title: string; description: string }) => {
    try {
      await mutation.mutateAsync(userId);
    } catch {
      // The mutation's meta reports the failure (query-client.ts).
      return;
    }
    toast(success);
  };

  return {
    pending: block.isPending || unblock.isPending,
    block: () =>
      run(block, {
        title: t('block.blocked.title'),
        description: t('block.blocked.description', { name }),
      }),
    unblock: () =>
      run(unblock, {
        title: t('block.unblocked.title'),
        description: t('block.unblocked.description', { name }),
      }),
  };
}

/**
 * On another member's public profile: 'Report' and 'Block' (or 'Unblock'). Renders nothing on the
 * member's own profile.
 */
export function MemberSafetyActions({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation('safety');
  const { user } = useAuth();
  const blocked = useIsBlocked(userId);
  const toggle = useBlockToggle(userId, name);

  if (!user || user.id === userId) return null;

  return (
    <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-end">
      <ReportButton
        target={{ type: 'user', id: userId, label: name }}
        ownerId={userId}
        variant="outline"
        testId="button-report-member"
      />
      {blocked ? (
        <Button
          variant="outline"
          size="sm"
          disabled={toggle.pending}
          onClick={toggle.unblock}
          data-testid="button-unblock-member"
        >
          {toggle.pending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <ShieldOff aria-hidden="true" />
          )}
          {t('block.unblock')}
        </Button>
      ) : (
        <Button
          variant="outline"
          size="sm"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          disabled={blocked === undefined || toggle.pending}
          onClick={toggle.block}
          data-testid="button-block-member"
        >
          {toggle.pending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Ban aria-hidden="true" />
          )}
          {t('block.block')}
        </Button>
      )}
    </div>
  );
}

/** The note a blocked member's profile shows to the member who blocked them. */
export function BlockedMemberNotice({ userId }: { userId: string }) {
  const { t } = useTranslation('safety');
  const blocked = useIsBlocked(userId);
  if (!blocked) return null;
  return (
    <div
      className="flex items-start gap-3 rounded-xl border border-destructive/30 bg-destructive/5 p-4"
      role="status"
      data-testid="text-member-blocked"
    >
      <Ban className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
      <div className="space-y-0.5">
        <p className="font-semibold">{t('block.noticeTitle')}</p>
        <p className="text-sm text-muted-foreground">{t('block.noticeText')}</p>
      </div>
    </div>
  );
}

import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { Separator } from '@client/components/ui/separator';
import { ChangeEmailForm } from '@client/features/auth';
import { cn } from '@client/lib/utils';
import { BlockedMembersList } from './blocked-members-list';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccountSection } from './delete-account-section';
import { SessionsList } from './sessions-list';

/** The Preferences tab's 'Account' card: password, signed-in devices, blocked members, and deleting the account. */
export function AccountCard({ email, className }: { email: string; className?: string }) {
  const { t } = useTranslation('safety');
  const id = useId();
  return (
    <Card
      className={cn('max-w-4xl', className)}
      aria-labelledby={`${id}-title`}
      role="region"
      data-testid="card-account"
    >
      <CardHeader>
        <h2 id={`${id}-title`} className="text-xl leading-tight font-semibold">
          {t('account.title')}
        </h2>
        <CardDescription>
          <Trans
            i18nKey="account.signedInAs"
            ns="safety"
            values={{ email }}
            components={{ email: <span className="font-medium break-all text-foreground" /> }}
          />
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ChangePasswordForm />
        <Separator />
        <ChangeEmailForm />
        <Separator />
        <SessionsList />
        <Separator />
        <BlockedMembersList />
        <Separator />
        <DeleteAccountSection />
      </CardContent>
    </Card>
  );
}

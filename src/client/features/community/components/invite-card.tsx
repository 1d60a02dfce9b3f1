import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { errorText } from '@client/lib/api-error';
import { useCreateInvitation } from '../api';

/** A member makes a single-use invitation link to send a friend (needed when joining is by invitation). */
export function InviteCard() {
  const { t } = useTranslation('community');
  const create = useCreateInvitation();
  const [url, setUrl] = useState<string | null>(null);
  return (
    <section aria-labelledby="invite-title" className="grid gap-3" data-testid="invite-card">
      <h2 id="invite-title" className="text-lg font-semibold">
        {t('invite.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('invite.description')}</p>
      {url ? (
        <div className="grid gap-1">
          <label htmlFor="invite-url" className="text-sm font-medium">
            {t('invite.link')}
          </label>
          <Input
            id="invite-url"
            readOnly
            value={url}
            onFocus={(event) => event.target.select()}
            data-testid="input-invite-url"
          />
        </div>
      ) : null}
      <div>
        <Button
          type="button"
          variant="outline"
          disabled={create.isPending}
          data-testid="button-create-invitation"
          onClick={() =>
            create.mutate(undefined, {
              onSuccess: (invitation) => setUrl(invitation.url),
              onError: (error) =>
                toast({
                  title: t('invite.failed'),
                  description: errorText(error) ?? undefined,
                  variant: 'destructive',
                }),
            })
          }
        >
          {t('invite.create')}
        </Button>
      </div>
    </section>
  );
}

import type { ErrorResponse } from '@common/api/common';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { useFormat } from '@client/i18n/format';
import { apiRequest } from '@client/lib/api-client';
import { errorText } from '@client/lib/api-error';

type Suspension = NonNullable<ErrorResponse['suspension']>;

/**
 * What a suspended member sees instead of being signed in: the reason, the end, and (once per
 * suspension) a form to appeal with the token of the refused sign-in. `onBack` returns to the sign-in
 * form, for another account or once the suspension is lifted.
 */
export function SuspensionNotice({ suspension, onBack }: { suspension: Suspension; onBack: () => void }) {
  const { t } = useTranslation('auth');
  const format = useFormat();
  // The token starts with the member's id (server: moderation/appeal-token.ts).
  const memberId = suspension.appealToken?.split('.')[0] ?? null;
  const [text, setText] = useState('');
  const appeal = useMutation({
    mutationFn: () =>
      apiRequest('POST', '/api/appeals', {
        targetType: 'member',
        targetId: memberId,
        text: text.trim(),
        appealToken: suspension.appealToken,
      }),
  });
  return (
    <div className="grid gap-4 rounded-lg border border-destructive/50 p-4" data-testid="suspension-notice">
      {/* Only the refusal is announced when it replaces the form, not the appeal form under it. */}
      <div role="alert" className="grid gap-2 break-words">
        <p className="font-semibold">{t('suspended.title')}</p>
        <p className="text-sm">
          {t('suspended.reason', { reason: t(`safety:reasons.${suspension.reason}`) })}{' '}
          {suspension.until
            ? t('suspended.until', { date: format.date(suspension.until) })
            : t('suspended.untilLifted')}
        </p>
        {suspension.note ? <p className="text-sm text-muted-foreground">{suspension.note}</p> : null}
      </div>
      {appeal.isSuccess ? (
        <p className="text-sm" data-testid="appeal-sent">
          {t('suspended.appealSent')}
        </p>
      ) : suspension.appealToken && memberId ? (
        <form
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (text.trim()) appeal.mutate();
          }}
        >
          <Label htmlFor="appeal-text" className="leading-snug">
            {t('suspended.appealLabel')}
          </Label>
          <Textarea
            id="appeal-text"
            maxLength={2000}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          {appeal.isError ? (
            <p className="text-sm text-destructive">{errorText(appeal.error) ?? t('changeEmail.tryAgain')}</p>
          ) : null}
          <Button type="submit" variant="outline" disabled={!text.trim() || appeal.isPending}>
            {t('suspended.appeal')}
          </Button>
        </form>
      ) : null}
      <Button type="button" variant="ghost" className="justify-self-start" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        {t('suspended.back')}
      </Button>
    </div>
  );
}

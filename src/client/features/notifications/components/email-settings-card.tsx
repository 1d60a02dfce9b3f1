import { EMAIL_TYPES, type EmailType, IMMEDIATE_EMAIL_TYPES } from '@common/api/email-preferences';
import { Mail } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { Checkbox } from '@client/components/ui/checkbox';
import { cn } from '@client/lib/utils';
import { useEmailPreferences, useSetEmailPreference } from '../api';

/**
 * The Preferences tab's 'Email' card: each kind of email on or off, saved as it is switched. Every
 * email also has an unsubscribe link that turns its kind off without signing in.
 */
export function EmailSettingsCard({ className }: { className?: string }) {
  const { t } = useTranslation('notifications');
  const id = useId();
  const preferences = useEmailPreferences();
  const setPreference = useSetEmailPreference();
  const row = (type: EmailType) => {
    const checked = preferences.data?.[type] ?? false;
    return (
      <li key={type}>
        <label
          htmlFor={`${id}-${type}`}
          className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg px-2 py-2 hover:bg-muted/50"
        >
          <Checkbox
            id={`${id}-${type}`}
            className="mt-0.5"
            checked={checked}
            disabled={!preferences.data}
            onCheckedChange={(value) => setPreference.mutate({ [type]: value === true })}
            data-testid={`checkbox-email-${type}`}
          />
          <span className="grid gap-0.5">
            <span className="text-sm font-medium">{t(`email.types.${type}`)}</span>
            <span className="text-xs text-muted-foreground">{t(`email.hints.${type}`)}</span>
          </span>
        </label>
      </li>
    );
  };
  const immediate = EMAIL_TYPES.filter((type) => (IMMEDIATE_EMAIL_TYPES as readonly string[]).includes(type));

  return (
    <Card
      className={cn('max-w-4xl', className)}
      aria-labelledby={`${id}-title`}
      role="region"
      data-testid="card-email-settings"
    >
      <CardHeader>
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-xl leading-tight font-semibold">
          <Mail className="size-5 text-primary" aria-hidden="true" />
          {t('email.heading')}
        </h2>
        <CardDescription>{t('email.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {preferences.isError ? (
          <p className="text-sm text-destructive" role="alert">
            {t('email.loadError')}
          </p>
        ) : null}
        <fieldset className="grid gap-1">
          <legend className="mb-1 text-sm font-semibold">{t('email.immediate')}</legend>
          <ul className="grid gap-1">{immediate.map(row)}</ul>
        </fieldset>
        <fieldset className="grid gap-1">
          <legend className="mb-1 text-sm font-semibold">{t('email.others')}</legend>
          <ul className="grid gap-1">{row('digest')}</ul>
        </fieldset>
      </CardContent>
    </Card>
  );
}

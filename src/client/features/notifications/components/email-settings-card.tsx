import {
  EMAIL_TYPE_LABELS,
  EMAIL_TYPES,
  type EmailType,
  IMMEDIATE_EMAIL_TYPES,
} from '@common/api/email-preferences';
import { Mail } from 'lucide-react';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { Checkbox } from '@client/components/ui/checkbox';
import { cn } from '@client/lib/utils';
import { useEmailPreferences, useSetEmailPreference } from '../api';

const HINTS: Record<EmailType, string> = {
  tradeRequest: 'At once, when someone offers a swap for one of your items.',
  tradeAccepted: 'At once, when a member accepts your offer.',
  ringProposal: 'At once, when a swap ring is proposed to you: it waits for your answer.',
  dispute: 'At once, when a member reports a problem with a swap you are part of.',
  unreadMessage: 'When a message has waited an hour unread; once until you read the conversation.',
  digest: 'Once a day at most, listing the other notifications you have not seen in the app.',
};

/**
 * The Preferences tab's 'Email' card: each kind of email on or off, saved as it is switched. Every
 * email also has an unsubscribe link that turns its kind off without signing in.
 */
export function EmailSettingsCard({ className }: { className?: string }) {
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
            <span className="text-sm font-medium">{EMAIL_TYPE_LABELS[type]}</span>
            <span className="text-xs text-muted-foreground">{HINTS[type]}</span>
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
          Email
        </h2>
        <CardDescription>
          Choose what we email you about. Changes are saved as you switch them; the link at the bottom of
          every email turns its kind off too.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {preferences.isError ? (
          <p className="text-sm text-destructive" role="alert">
            Your email settings could not be loaded. Please reload the page.
          </p>
        ) : null}
        <fieldset className="grid gap-1">
          <legend className="mb-1 text-sm font-semibold">What cannot wait</legend>
          <ul className="grid gap-1">{immediate.map(row)}</ul>
        </fieldset>
        <fieldset className="grid gap-1">
          <legend className="mb-1 text-sm font-semibold">Everything else</legend>
          <ul className="grid gap-1">{row('digest')}</ul>
        </fieldset>
      </CardContent>
    </Card>
  );
}

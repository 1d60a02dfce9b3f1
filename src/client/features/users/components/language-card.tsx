import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { LanguageSelect } from '@client/i18n/language-select';
import { cn } from '@client/lib/utils';

/**
 * The Preferences tab's 'Language' card: the language of the interface, stored on the member's
 * account (PUT /api/users/locale, through LanguageSelect), which their emails and notifications
 * follow too.
 */
export function LanguageCard({ className }: { className?: string }) {
  const { t } = useTranslation('users');
  const id = useId();
  return (
    <Card
      className={cn('max-w-4xl', className)}
      role="region"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      data-testid="card-language"
    >
      <CardHeader>
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-xl leading-tight font-semibold">
          <Languages className="size-5 text-primary" aria-hidden="true" />
          {t('language.title')}
        </h2>
        <CardDescription id={`${id}-description`}>{t('language.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <LanguageSelect showLabel={false} />
      </CardContent>
    </Card>
  );
}

import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '@client/i18n/language-select';
import { PreferenceCard } from './preference-card';

/**
 * The Preferences tab's 'Language' card: the language of the interface, stored on the member's
 * account (PUT /api/users/locale, through LanguageSelect), which their emails and notifications
 * follow too.
 */
export function LanguageCard({ className }: { className?: string }) {
  const { t } = useTranslation('users');
  return (
    <PreferenceCard
      icon={Languages}
      title={t('language.title')}
      description={t('language.description')}
      testId="card-language"
      className={className}
    >
      {() => <LanguageSelect showLabel={false} />}
    </PreferenceCard>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '@common/domain/locales';
import { apiRequest } from '@client/lib/api-client';
import { refreshSession, useAuth } from '@client/lib/session';
import { cn } from '@client/lib/utils';
import { changeLocale, currentLocale } from './index';

/**
 * Switches the language at once, without a reload; a member's choice is also stored on their
 * account (their emails and notifications follow it, and so does every device they sign in on).
 */
export function useChooseLocale() {
  const { isAuthenticated } = useAuth();
  const queryClient = useQueryClient();
  return async (locale: Locale) => {
    await changeLocale(locale);
    if (!isAuthenticated) return;
    try {
      await apiRequest('PUT', '/api/users/locale', { locale });
      void refreshSession(queryClient);
    } catch {
      // The page is already in the new language; the account keeps the old one until next time.
    }
  };
}

/** The language picker of the footer and the account settings: each language named in itself. */
export function LanguageSelect({ className, showLabel = true }: { className?: string; showLabel?: boolean }) {
  const { t, i18n } = useTranslation('common');
  const choose = useChooseLocale();
  const id = useId();
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <label htmlFor={id} className={showLabel ? 'text-sm font-medium' : 'sr-only'}>
        {t('language.label')}
      </label>
      <select
        id={id}
        value={isLocale(i18n.language) ? i18n.language : 'en'}
        onChange={(event) => {
          if (isLocale(event.target.value)) void choose(event.target.value);
        }}
        className="h-9 rounded-md border border-input bg-background px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        data-testid="select-language"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A member who signs in gets the language stored on their account, on every device. */
export function LocaleFromAccount() {
  const { user } = useAuth();
  const stored = user?.locale;
  useEffect(() => {
    if (stored && stored !== currentLocale()) void changeLocale(stored);
  }, [stored]);
  return null;
}

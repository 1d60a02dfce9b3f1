import {
  judgePassword,
  loadPasswordEstimator,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  type PasswordEstimator,
  type PasswordVerdict,
} from '@common/domain/password-policy';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** `auth` catalogue keys of zxcvbn's scores 0 to 4. */
const LABELS = ['tooWeak', 'weak', 'fair', 'good', 'strong'] as const;
const COLORS = [
  'bg-destructive',
  'bg-destructive',
  'bg-amber-500',
  'bg-emerald-500',
  'bg-emerald-600',
] as const;

/**
 * How guessable the typed password is, by the same rule the server applies (shared in
 * common/domain/password-policy.ts). The dictionaries load when the meter first shows, so they
 * never weigh on the first page.
 */
export function PasswordStrengthMeter({
  password,
  userInputs = [],
  id,
}: {
  password: string;
  /** The member's name and email, which make a weak password. */
  userInputs?: string[];
  id?: string;
}) {
  const { t, i18n } = useTranslation('auth');
  const [estimator, setEstimator] = useState<PasswordEstimator | null>(null);
  useEffect(() => {
    let current = true;
    void loadPasswordEstimator().then((loaded) => {
      if (current) setEstimator(loaded);
    });
    return () => {
      current = false;
    };
  }, []);

  if (!password) return null;
  const verdict: PasswordVerdict | null = estimator ? judgePassword(password, estimator, userInputs) : null;
  const score = verdict?.score ?? 0;
  const label = verdict ? t(`strength.${verdict.ok ? LABELS[score] : LABELS[0]}`) : t('strength.checking');
  // The verdict's sentences are English (zxcvbn's advice has no other dictionary loaded): the
  // refusal is said again in the page's language, the advice only shows in English.
  const problem = !verdict?.problem
    ? null
    : password.length < MIN_PASSWORD_LENGTH
      ? t('strength.tooShort', { count: MIN_PASSWORD_LENGTH })
      : password.length > MAX_PASSWORD_LENGTH
        ? t('strength.tooLong', { count: MAX_PASSWORD_LENGTH })
        : t('strength.tooCommon');
  const suggestion = i18n.language === 'en' ? verdict?.suggestion : null;
  return (
    <div id={id} className="grid gap-1" data-testid="password-strength">
      <div className="grid grid-cols-4 gap-1" aria-hidden="true">
        {[1, 2, 3, 4].map((step) => (
          <span
            key={step}
            className={`h-1 rounded-full ${verdict && verdict.ok && score >= step ? COLORS[score] : 'bg-muted'}`}
          />
        ))}
      </div>
      <p className="text-xs text-muted-foreground" aria-live="polite" data-testid="password-strength-label">
        <span className="font-medium">{t('strength.label', { label })}</span>
        {problem ? ` ${problem}` : suggestion ? ` ${suggestion}` : ''}
      </p>
    </div>
  );
}

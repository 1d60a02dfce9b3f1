import {
  judgePassword,
  loadPasswordEstimator,
  type PasswordEstimator,
  type PasswordVerdict,
} from '@common/domain/password-policy';
import { useEffect, useState } from 'react';

const LABELS = ['Too weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;
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
  const label = verdict ? (verdict.ok ? LABELS[score] : LABELS[0]) : 'Checking…';
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
        <span className="font-medium">Password strength: {label}.</span>
        {verdict?.problem ? ` ${verdict.problem}` : verdict?.suggestion ? ` ${verdict.suggestion}` : ''}
      </p>
    </div>
  );
}

import { UNIT_PREFERENCES, type UnitPreference } from '@common/domain/units';
import { Ruler } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { setUnitPreference, useAutomaticUnitSystem, useUnitPreference } from '@client/i18n/units';
import { PreferenceCard } from './preference-card';

/**
 * The Preferences tab's 'Units' card: weights and sizes in metric or imperial units, or
 * 'Automatic' (the community's default unit system, an admin's setting). The choice
 * is kept in this browser (localStorage), like a display setting; src/client/i18n/units.ts.
 */
export function UnitsCard({ className }: { className?: string }) {
  const { t } = useTranslation('users');
  const preference = useUnitPreference();
  const automatic = t(`units.short.${useAutomaticUnitSystem()}`);
  const labelOf = (choice: UnitPreference) =>
    choice === 'auto' ? t('units.auto', { system: automatic }) : t(`units.systems.${choice}`);
  return (
    <PreferenceCard
      icon={Ruler}
      title={t('units.title')}
      description={t('units.description')}
      testId="card-units"
      className={className}
    >
      {(id) => (
        <fieldset className="grid gap-2">
          <legend className="sr-only">{t('units.title')}</legend>
          {UNIT_PREFERENCES.map((choice) => (
            <label key={choice} className="flex min-h-9 cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-units`}
                value={choice}
                checked={preference === choice}
                onChange={() => setUnitPreference(choice)}
                className="size-4 shrink-0 accent-primary"
                data-testid={`radio-units-${choice}`}
              />
              {labelOf(choice)}
            </label>
          ))}
        </fieldset>
      )}
    </PreferenceCard>
  );
}

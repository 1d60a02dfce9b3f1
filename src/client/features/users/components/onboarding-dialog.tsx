import type { User } from '@common/api/users';
import {
  ONBOARDING_LETTER_SIZES,
  ONBOARDING_STEPS,
  onboardingPreferences,
  onboardingShoeSizes,
  type OnboardingStep,
} from '@common/domain/onboarding';
import { PROFILE_CATEGORIES } from '@common/domain/taxonomy';
import { ArrowRight, LoaderCircle, Plus, Sparkles } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { DialogFooter } from '@client/components/ui/dialog';
import { DialogShell } from '@client/components/ui/dialog-shell';
import { ToggleChip } from '@client/components/ui/toggle-chip';
import { LazyListItemDialog } from '@client/features/items';
import { useFinishOnboarding, useUpdatePreferences, useUpdateProfile } from '../api';
import { townLabel, type Town } from '@common/api/towns';
import { TownCombobox } from '@client/features/towns';
import { useCommunity } from '@client/lib/community';

/**
 * The welcome flow after registering (docs/product.md, Onboarding): "Welcome, {first name}!",
 * then styles, sizes, location and a first listing, each step skippable. Finishing or skipping
 * is stored on the server, so it shows once.
 */
export function OnboardingDialog({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const [open, setOpen] = useState(true);
  const [step, setStep] = useState<OnboardingStep>('welcome');
  const [styles, setStyles] = useState<string[]>(user.preferredCategories);
  const [letterSizes, setLetterSizes] = useState<string[]>([]);
  const [shoeSizes, setShoeSizes] = useState<string[]>([]);
  const [town, setTown] = useState<Town | null>(null);
  const [listing, setListing] = useState(false);
  const finish = useFinishOnboarding();
  const preferences = useUpdatePreferences();
  const profile = useUpdateProfile();
  const locationId = useId();
  const country = useCommunity()?.country;
  const index = ONBOARDING_STEPS.indexOf(step);
  const pending = finish.isPending || preferences.isPending || profile.isPending;
  const at = {
    welcome: step === 'welcome',
    styles: step === 'styles',
    sizes: step === 'sizes',
    location: step === 'location',
    listing: step === 'listing',
  };

  const close = () => {
    setOpen(false);
    finish.mutate();
  };
  const next = () => {
    const following = ONBOARDING_STEPS[index + 1];
    if (following) setStep(following);
    else close();
  };
  const saveAndNext = () => {
    if (step === 'sizes') {
      const payload = onboardingPreferences(styles, letterSizes, shoeSizes, country);
      if (Object.keys(payload).length > 0) return preferences.mutate(payload, { onSuccess: next });
    }
    // The town is the member's place for "Near me" and meet-ups, and their listings' location.
    if (step === 'location' && town && town.id !== user.townId) {
      return profile.mutate(
        { firstName: user.firstName, townId: town.id, location: townLabel(town) },
        { onSuccess: next },
      );
    }
    next();
  };

  return (
    <>
      <DialogShell
        open={open}
        onOpenChange={(nextOpen) => (nextOpen ? setOpen(true) : close())}
        className="sm:max-w-lg"
        testId="dialog-onboarding"
        headerClassName={at.welcome ? 'items-center text-center sm:items-start sm:text-left' : undefined}
        aboveTitle={
          at.welcome ? (
            <span className="mb-1 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
              <Sparkles className="size-6" aria-hidden="true" />
            </span>
          ) : (
            <p className="text-xs font-medium text-muted-foreground" data-testid="text-onboarding-progress">
              {t('onboarding.progress', { step: index, total: ONBOARDING_STEPS.length - 1 })}
            </p>
          )
        }
        titleClassName={at.welcome ? 'text-2xl' : undefined}
        titleTestId={at.welcome ? 'text-onboarding-welcome' : undefined}
        title={
          at.welcome ? t('onboarding.welcome', { name: user.firstName }) : t(`onboarding.steps.${step}.title`)
        }
        description={at.welcome ? t('onboarding.intro') : t(`onboarding.steps.${step}.text`)}
      >
        {at.styles ? (
          <Chips
            legend={t('onboarding.styles')}
            options={PROFILE_CATEGORIES}
            value={styles}
            onChange={setStyles}
            testIdPrefix="chip-onboarding-style"
          />
        ) : null}
        {at.sizes ? (
          <div className="grid gap-4">
            <Chips
              legend={t('onboarding.clothingSizes')}
              options={ONBOARDING_LETTER_SIZES}
              value={letterSizes}
              onChange={setLetterSizes}
              testIdPrefix="chip-onboarding-size"
            />
            <Chips
              legend={t('onboarding.shoeSizes')}
              options={onboardingShoeSizes(country)}
              value={shoeSizes}
              onChange={setShoeSizes}
              testIdPrefix="chip-onboarding-shoe"
            />
          </div>
        ) : null}
        {at.location ? (
          <div className="grid gap-2">
            <TownCombobox
              id={locationId}
              label={t('onboarding.town')}
              value={town?.id ?? user.townId}
              onChange={setTown}
              testId="input-onboarding-location"
            />
          </div>
        ) : null}
        {at.listing ? (
          <Button
            variant="outline"
            size="lg"
            className="w-full"
            onClick={() => {
              setOpen(false);
              setListing(true);
            }}
            data-testid="button-onboarding-list-item"
          >
            <Plus aria-hidden="true" />
            {t('onboarding.listItem')}
          </Button>
        ) : null}

        <DialogFooter className="gap-2 sm:justify-between">
          <Button variant="ghost" onClick={close} disabled={pending} data-testid="button-onboarding-skip">
            {at.welcome ? t('onboarding.skipForNow') : t('onboarding.skipRest')}
          </Button>
          <Button onClick={saveAndNext} disabled={pending} data-testid="button-onboarding-next">
            {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            {at.welcome
              ? t('onboarding.letsGo')
              : at.listing
                ? t('onboarding.done')
                : t('common:actions.next')}
            {at.listing ? null : <ArrowRight aria-hidden="true" />}
          </Button>
        </DialogFooter>
      </DialogShell>
      <LazyListItemDialog
        open={listing}
        onOpenChange={(nextOpen) => {
          setListing(nextOpen);
          if (!nextOpen) close();
        }}
      />
    </>
  );
}

function Chips<T extends string>({
  legend,
  options,
  value,
  onChange,
  testIdPrefix,
}: {
  legend: ReactNode;
  options: readonly T[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  testIdPrefix: string;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <ToggleChip
            key={option}
            pressed={value.includes(option)}
            onClick={() =>
              onChange(
                value.includes(option) ? value.filter((entry) => entry !== option) : [...value, option],
              )
            }
            data-testid={`${testIdPrefix}-${option.toLowerCase()}`}
          >
            {option}
          </ToggleChip>
        ))}
      </div>
    </fieldset>
  );
}

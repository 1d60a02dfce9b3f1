import type { User } from '@common/api/users';
import {
  ONBOARDING_LETTER_SIZES,
  ONBOARDING_SHOE_SIZES,
  ONBOARDING_STEPS,
  onboardingPreferences,
  type OnboardingStep,
} from '@common/domain/onboarding';
import { PROFILE_CATEGORIES } from '@common/domain/taxonomy';
import { ArrowRight, LoaderCircle, Plus, Sparkles } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { ToggleChip } from '@client/components/ui/toggle-chip';
import { LazyListItemDialog } from '@client/features/items';
import { useFinishOnboarding, useUpdatePreferences, useUpdateProfile } from '../api';

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
  const [location, setLocation] = useState(user.location ?? '');
  const [listing, setListing] = useState(false);
  const finish = useFinishOnboarding();
  const preferences = useUpdatePreferences();
  const profile = useUpdateProfile();
  const locationId = useId();
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
      const payload = onboardingPreferences(styles, letterSizes, shoeSizes);
      if (Object.keys(payload).length > 0) return preferences.mutate(payload, { onSuccess: next });
    }
    if (step === 'location' && location.trim() !== (user.location ?? '')) {
      return profile.mutate({ firstName: user.firstName, location: location.trim() }, { onSuccess: next });
    }
    next();
  };

  return (
    <>
      <Dialog open={open} onOpenChange={(nextOpen) => (nextOpen ? setOpen(true) : close())}>
        <DialogContent className="sm:max-w-lg" data-testid="dialog-onboarding">
          {at.welcome ? (
            <DialogHeader className="items-center text-center sm:items-start sm:text-left">
              <span className="mb-1 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
                <Sparkles className="size-6" aria-hidden="true" />
              </span>
              <DialogTitle className="text-2xl" data-testid="text-onboarding-welcome">
                {t('onboarding.welcome', { name: user.firstName })}
              </DialogTitle>
              <DialogDescription>{t('onboarding.intro')}</DialogDescription>
            </DialogHeader>
          ) : (
            <DialogHeader>
              <p className="text-xs font-medium text-muted-foreground" data-testid="text-onboarding-progress">
                {t('onboarding.progress', { step: index, total: ONBOARDING_STEPS.length - 1 })}
              </p>
              <DialogTitle>{t(`onboarding.steps.${step}.title`)}</DialogTitle>
              <DialogDescription>{t(`onboarding.steps.${step}.text`)}</DialogDescription>
            </DialogHeader>
          )}

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
                options={ONBOARDING_SHOE_SIZES}
                value={shoeSizes}
                onChange={setShoeSizes}
                testIdPrefix="chip-onboarding-shoe"
              />
            </div>
          ) : null}
          {at.location ? (
            <div className="grid gap-2">
              <Label htmlFor={locationId}>{t('onboarding.town')}</Label>
              <Input
                id={locationId}
                value={location}
                onChange={(event) => setLocation(event.target.value)}
                placeholder={t('onboarding.townPlaceholder')}
                autoComplete="address-level2"
                maxLength={100}
                data-testid="input-onboarding-location"
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
        </DialogContent>
      </Dialog>
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

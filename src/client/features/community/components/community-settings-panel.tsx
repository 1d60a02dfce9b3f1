import {
  type CommunityPatch,
  type CommunitySettings,
  communityFields,
  MAX_ANNOUNCEMENT_LENGTH,
  MAX_COMMUNITY_DESCRIPTION_LENGTH,
  MAX_COMMUNITY_NAME_LENGTH,
  MAX_COMMUNITY_RULES_LENGTH,
  REGISTRATION_MODES,
} from '@common/api/community';
import { currencyCodes, isAmountInput, toAmountInput, toMinorUnits } from '@common/domain/currency';
import { LOCALE_NAMES, LOCALES } from '@common/domain/locales';
import { UNIT_SYSTEMS } from '@common/domain/units';
import { useMemo, type ReactNode } from 'react';
import { Controller, useForm, type Control, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/form';
import { Input } from '@client/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { errorText } from '@client/lib/api-error';
import { showServerErrors } from '@client/lib/form-errors';
import { amountFormatMessage, amountTextValues } from '@client/i18n/amounts';
import { localizedResolver } from '@client/lib/form-resolver';
import { useFreshCommunity, useUpdateCommunity } from '../api';

/** The form's fields: the contract's, with the domains as lines of text and amounts in major units. */
const formSchema = z
  .object({
    name: communityFields.name,
    description: communityFields.description,
    rules: communityFields.rules,
    contactEmail: communityFields.contactEmail,
    currency: communityFields.currency,
    country: communityFields.country,
    unitSystem: communityFields.unitSystem,
    language: communityFields.language,
    registration: communityFields.registration,
    allowedDomains: z
      .string()
      .transform((value) =>
        value
          .split(/[\s,;]+/)
          .map((domain) => domain.trim())
          .filter(Boolean),
      )
      .pipe(communityFields.allowedDomains),
    announcement: communityFields.announcement,
    shippingBase: z.string().trim(),
    shippingPerPound: z.string().trim(),
  })
  // Amounts in the major unit of the currency chosen in this form, in its minor digits.
  .superRefine((values, context) => {
    for (const field of ['shippingBase', 'shippingPerPound'] as const) {
      if (!isAmountInput(values[field], values.currency))
        context.addIssue({
          code: 'custom',
          path: [field],
          message: amountFormatMessage('community:settings.amountFormat', values.currency),
        });
    }
  });
type FormValues = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

function toFormValues(settings: CommunitySettings): FormValues {
  return {
    name: settings.name,
    description: settings.description,
    rules: settings.rules,
    contactEmail: settings.contactEmail ?? '',
    currency: settings.currency,
    country: settings.country,
    unitSystem: settings.unitSystem,
    language: settings.language,
    registration: settings.registration,
    allowedDomains: settings.allowedDomains.join('\n'),
    announcement: settings.announcement?.text ?? '',
    shippingBase: toAmountInput(settings.shippingBaseMinor, settings.currency),
    shippingPerPound: toAmountInput(settings.shippingPerPoundMinor, settings.currency),
  };
}

function toPatch(values: FormOutput): CommunityPatch {
  const { shippingBase, shippingPerPound, ...rest } = values;
  return {
    ...rest,
    shippingBaseMinor: toMinorUnits(shippingBase, values.currency) ?? 0,
    shippingPerPoundMinor: toMinorUnits(shippingPerPound, values.currency) ?? 0,
  };
}

/** Server issue paths that are named differently in the form. */
const FORM_FIELD: Record<string, FieldPath<FormValues>> = {
  shippingBaseMinor: 'shippingBase',
  shippingPerPoundMinor: 'shippingPerPound',
};

/** The form's fields, by the contract's names (FORM_FIELD translates the others). */
const FIELD_NAMES = Object.keys(formSchema.shape) as Array<FieldPath<FormValues>>;

/**
 * The community's settings for admins (name, description, rules, contact, currency, country,
 * units, language, who may join, the announcement, the shipping rate), saved with PATCH
 * /api/admin/community; a toast confirms. The server refuses anyone but an admin, so the panel is
 * only useful on the admin console.
 */
export function CommunitySettingsPanel() {
  // What the server holds now, not this browser's kept copy: the form saves every field it shows.
  const community = useFreshCommunity();
  const { t } = useTranslation('community');
  if (!community) return <p className="text-sm text-muted-foreground">{t('settings.loading')}</p>;
  // Remounted with each saved version, so the form starts from what is stored.
  return <SettingsForm key={community.updatedAt} community={community} />;
}

function SettingsForm({ community }: { community: CommunitySettings }) {
  const { t } = useTranslation('community');
  const update = useUpdateCommunity();
  const {
    register,
    control,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isDirty },
  } = useForm<FormValues, unknown, FormOutput>({
    resolver: localizedResolver(formSchema),
    defaultValues: toFormValues(community),
  });
  const byDomains = watch('registration') === 'domains';
  const amounts = amountTextValues(watch('currency'));
  const currencies = useMemo(() => currencyCodes(), []);

  const onSubmit = handleSubmit((values) => {
    update.mutate(toPatch(values), {
      onSuccess: () => toast({ title: t('settings.saved'), description: t('settings.savedDescription') }),
      onError: (error) => {
        const shown = showServerErrors(error, setError, {
          fields: FIELD_NAMES,
          fieldOf: (issue) => {
            const path = String(issue.path[0] ?? '');
            return FORM_FIELD[path] ?? (path in formSchema.shape ? (path as FieldPath<FormValues>) : null);
          },
        });
        if (shown.length === 0)
          toast({
            title: t('settings.failed'),
            description: errorText(error) ?? t('settings.failedDescription'),
            variant: 'destructive',
          });
      },
    });
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('settings.title')}
      className="grid gap-6"
      data-testid="community-settings-form"
    >
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-lg font-semibold">{t('settings.identity')}</legend>
        <Field id="community-name" label={t('settings.name')} errors={errors.name?.message}>
          {(fieldControl) => (
            <Input
              {...fieldControl}
              maxLength={MAX_COMMUNITY_NAME_LENGTH}
              aria-required="true"
              {...register('name')}
            />
          )}
        </Field>
        <Field
          id="community-description"
          label={t('settings.description')}
          errors={errors.description?.message}
        >
          {(fieldControl) => (
            <Input
              {...fieldControl}
              maxLength={MAX_COMMUNITY_DESCRIPTION_LENGTH}
              {...register('description')}
            />
          )}
        </Field>
        <Field
          id="community-rules"
          label={t('settings.rules')}
          hint={t('settings.rulesHint')}
          errors={errors.rules?.message}
        >
          {(fieldControl) => (
            <Textarea
              {...fieldControl}
              rows={8}
              maxLength={MAX_COMMUNITY_RULES_LENGTH}
              {...register('rules')}
            />
          )}
        </Field>
        <Field
          id="community-contact"
          label={t('settings.contactEmail')}
          errors={errors.contactEmail?.message}
        >
          {(fieldControl) => (
            <Input {...fieldControl} type="email" autoComplete="off" {...register('contactEmail')} />
          )}
        </Field>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">{t('settings.region')}</legend>
        <SelectField
          control={control}
          name="currency"
          label={t('settings.currency')}
          error={errors.currency?.message}
          options={currencies.map((code) => ({ value: code, label: code }))}
        />
        <Field
          id="community-country"
          label={t('settings.country')}
          hint={t('settings.countryHint')}
          errors={errors.country?.message}
        >
          {(fieldControl) => (
            <Input {...fieldControl} maxLength={2} autoComplete="off" {...register('country')} />
          )}
        </Field>
        <SelectField
          control={control}
          name="unitSystem"
          label={t('settings.unitSystem')}
          error={errors.unitSystem?.message}
          options={UNIT_SYSTEMS.map((system) => ({ value: system, label: t(`settings.units.${system}`) }))}
        />
        <SelectField
          control={control}
          name="language"
          label={t('settings.language')}
          error={errors.language?.message}
          options={LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }))}
        />
        <Field
          id="community-shipping-base"
          label={t('settings.shippingBase')}
          hint={t(amounts.whole_only ? 'settings.shippingHintWhole' : 'settings.shippingHint', amounts)}
          errors={errors.shippingBase?.message}
        >
          {(fieldControl) => (
            <Input
              {...fieldControl}
              inputMode={amounts.whole_only ? 'numeric' : 'decimal'}
              {...register('shippingBase')}
            />
          )}
        </Field>
        <Field
          id="community-shipping-rate"
          label={t('settings.shippingPerPound')}
          errors={errors.shippingPerPound?.message}
        >
          {(fieldControl) => (
            <Input
              {...fieldControl}
              inputMode={amounts.whole_only ? 'numeric' : 'decimal'}
              {...register('shippingPerPound')}
            />
          )}
        </Field>
      </fieldset>

      <fieldset className="grid gap-4">
        <legend className="mb-2 text-lg font-semibold">{t('settings.joining')}</legend>
        <SelectField
          control={control}
          name="registration"
          label={t('settings.registration')}
          error={errors.registration?.message}
          options={REGISTRATION_MODES.map((mode) => ({ value: mode, label: t(`settings.modes.${mode}`) }))}
        />
        {byDomains ? (
          <Field
            id="community-domains"
            label={t('settings.allowedDomains')}
            hint={t('settings.allowedDomainsHint')}
            errors={errors.allowedDomains?.message}
          >
            {(fieldControl) => <Textarea {...fieldControl} rows={3} {...register('allowedDomains')} />}
          </Field>
        ) : null}
      </fieldset>

      <fieldset className="grid gap-4">
        <legend className="mb-2 text-lg font-semibold">{t('settings.announcementTitle')}</legend>
        <Field
          id="community-announcement"
          label={t('settings.announcement')}
          hint={t('settings.announcementHint')}
          errors={errors.announcement?.message}
        >
          {(fieldControl) => (
            <Input {...fieldControl} maxLength={MAX_ANNOUNCEMENT_LENGTH} {...register('announcement')} />
          )}
        </Field>
      </fieldset>

      <div>
        <Button type="submit" disabled={update.isPending || !isDirty} data-testid="button-save-community">
          {update.isPending ? t('settings.saving') : t('settings.save')}
        </Button>
      </div>
    </form>
  );
}

function SelectField({
  control,
  name,
  label,
  error,
  options,
}: {
  control: Control<FormValues, unknown, FormOutput>;
  name: 'currency' | 'unitSystem' | 'language' | 'registration';
  label: string;
  error: string | undefined;
  options: Array<{ value: string; label: ReactNode }>;
}) {
  const id = `community-${name}`;
  return (
    <Field id={id} label={label} errors={error}>
      {(fieldControl) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange} name={field.name}>
              <SelectTrigger {...fieldControl} ref={field.ref} onBlur={field.onBlur} data-testid={id}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {options.map((option) => (
                  <SelectItem
                    key={option.value}
                    value={option.value}
                    data-testid={`option-${id}-${option.value}`}
                  >
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      )}
    </Field>
  );
}

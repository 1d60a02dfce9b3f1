import { type ShippingAddress, shippingAddressInput } from '@common/api/addresses';
import { ADDRESS_LIMITS, COUNTRY_CODES } from '@common/domain/address';
import { LoaderCircle, Save } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/form';
import { Input } from '@client/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { useSaveAddress } from '../api';

type FieldName = keyof ShippingAddress;

/** Country names in the page's language, sorted by name. */
function useCountries() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      a.name.localeCompare(b.name, i18n.language),
    );
  }, [i18n.language]);
}

/**
 * The private shipping address form, in account settings and in the dialog that asks for it on an
 * accepted swap. Checks with the server's own rules before sending; `onSaved` runs once stored.
 */
export function AddressForm({
  address,
  onSaved,
  submitLabel,
}: {
  address: ShippingAddress | null;
  onSaved?: (address: ShippingAddress) => void;
  submitLabel?: string;
}) {
  const { t } = useTranslation('exchange');
  const id = useId();
  const countries = useCountries();
  const [values, setValues] = useState<Record<FieldName, string>>(() => ({
    name: address?.name ?? '',
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    postcode: address?.postcode ?? '',
    city: address?.city ?? '',
    country: address?.country ?? '',
    phone: address?.phone ?? '',
  }));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const save = useSaveAddress();
  const set = (field: FieldName) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = shippingAddressInput.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        found[field] ??= t(`address.invalid.${field}`);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const answer = await save.mutateAsync(values);
      if (answer.address) onSaved?.(answer.address);
    } catch {
      // Reported by the mutation's error toast.
    }
  };

  const text = (field: Exclude<FieldName, 'country'>, autoComplete: string, optional = false) => (
    <Field
      id={`${id}-${field}`}
      label={t(`address.fields.${field}`)}
      labelNote={optional ? t('address.optional') : undefined}
      errors={errors[field]}
      className={field === 'line1' || field === 'line2' || field === 'name' ? 'sm:col-span-2' : undefined}
    >
      {(control) => (
        <Input
          {...control}
          value={values[field]}
          onChange={(event) => set(field)(event.target.value)}
          autoComplete={autoComplete}
          maxLength={ADDRESS_LIMITS[field]}
          data-testid={`input-address-${field}`}
        />
      )}
    </Field>
  );

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      aria-label={t('address.formLabel')}
      data-testid="form-address"
    >
      {text('name', 'name')}
      {text('line1', 'address-line1')}
      {text('line2', 'address-line2', true)}
      {text('postcode', 'postal-code')}
      {text('city', 'address-level2')}
      <Field id={`${id}-country`} label={t('address.fields.country')} errors={errors.country}>
        {(control) => (
          <Select value={values.country} onValueChange={set('country')}>
            <SelectTrigger {...control} data-testid="select-address-country">
              <SelectValue placeholder={t('address.chooseCountry')} />
            </SelectTrigger>
            <SelectContent>
              {countries.map((country) => (
                <SelectItem
                  key={country.code}
                  value={country.code}
                  data-testid={`option-country-${country.code}`}
                >
                  {country.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
      {text('phone', 'tel', true)}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={save.isPending} data-testid="button-save-address">
          {save.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Save aria-hidden="true" />
          )}
          {submitLabel ?? t('address.save')}
        </Button>
      </div>
    </form>
  );
}

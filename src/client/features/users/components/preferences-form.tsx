import { OwnModerationList } from './own-moderation-list';
import type { User } from '@common/api/users';
import { preferencesPayload } from '@common/domain/preferences-payload';
import { needsSizes, remainingSizeOptions } from '@common/domain/size-options';
import { PROFILE_CATEGORIES } from '@common/domain/taxonomy';
import { MAX_BIO_LENGTH } from '@common/domain/limits';
import { Check, LoaderCircle, Save, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/form';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { toast } from '@client/components/ui/use-toast';
import { cn } from '@client/lib/utils';
import { useCommunity } from '@client/lib/community';
import { Textarea } from '@client/components/ui/textarea';
import { AccountCard } from '@client/features/safety';
import { EmailSettingsCard } from '@client/features/notifications';
import { AddressCard } from '@client/features/exchange';
import { HolidayCard } from './holiday-card';
import { LanguageCard } from './language-card';
import { ProfileDetailsCard } from './profile-details-card';
import { UnitsCard } from './units-card';
import { useUpdatePreferences } from '../api';

/**
 * docs/product.md (Screens): Preferences: bio, preferred categories, and preferred sizes for each chosen
 * category (size options per category; chosen sizes are not offered again). The tab's 'Holiday
 * mode', 'Language', 'Units', email and 'Account' cards (password, blocked members, deleting the account)
 * follow it.
 */
export function PreferencesForm({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const id = useId();
  const [bio, setBio] = useState(user.bio ?? '');
  const [categories, setCategories] = useState<string[]>(user.preferredCategories);
  const [sizes, setSizes] = useState<Record<string, string[]>>(user.preferredSizes);
  const save = useUpdatePreferences();

  const toggleCategory = (category: string) =>
    setCategories((current) =>
      current.includes(category) ? current.filter((entry) => entry !== category) : [...current, category],
    );
  const addSize = (category: string, size: string) =>
    setSizes((current) => ({ ...current, [category]: [...(current[category] ?? []), size] }));
  const removeSize = (category: string, size: string) =>
    setSizes((current) => ({
      ...current,
      [category]: (current[category] ?? []).filter((entry) => entry !== size),
    }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(preferencesPayload({ bio, categories, sizes }), {
      onSuccess: () =>
        toast({
          title: t('preferences.savedTitle'),
          description: t('preferences.savedDescription'),
        }),
    });
  };

  // Chosen categories in the vocabulary's order, so the sizes list does not jump around.
  const chosen = PROFILE_CATEGORIES.filter((category) => categories.includes(category));
  const sized = chosen.filter(needsSizes);
  const unsized = chosen.filter((category) => !needsSizes(category));

  return (
    <>
      <ProfileDetailsCard user={user} />
      <Card className="mt-6 max-w-4xl">
        <CardHeader>
          <h2 className="text-xl leading-tight font-semibold" id={`${id}-title`}>
            {t('preferences.title')}
          </h2>
          <CardDescription>{t('preferences.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            onSubmit={submit}
            noValidate
            className="grid gap-8"
            aria-labelledby={`${id}-title`}
            data-testid="form-preferences"
          >
            <Field
              id={`${id}-bio`}
              label={t('preferences.bio')}
              hint={
                <span className="block text-right">
                  {bio.length}/{MAX_BIO_LENGTH}
                </span>
              }
            >
              {(fieldControl) => (
                <Textarea
                  {...fieldControl}
                  value={bio}
                  onChange={(event) => setBio(event.target.value)}
                  maxLength={MAX_BIO_LENGTH}
                  rows={3}
                  placeholder={t('summary.defaultBio')}
                  data-testid="input-bio"
                />
              )}
            </Field>

            <fieldset className="grid gap-3">
              <legend className="mb-1 text-sm font-medium">{t('preferences.categories')}</legend>
              <div className="flex flex-wrap gap-2">
                {PROFILE_CATEGORIES.map((category) => {
                  const selected = categories.includes(category);
                  return (
                    <button
                      key={category}
                      type="button"
                      aria-pressed={selected}
                      onClick={() => toggleCategory(category)}
                      className={cn(
                        'inline-flex items-center gap-1.5 rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors',
                        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none',
                        selected
                          ? 'border-primary bg-primary text-primary-foreground'
                          : 'border-border bg-card hover:border-primary/40 hover:bg-accent',
                      )}
                      data-testid={`button-category-${category.toLowerCase()}`}
                    >
                      {selected ? <Check className="size-3.5" aria-hidden="true" /> : null}
                      {category}
                    </button>
                  );
                })}
              </div>
            </fieldset>

            <fieldset className="grid gap-3">
              <legend className="mb-1 text-sm font-medium">{t('preferences.sizes')}</legend>
              {sized.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  {chosen.length === 0 ? t('preferences.chooseCategory') : t('preferences.noSizesNeeded')}
                </p>
              ) : (
                <ul className="grid gap-3">
                  {sized.map((category) => (
                    <SizeRow
                      key={category}
                      category={category}
                      chosen={sizes[category] ?? []}
                      onAdd={(size) => addSize(category, size)}
                      onRemove={(size) => removeSize(category, size)}
                    />
                  ))}
                </ul>
              )}
              {unsized.length > 0 && sized.length > 0 ? (
                <p className="text-xs text-muted-foreground">
                  {t('preferences.unsized', { categories: unsized.join(', ') })}
                </p>
              ) : null}
            </fieldset>

            <div>
              <Button type="submit" disabled={save.isPending} data-testid="button-save-preferences">
                {save.isPending ? (
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                ) : (
                  <Save aria-hidden="true" />
                )}
                {save.isPending ? t('preferences.saving') : t('preferences.save')}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      <AddressCard className="mt-6" />
      <HolidayCard user={user} className="mt-6" />
      <LanguageCard className="mt-6" />
      <UnitsCard className="mt-6" />
      <EmailSettingsCard className="mt-6" />
      <AccountCard email={user.email} className="mt-6" />
      <OwnModerationList />
    </>
  );
}

function SizeRow({
  category,
  chosen,
  onAdd,
  onRemove,
}: {
  category: string;
  chosen: readonly string[];
  onAdd: (size: string) => void;
  onRemove: (size: string) => void;
}) {
  const { t } = useTranslation('users');
  const remaining = remainingSizeOptions(category, chosen, useCommunity()?.country);
  return (
    <li
      className="grid gap-2 rounded-lg border bg-muted/30 p-3 sm:grid-cols-[7rem_minmax(0,1fr)_10rem] sm:items-center"
      data-testid={`sizes-${category.toLowerCase()}`}
    >
      <span className="text-sm font-medium">{category}</span>
      <div className="flex min-h-8 flex-wrap items-center gap-1.5">
        {chosen.length === 0 ? (
          <span className="text-sm text-muted-foreground">{t('preferences.noSizesYet')}</span>
        ) : null}
        {chosen.map((size) => (
          <Badge key={size} variant="secondary" className="gap-0.5 py-0.5 pr-1 text-sm">
            {size}
            <button
              type="button"
              onClick={() => onRemove(size)}
              className="rounded-full p-0.5 hover:bg-black/10 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              aria-label={t('preferences.removeSize', { size, category })}
            >
              <X className="size-3.5" aria-hidden="true" />
            </button>
          </Badge>
        ))}
      </div>
      {remaining.length > 0 ? (
        <Select value="" onValueChange={onAdd}>
          <SelectTrigger
            className="h-9"
            aria-label={t('preferences.addSizeFor', { category })}
            data-testid={`select-size-${category.toLowerCase()}`}
          >
            <SelectValue placeholder={t('preferences.addSize')} />
          </SelectTrigger>
          <SelectContent>
            {remaining.map((size) => (
              <SelectItem key={size} value={size}>
                {size}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      ) : (
        <span className="text-xs text-muted-foreground">{t('preferences.allSizesChosen')}</span>
      )}
    </li>
  );
}

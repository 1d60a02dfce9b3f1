import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '@common/domain/limits';
import type { User } from '@common/api/users';
import { MAX_LOCATION_LENGTH, MAX_NAME_LENGTH } from '@common/domain/limits';
import { Camera, LoaderCircle, Save, Trash2 } from 'lucide-react';
import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { Field } from '@client/components/ui/form';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { UserAvatar } from '@client/features/auth';
import { errorText } from '@client/lib/api-error';
import { showServerErrors } from '@client/lib/form-errors';
import { useProfilePhoto, useUpdateProfile } from '../api';
import { TownSetting } from './town-setting';

interface ProfileValues {
  firstName: string;
  lastName: string;
  location: string;
}
const FIELDS: ReadonlyArray<keyof ProfileValues> = ['firstName', 'lastName', 'location'];

/**
 * The Preferences tab's 'Profile' card: the photo other members see (uploaded, cropped square by
 * the server, or removed) and the member's name and location. Refusals show under their fields.
 */
export function ProfileDetailsCard({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const photo = useProfilePhoto();
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ProfileValues>({
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName ?? '',
      location: user.location ?? '',
    },
  });

  const submit = handleSubmit((values) => {
    if (!values.firstName.trim()) {
      setError('firstName', { message: t('details.firstNameRequired') }, { shouldFocus: true });
      return;
    }
    update.mutate(values, {
      onSuccess: () => toast({ title: t('details.savedTitle'), description: t('details.savedDescription') }),
      onError: (error) => {
        const shown = showServerErrors(error, setError, { fields: FIELDS });
        if (shown.length === 0)
          toast({
            title: t('details.notSavedTitle'),
            description: errorText(error) ?? t('details.tryAgain'),
            variant: 'destructive',
          });
      },
    });
  });

  function choosePhoto(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) {
      toast({
        title: t('details.photoNotSaved'),
        description: t('details.photoTooLarge'),
        variant: 'destructive',
      });
      return;
    }
    photo.mutate(file, {
      onSuccess: () =>
        toast({ title: t('details.photoUpdatedTitle'), description: t('details.photoUpdatedDescription') }),
    });
  }

  return (
    <Card
      className="max-w-4xl"
      role="region"
      aria-labelledby={`${id}-title`}
      data-testid="card-profile-details"
    >
      <CardHeader>
        <h2 id={`${id}-title`} className="text-xl leading-tight font-semibold">
          {t('details.title')}
        </h2>
        <CardDescription>{t('details.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="flex flex-col items-center gap-4 sm:flex-row">
          <UserAvatar user={user} className="size-20" fallbackClassName="text-2xl" />
          <div className="grid justify-items-center gap-2 sm:justify-items-start">
            <div className="flex flex-wrap justify-center gap-2">
              <input
                ref={fileInput}
                type="file"
                accept={ACCEPTED_IMAGE_TYPES.join(',')}
                className="sr-only"
                tabIndex={-1}
                aria-hidden="true"
                onChange={(event) => {
                  choosePhoto(event.target.files?.[0]);
                  event.target.value = '';
                }}
                data-testid="input-profile-photo"
              />
              <Button
                type="button"
                variant="outline"
                disabled={photo.isPending}
                onClick={() => fileInput.current?.click()}
                data-testid="button-upload-photo"
              >
                {photo.isPending ? (
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                ) : (
                  <Camera aria-hidden="true" />
                )}
                {photo.isPending
                  ? t('details.savingPhoto')
                  : user.profileImageUrl
                    ? t('details.changePhoto')
                    : t('details.uploadPhoto')}
              </Button>
              {user.profileImageUrl ? (
                <Button
                  type="button"
                  variant="ghost"
                  disabled={photo.isPending}
                  onClick={() => photo.mutate(null)}
                  data-testid="button-remove-photo"
                >
                  <Trash2 aria-hidden="true" />
                  {t('details.removePhoto')}
                </Button>
              ) : null}
            </div>
            <p className="text-xs text-muted-foreground">{t('details.photoHint')}</p>
          </div>
        </div>

        <form
          onSubmit={submit}
          noValidate
          className="grid gap-4"
          aria-label={t('details.formLabel')}
          data-testid="form-profile-details"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`${id}-first-name`} label={t('details.firstName')} errors={errors.firstName?.message}>
              {(control) => (
                <Input
                  {...control}
                  autoComplete="given-name"
                  aria-required="true"
                  maxLength={MAX_NAME_LENGTH}
                  {...register('firstName')}
                  data-testid="input-profile-first-name"
                />
              )}
            </Field>
            <Field
              id={`${id}-last-name`}
              label={t('details.lastName')}
              labelNote={t('details.optional')}
              errors={errors.lastName?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  autoComplete="family-name"
                  maxLength={MAX_NAME_LENGTH}
                  {...register('lastName')}
                  data-testid="input-profile-last-name"
                />
              )}
            </Field>
          </div>
          <Field
            id={`${id}-location`}
            label={t('details.location')}
            labelNote={t('details.optional')}
            hint={t('details.locationHint')}
            errors={errors.location?.message}
          >
            {(control) => (
              <Input
                {...control}
                autoComplete="address-level2"
                maxLength={MAX_LOCATION_LENGTH}
                {...register('location')}
                data-testid="input-profile-location"
              />
            )}
          </Field>
          <div>
            <Button type="submit" disabled={update.isPending} data-testid="button-save-profile">
              {update.isPending ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : (
                <Save aria-hidden="true" />
              )}
              {update.isPending ? t('details.saving') : t('details.save')}
            </Button>
          </div>
        </form>
        <TownSetting user={user} />
      </CardContent>
    </Card>
  );
}

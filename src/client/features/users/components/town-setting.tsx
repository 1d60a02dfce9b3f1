import type { User } from '@common/api/users';
import { useTranslation } from 'react-i18next';
import { toast } from '@client/components/ui/use-toast';
import { TownCombobox } from '@client/features/towns';
import { useUpdateProfile } from '../api';

/**
 * The member's town in account settings: picking one saves it at once (PATCH /api/users/profile
 * `townId`); clearing the box forgets it. It places them for "Near me", distances and meet-ups.
 */
export function TownSetting({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const update = useUpdateProfile();
  return (
    <div className="grid gap-1 border-t pt-4" data-testid="setting-town">
      <TownCombobox
        id="settings-town"
        label={t('details.town')}
        value={user.townId}
        testId="input-settings-town"
        hint={t('details.townHint')}
        onChange={(town) =>
          update.mutate(
            { firstName: user.firstName, townId: town?.id ?? null },
            { onSuccess: () => toast({ title: t('details.townSaved') }) },
          )
        }
      />
    </div>
  );
}

import { NEAR_DISTANCES } from '@common/api/towns';
import type { ItemFilterState } from '@common/domain/item-filters';
import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ToggleChip } from '@client/components/ui/toggle-chip';
import { useAuth } from '@client/lib/session';
import { TownCombobox } from './town-combobox';

/**
 * "Near me" on Browse: within 5, 10, 25 or 50 km of the member's town, or of a town a visitor (or
 * a member elsewhere for the day) picks. The town and distance live in the URL (`near`, `withinKm`).
 */
export function NearFilter({
  filters,
  onChange,
}: {
  filters: ItemFilterState;
  onChange: (next: ItemFilterState) => void;
}) {
  const { t } = useTranslation('browse');
  const { user } = useAuth();
  const town = filters.near ?? user?.townId ?? undefined;
  return (
    <div role="group" aria-labelledby="near-filter-heading" className="grid gap-2" data-testid="near-filter">
      <h3 id="near-filter-heading" className="flex items-center gap-1.5 text-sm font-semibold">
        <MapPin className="size-4 text-primary" aria-hidden="true" />
        {t('near.heading')}
      </h3>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:gap-4">
        <TownCombobox
          className="sm:w-80"
          id="near-filter-town"
          label={t('near.town')}
          value={town}
          testId="near-filter-town"
          hint={null}
          onChange={(picked) =>
            onChange({
              ...filters,
              near: picked?.id,
              withinKm: picked ? (filters.withinKm ?? 10) : undefined,
            })
          }
        />
        <div className="flex flex-wrap gap-2 sm:pb-0.5">
          <ToggleChip
            pressed={filters.withinKm === undefined}
            onClick={() =>
              onChange({
                ...filters,
                withinKm: undefined,
                near: filters.near === user?.townId ? undefined : filters.near,
              })
            }
            data-testid="near-any"
          >
            {t('near.anywhere')}
          </ToggleChip>
          {NEAR_DISTANCES.map((km) => (
            <ToggleChip
              key={km}
              pressed={filters.withinKm === km}
              disabled={town === undefined}
              onClick={() => onChange({ ...filters, near: town, withinKm: km })}
              data-testid={`near-within-${km}`}
            >
              {t('near.within', { km })}
            </ToggleChip>
          ))}
        </div>
      </div>
      {town === undefined ? <p className="text-xs text-muted-foreground">{t('near.pickTown')}</p> : null}
    </div>
  );
}

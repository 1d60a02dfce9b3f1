import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { i18n } from '@client/i18n';

/** "8 km away" ("Under 1 km away" below a kilometre); null without a distance. */
export function distanceText(distanceKm: number | null | undefined): string | null {
  if (distanceKm === null || distanceKm === undefined) return null;
  return distanceKm < 1
    ? i18n.t('common:towns.lessThanOneKm')
    : i18n.t('common:towns.kmAway', { count: distanceKm });
}

/** The distance to an item's owner's town, with a pin; nothing when unknown. */
export function DistanceLabel({
  distanceKm,
  className,
}: {
  distanceKm: number | null | undefined;
  className?: string;
}) {
  useTranslation('common');
  const text = distanceText(distanceKm);
  if (!text) return null;
  return (
    <span
      className={className ?? 'inline-flex items-center gap-1 text-xs text-muted-foreground'}
      data-testid="distance-label"
    >
      <MapPin className="size-3.5" aria-hidden="true" />
      {text}
    </span>
  );
}

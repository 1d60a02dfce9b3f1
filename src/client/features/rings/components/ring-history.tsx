import type { RingDetail, RingHistoryEntry } from '@common/api/rings';
import { displayName } from '@common/domain/display-name';
import { useTranslation } from 'react-i18next';
import { HistoryTimeline } from '@client/components/history-timeline';

/** The ring's history, oldest first: who did what to which leg, when (as a trade page shows a trade's). */
export function RingHistory({ ring, memberId }: { ring: RingDetail; memberId: string }) {
  const { t } = useTranslation('rings');
  const members = new Map(ring.legs.map((leg) => [leg.giver.id, leg.giver]));
  const words = (entry: RingHistoryEntry) => {
    const leg = entry.position === null ? undefined : ring.legs[entry.position];
    const title = leg?.item.title ?? '';
    if (entry.actorId !== null && entry.actorId === memberId)
      return t(`ringPage.history.mine.${entry.event}`, { title });
    const actor = entry.actorId === null ? undefined : members.get(entry.actorId);
    return actor
      ? t(`ringPage.history.by.${entry.event}`, { who: displayName(actor), title })
      : t(`ringPage.history.events.${entry.event}`, { title });
  };
  return (
    <HistoryTimeline
      id="ring-history"
      title={t('ringPage.history.title')}
      linePrefix="ring-history-"
      lines={ring.history.map((entry) => ({ text: words(entry), at: entry.at, event: entry.event }))}
    />
  );
}

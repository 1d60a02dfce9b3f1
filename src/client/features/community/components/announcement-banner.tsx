import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommunity } from '@client/lib/community';

/*
 * The community's announcement (an admin's setting), above every page for members and visitors
 * until dismissed. A dismissal is kept in this browser (localStorage), per announcement: a new
 * text has a new id and shows again. Nothing is stored on the server.
 */

const STORAGE_KEY = 'threadswap.dismissedAnnouncement';
const listeners = new Set<() => void>();

function dismissedId(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

function dismiss(id: string) {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, id);
  } catch {
    // storage blocked: dismissed until the page reloads
    dismissedInMemory = id;
  }
  listeners.forEach((listener) => listener());
}

let dismissedInMemory: string | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function AnnouncementBanner() {
  const { t } = useTranslation('layout');
  const announcement = useCommunity()?.announcement ?? null;
  // The server renders no dismissal (it cannot know one): hydration shows the banner, then hides it.
  const dismissed = useSyncExternalStore(
    subscribe,
    () => dismissedInMemory ?? dismissedId(),
    () => null,
  );
  if (!announcement || dismissed === announcement.id) return null;
  return (
    <section
      aria-label={t('announcement.label')}
      className="border-b bg-primary/10 text-foreground"
      data-testid="announcement-banner"
    >
      <div className="container mx-auto flex items-start gap-3 px-4 py-2 text-sm">
        <p role="status" className="min-w-0 flex-1 py-1 break-words">
          {announcement.text}
        </p>
        <button
          type="button"
          onClick={() => dismiss(announcement.id)}
          aria-label={t('announcement.dismiss')}
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-md hover:bg-primary/10 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          data-testid="button-dismiss-announcement"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}

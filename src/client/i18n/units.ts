/**
 * The member's unit system (docs/product.md § Languages, units): their choice in Preferences
 * (Automatic, Metric or Imperial), kept in this browser's localStorage, and with Automatic the
 * community's default unit system (an admin's setting, GET /api/community). Read synchronously,
 * so the first render already shows the right units (nothing shifts once the page is up); the
 * server's rendering of a first screen has the same settings (they come with the page), so its
 * markup agrees with the client's. Only before the settings are known (a first visit to a page
 * that does not carry them) does the browser's region stand in.
 */
import { useSyncExternalStore } from 'react';
import {
  isUnitPreference,
  resolveUnitSystem,
  type UnitPreference,
  type UnitSystem,
  unitSystemForLanguages,
} from '@common/domain/units';
import { useCommunity } from '@client/lib/community';

export const UNITS_STORAGE_KEY = 'threadswap.units';

const listeners = new Set<() => void>();

function storedPreference(): UnitPreference {
  try {
    const value = globalThis.localStorage?.getItem(UNITS_STORAGE_KEY);
    return isUnitPreference(value) ? value : 'auto';
  } catch {
    return 'auto'; // storage blocked (private mode, sandboxed frame)
  }
}

function readBrowserUnitSystem(): UnitSystem {
  const languages =
    typeof navigator === 'undefined'
      ? []
      : navigator.languages?.length
        ? navigator.languages
        : [navigator.language];
  // The default locale only when the languages name no region: an Intl object is slow to create.
  return unitSystemForLanguages(languages, () => Intl.DateTimeFormat().resolvedOptions().locale);
}

/*
 * Worked out once (every card with a weight or a date asks for it, and an Intl.DateTimeFormat is
 * slow to create), and again when the browser's languages change.
 */
let browserSystem: UnitSystem | undefined;
globalThis.addEventListener?.('languagechange', () => {
  browserSystem = undefined;
});

/** The system of this browser's region, until the community's settings arrive. */
export function browserUnitSystem(): UnitSystem {
  return (browserSystem ??= readBrowserUnitSystem());
}

// Read on first use, not as the module loads: a page's first localStorage access opens the
// storage, which is main-thread time inside the first bundle's evaluation.
let preference: UnitPreference | undefined;
const currentPreference = (): UnitPreference => (preference ??= storedPreference());

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changing the choice.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== UNITS_STORAGE_KEY) return;
    preference = storedPreference();
    listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

export function setUnitPreference(next: UnitPreference): void {
  preference = next;
  try {
    if (next === 'auto') globalThis.localStorage?.removeItem(UNITS_STORAGE_KEY);
    else globalThis.localStorage?.setItem(UNITS_STORAGE_KEY, next);
  } catch {
    // Kept for this page only.
  }
  for (const listener of listeners) listener();
}

/** The member's choice: 'auto', 'metric' or 'imperial'. */
export const useUnitPreference = (): UnitPreference =>
  useSyncExternalStore(subscribe, currentPreference, () => 'auto');

/** The system 'Automatic' stands for: the community's default, else (settings not yet known) the browser's region. */
export function useAutomaticUnitSystem(): UnitSystem {
  return useCommunity()?.unitSystem ?? browserUnitSystem();
}

/** The unit system in use. */
export function useUnitSystem(): UnitSystem {
  const automatic = useAutomaticUnitSystem();
  return resolveUnitSystem(useUnitPreference(), automatic);
}

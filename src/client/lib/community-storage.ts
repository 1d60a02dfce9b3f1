import type { CommunitySettings } from '@common/api/community';

/*
 * This browser's copy of the community's settings (GET /api/community), kept from its last visit:
 * what a page the server did not write (the offline copy of the app) starts from. A module of its
 * own, without the query cache, so that the language's start (src/client/i18n) can read it.
 */

const STORAGE_KEY = 'threadswap.community';

export function keepCommunity(settings: CommunitySettings): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // storage blocked or full: the next visit asks the server first
  }
}

export function keptCommunity(): CommunitySettings | undefined {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : undefined;
    return typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as CommunitySettings).currency === 'string'
      ? (parsed as CommunitySettings)
      : undefined;
  } catch {
    return undefined;
  }
}

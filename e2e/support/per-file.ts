/**
 * Run before each journey file (vitest's setupFiles): the file's browsers and photo folders are
 * cleaned up after it. The support modules themselves load once per worker (isolate: false in
 * e2e/vitest.config.ts), so their clean-up is registered here, for every file, not at their import.
 */
import { afterAll } from 'vitest';
import { closeBrowsers } from './browser';
import { removePhotoFolders } from './journeys';

afterAll(async () => {
  await closeBrowsers();
  removePhotoFolders();
});

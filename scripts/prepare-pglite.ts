/**
 * Run by `npm install` (postinstall): saves the pristine PGlite data directory that new embedded
 * databases start from (src/server/db/pglite-template.ts), so that a first `npm start` and each test
 * file skip initdb. Never fails the install: without the template, databases only start slower.
 */
import { createPglite, readTemplate, templatePath } from '../src/server/db/pglite-template';

try {
  if (readTemplate()) {
    console.log(`PGlite template present: ${templatePath()}`);
  } else {
    const client = await createPglite(undefined, { save: true });
    await client.close();
    console.log(
      readTemplate()
        ? `PGlite template saved: ${templatePath()}`
        : 'PGlite template not saved (cache not writable)',
    );
  }
} catch (error) {
  console.warn(`PGlite template not prepared: ${(error as Error).message}`);
}

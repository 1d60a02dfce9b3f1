/**
 * Run by `npm install` (postinstall): saves the PGlite data directories that new embedded databases
 * start from (src/server/db/pglite-template.ts), the pristine one and the one with every migration
 * applied (as a tarball for in-memory databases, and as a directory that a new data directory
 * copies), so that a first `npm start` and each test file skip initdb and the migrations. Never fails
 * the install: without the templates, databases only start slower.
 */
import { migrationsFolder, openPglite } from '../src/server/db/connect';
import { prepareTemplateDirectory, readTemplate, templatePath } from '../src/server/db/pglite-template';

try {
  if (readTemplate(templatePath(migrationsFolder))) {
    console.log(`PGlite template present: ${templatePath(migrationsFolder)}`);
  } else {
    const database = await openPglite(undefined);
    await database.close();
    console.log(
      readTemplate(templatePath(migrationsFolder))
        ? `PGlite templates saved: ${templatePath()}, ${templatePath(migrationsFolder)}`
        : 'PGlite template not saved (cache not writable)',
    );
  }
  const directory = await prepareTemplateDirectory(migrationsFolder, async (dataDir) => {
    const database = await openPglite(dataDir);
    await database.close();
  });
  console.log(`PGlite template directory: ${directory}`);
} catch (error) {
  console.warn(`PGlite template not prepared: ${(error as Error).message}`);
}

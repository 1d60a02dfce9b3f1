/**
 * Run by `npm install` (postinstall) and by `npm start` before the server: builds the client
 * (dist/client, scripts/ensure-client-build.ts) and the server bundle (scripts/server-bundle.ts)
 * when either is missing or older than its sources, so that a first `npm start` after `npm install`
 * builds nothing.
 */
import { ensureClientBuild } from './ensure-client-build';
import { ensureServerBundle } from './server-bundle';

ensureClientBuild();
await ensureServerBundle();

import type { Db } from '../db/connect';
import { createDomainEvents } from '../lib/domain-events';
import { createGenerationCache } from '../lib/generation-cache';
import type { EntryDeps, MarketplaceChange } from '../lib/marketplace-dependencies';
import { silentMailer } from '../lib/mail';
import type { ServiceContext } from '../lib/service-context';

/** A context for calling read services on a database directly, without an app (no listeners, no cache). */
export function serviceContextFor(db: Db): ServiceContext {
  return {
    db,
    // A failing after-commit listener is logged; here, where no app logs, it goes to the test's output.
    events: createDomainEvents({ error: (details, message) => console.error(message, details) }),
    marketplaceCache: createGenerationCache<EntryDeps, MarketplaceChange>({ ttlMs: 0, maxBytes: 0 }),
    mailer: silentMailer,
    appUrl: 'http://localhost:5000',
    reportHideThreshold: 3,
  };
}

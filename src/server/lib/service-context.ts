import type { Db } from '../db/connect';
import type { CommunitySeed } from '../env';
import type { DomainEvents } from './domain-events';
import type { Mailer } from './mail';
import type { MarketplaceCache } from './marketplace-dependencies';
import type { ReadRouter } from './read-routing';

/**
 * What every service function takes first; the acting member (`memberId`) comes second. One per
 * app instance, built in app.ts.
 */
export interface ServiceContext {
  db: Db;
  /** In-process domain events: writers emit, other modules' listeners react (domain-events.ts). */
  events: DomainEvents;
  /** The public marketplace reads, cached per query with what each depends on (items/marketplace-cache.ts). */
  marketplaceCache: MarketplaceCache;
  /**
   * Asked for an image id that is not stored: renders and stores it when it is one the server can
   * draw (the demo photos, rendered on first request), answering true when it now is stored.
   */
  renderMissingImage?: (id: string) => Promise<boolean>;
  /** Outgoing mail: delivers what `effects.mail` queued once its transaction commits (lib/mail.ts). */
  mailer: Mailer;
  /** Where links in emails point (APP_URL), without a trailing slash. */
  appUrl: string;
  /**
   * Different members reporting a listing within 24 hours that hide it until a moderator looks
   * (REPORT_HIDE_THRESHOLD); 0 never hides.
   */
  reportHideThreshold: number;
  /** What the community's settings start from on first start (COMMUNITY_*: community.service.ts). */
  communitySeed?: CommunitySeed | undefined;
  /**
   * Read-only marketplace queries' database when DATABASE_READ_URLS names replicas
   * (lib/read-routing.ts; items/read-db.ts); undefined: everything reads `db`.
   */
  reads?: ReadRouter | undefined;
}

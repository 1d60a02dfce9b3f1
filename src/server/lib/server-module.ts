import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The app as a module sees it: Fastify with the zod type provider and the app's decorations (app.ts). */
export type ModuleApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * A server module as the app starts it: each module exports one from its `<name>.module.ts`, and
 * app.ts lists them. The app runs each part over every module in the list's order: first all the
 * listeners (domain events reach them in the order they subscribed), then the periodic tasks (a
 * sweep runs its tasks in the order they were registered), then, once authentication and the other
 * request hooks are in place, the routes.
 */
export interface ServerModule {
  name: string;
  /** Subscribes the module's domain-event listeners (app.services.events). */
  listeners?(app: ModuleApp): void;
  /** Registers the module's periodic tasks on app.sweep (and app.ringRepack). */
  sweeps?(app: ModuleApp): void;
  /** Registers the module's route plugins. */
  routes?(app: ModuleApp): Promise<void>;
}

/**
 * The database schema, one file per module in db/schema/ (each module's tables; docs/database.md
 * lists them with the triggers and SQL functions the migrations add). This file gathers them for the
 * app (`import { items } from '../../db/schema'`) and for drizzle-kit (drizzle.config.ts), which
 * reads every table exported from here. A table references another module's table by importing
 * that module's schema file; nothing in db/schema/ imports anything outside common/ and lib/.
 */
export * from './schema/towns';
export * from './schema/users';
export * from './schema/auth';
export * from './schema/mail';
export * from './schema/images';
export * from './schema/items';
export * from './schema/favorites';
export * from './schema/matching';
export * from './schema/trades';
export * from './schema/notifications';
export * from './schema/reviews';
export * from './schema/wishlist';
export * from './schema/saved-searches';
export * from './schema/chat';
export * from './schema/social';
export * from './schema/safety';
export * from './schema/rings';
export * from './schema/exchange';
export * from './schema/moderation';
export * from './schema/community';

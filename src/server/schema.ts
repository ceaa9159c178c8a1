/**
 * The whole database schema as drizzle-kit reads it (drizzle.config.ts): each feature declares
 * its own tables in its tables.ts, the infrastructure its few. `npm run db:generate` turns a
 * change in any of them into a new SQL migration in db/migrations. An assembler, like app.ts: it
 * sits above the features it gathers, and the app's code imports a feature's tables from that
 * feature, never from here.
 */
export * from './features/users/tables.ts';
export * from './features/auth/tables.ts';
export * from './features/wallet/tables.ts';
export * from './features/friends/tables.ts';
export * from './features/bets/tables.ts';
export * from './features/activities/tables.ts';
export * from './features/notifications/tables.ts';
export * from './features/chat/tables.ts';
export * from './features/audit-log/tables.ts';
export * from './features/admin/tables.ts';
export * from './features/figures/tables.ts';
export * from './features/invites/tables.ts';
export * from './features/push/tables.ts';
export * from './features/mail/tables.ts';
export * from './features/crews/tables.ts';
export * from './features/calendar/tables.ts';
export { appSecrets } from './db/secrets.ts';
export * from './oidc/tables.ts';

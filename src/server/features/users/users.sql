-- What other features read of players in SQL: who they are, and their notification choices.
-- Public: players, player_preferences
--
-- players: each player's name, role and standing (deactivated by an admin, or deleted by
-- themselves), for the SQL of other features: a bet's names (bets/bet-detail.sql,
-- bets/stake.sql), who is an admin (bets/visibility.sql), who may still sit on a jury
-- (bets/jury.sql). A plain view: PostgreSQL reads users' own rows and indexes through it.
CREATE OR REPLACE VIEW players AS
  SELECT u.id, u.username, u.role, u.deactivated_at, u.deleted_at FROM users u;
--> statement-breakpoint
--
-- player_preferences: each player's notification choices: the types they muted (the one mute
-- rule, notification_muted in notifications/notifications.sql) and how each type reaches their
-- mailbox (mail/notification-mail.sql). A player without a preferences row has muted nothing and
-- mails nothing.
CREATE OR REPLACE VIEW player_preferences AS
  SELECT p.user_id, p.muted_notifications, p.email_modes FROM user_preferences p;

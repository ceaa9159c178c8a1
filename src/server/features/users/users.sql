-- What other features read of a player's preferences in SQL (docs/product.md §6.4).
-- Public: player_preferences
--
-- player_preferences: each player's notification choices: the types they muted (the one mute
-- rule, notification_muted in notifications/notifications.sql) and how each type reaches their
-- mailbox (mail/notification-mail.sql). A player without a preferences row has muted nothing and
-- mails nothing.
CREATE OR REPLACE VIEW player_preferences AS
  SELECT p.user_id, p.muted_notifications, p.email_modes FROM user_preferences p;

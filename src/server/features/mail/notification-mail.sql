-- Notifications mailed one by one (docs/product.md §6.4): a notification whose type its player
-- mails 'instant' is queued for its mail in the statement that stores it, so it is queued exactly
-- when that change commits, whichever code stored it (notify_players,
-- features/notifications/notifications.sql). The sender turns the queue into mail
-- (features/mail/notification-mail.ts). One statement per INSERT, not per row: a settlement's
-- hundreds of notifications cost one look at the players' preferences (users/users.sql).
CREATE OR REPLACE FUNCTION queue_instant_notification_mails() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_mails (notification_id)
  SELECT n.id FROM new_notifications n
  JOIN player_preferences p ON p.user_id = n.user_id
  WHERE p.email_modes ->> n.type = 'instant';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER notifications_mailed_instantly AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS new_notifications
  FOR EACH STATEMENT EXECUTE FUNCTION queue_instant_notification_mails();

-- How notifications are stored (docs/product.md §6.4): the one writer, and the one mute rule.
-- Public: notify_players
--
-- notification_muted: whether the player switched this type of notification off. Every
-- notification is stored through notify_players, which asks it, so a muted type is never stored,
-- and so never pushed, mailed or sent to a socket either.
CREATE OR REPLACE FUNCTION notification_muted(p_user integer, p_type text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM player_preferences p WHERE p.user_id = p_user AND p.muted_notifications @> jsonb_build_array(p_type))
$$;
--> statement-breakpoint
-- notify_players: stores notifications as their facts, a type and its parameters (worded when
-- read: features/notifications/wording.ts), each unless its player muted its type, in one
-- statement in the caller's transaction, and answers the rows it stored. Each notification is the
-- same position in every array. notifyAll (service.ts) and a stake (stake_on_bets,
-- bets/stake.sql) call it.
CREATE OR REPLACE FUNCTION notify_players(
  p_user_ids integer[], p_types text[], p_params jsonb[], p_bet_ids integer[], p_from_user_ids integer[],
  p_conversation_ids integer[], p_crew_ids integer[]
) RETURNS SETOF notifications
LANGUAGE sql AS $$
  INSERT INTO notifications (user_id, type, params, bet_id, from_user_id, conversation_id, crew_id)
  SELECT n.user_id, n.type, n.params, n.bet_id, n.from_user_id, n.conversation_id, n.crew_id
  FROM unnest(p_user_ids, p_types, p_params, p_bet_ids, p_from_user_ids, p_conversation_ids, p_crew_ids)
    WITH ORDINALITY AS n(user_id, type, params, bet_id, from_user_id, conversation_id, crew_id, i)
  WHERE NOT notification_muted(n.user_id, n.type)
  ORDER BY n.i
  RETURNING *
$$;

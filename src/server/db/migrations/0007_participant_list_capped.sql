CREATE INDEX "stakes_bet_recent_idx" ON "stakes" USING btree ("bet_id","id");--> statement-breakpoint
-- A bet's detail lists its 50 most recent participants, newest first (docs/product.md §11.1: lists
-- are newest first and capped; PARTICIPANT_LIST_LIMIT in src/shared/schemas/bets.ts). It had listed
-- every participant, so each stake's answer and each read of a popular bet grew with the bet;
-- now they read at most 50 stakes through stakes_bet_recent_idx. The bet row still counts them
-- all (participant_count), and the viewer's own stake comes separately. Same signature and
-- shape as 0006's, so running instances keep working.
CREATE OR REPLACE FUNCTION bet_detail(p_viewer integer, p_bet integer) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT json_build_object(
      'bet', row_to_json(b),
      'creatorUsername', u.username,
      'options', (SELECT coalesce(json_agg(row_to_json(o) ORDER BY o.idx), '[]'::json)
                  FROM bet_options o WHERE o.bet_id = b.id),
      'viewerStake', (SELECT row_to_json(vs) FROM stakes vs WHERE vs.bet_id = b.id AND vs.user_id = p_viewer),
      'participants', (SELECT coalesce(json_agg(json_build_object('stake', row_to_json(s), 'username', pu.username) ORDER BY s.id DESC), '[]'::json)
                       FROM (SELECT * FROM stakes rs WHERE rs.bet_id = b.id ORDER BY rs.id DESC LIMIT 50) s
                       JOIN users pu ON pu.id = s.user_id))
    FROM bets b JOIN users u ON u.id = b.creator_id
    WHERE b.id = p_bet);
END;
$$;

-- One bet with its options, the viewer's own stake, whether they may stake on it (or dispute or
-- vote on its result), and its 50
-- most recent participants, newest first (PARTICIPANT_LIST_LIMIT in src/shared/schemas/bets.ts),
-- as one JSON value: the bet detail in one round trip (queries.ts, findBetDetail). It does not
-- check visibility: its caller selects only bets the viewer may see.
CREATE OR REPLACE FUNCTION bet_detail(p_viewer integer, p_bet integer) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT json_build_object(
      'bet', row_to_json(b),
      'creatorUsername', u.username,
      'refereeUsername', (SELECT r.username FROM players r WHERE r.id = b.referee_id),
      'options', (SELECT coalesce(json_agg(row_to_json(o) ORDER BY o.idx), '[]'::json)
                  FROM bet_options o WHERE o.bet_id = b.id),
      'viewerStake', (SELECT row_to_json(vs) FROM stakes vs WHERE vs.bet_id = b.id AND vs.user_id = p_viewer),
      -- Whether the viewer may stake on it, by the stake's own rules (stake_refusal, stake.sql).
      'canStake', stake_refusal(true, b.crew_id IS NULL OR crew_member_of(b.crew_id, p_viewer), b.creator_id, b.referee_id, p_viewer, b.status, b.expires_at, true,
                    EXISTS (SELECT 1 FROM stakes vs WHERE vs.bet_id = b.id AND vs.user_id = p_viewer)) IS NULL,
      -- And whether they may dispute its proposed result, or vote on its jury (jury.sql): asked
      -- only of a jury bet waiting for its result.
      'canDispute', b.status = 'proposed' AND dispute_refusal(b.id, p_viewer) IS NULL,
      'canVote', b.status = 'disputed' AND vote_refusal(b.id, p_viewer) IS NULL,
      'participants', (SELECT coalesce(json_agg(json_build_object('stake', row_to_json(s), 'username', pu.username) ORDER BY s.id DESC), '[]'::json)
                       FROM (SELECT * FROM stakes rs WHERE rs.bet_id = b.id ORDER BY rs.id DESC LIMIT 50) s
                       JOIN players pu ON pu.id = s.user_id))
    FROM bets b JOIN players u ON u.id = b.creator_id
    WHERE b.id = p_bet);
END;
$$;

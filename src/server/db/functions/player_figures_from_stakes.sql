-- The player figures recomputed from the stakes alone (src/shared/player-figures.ts), row for row
-- what player_figures holds. rebuild_figures() fills the read model from it, and the ledger
-- audit compares the two.
CREATE OR REPLACE VIEW player_figures_from_stakes AS
  SELECT s.user_id, p.period, p.starts_on,
    count(*)::integer AS bets,
    (count(*) FILTER (WHERE s.outcome IS NOT NULL))::integer AS settled_bets,
    (count(*) FILTER (WHERE s.outcome = 'won'))::integer AS wins,
    sum(s.amount_cents)::bigint AS wagered_cents,
    coalesce(sum(s.settled_cents - s.amount_cents) FILTER (WHERE s.outcome IS NOT NULL), 0)::bigint AS profit_cents,
    bool_and(coalesce(pr.show_on_leaderboard, true) AND u.deactivated_at IS NULL) AS listed
  FROM stakes s
  JOIN users u ON u.id = s.user_id
  LEFT JOIN user_preferences pr ON pr.user_id = s.user_id
  CROSS JOIN LATERAL figure_periods(s.created_at) p
  WHERE s.outcome IS DISTINCT FROM 'refunded'
  GROUP BY s.user_id, p.period, p.starts_on;

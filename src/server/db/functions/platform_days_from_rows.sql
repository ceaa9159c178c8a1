-- The platform's figures per UTC day recomputed from the rows, as platform_days keeps them.
CREATE OR REPLACE VIEW platform_days_from_rows AS
  SELECT day, sum(volume_cents)::bigint AS volume_cents, sum(new_users)::integer AS new_users,
    sum(bets_created)::integer AS bets_created, sum(bets_resolved)::integer AS bets_resolved
  FROM (
    SELECT (created_at AT TIME ZONE 'UTC')::date AS day, amount_cents AS volume_cents, 0 AS new_users, 0 AS bets_created, 0 AS bets_resolved
      FROM stakes WHERE outcome IS DISTINCT FROM 'refunded'
    UNION ALL
    SELECT (created_at AT TIME ZONE 'UTC')::date, 0, 1, 0, 0 FROM users
    UNION ALL
    SELECT (created_at AT TIME ZONE 'UTC')::date, 0, 0, 1, 0 FROM bets WHERE deleted_at IS NULL
    UNION ALL
    SELECT (resolved_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 1 FROM bets WHERE deleted_at IS NULL AND status = 'resolved'
  ) facts
  GROUP BY day;

-- The platform's totals recomputed from the stakes, bets and users (one row), with the same
-- rules as the running totals in platform_totals: refunded stakes and deleted bets do not count.
CREATE OR REPLACE VIEW platform_totals_from_rows AS
  SELECT
    (SELECT count(*) FROM stakes WHERE outcome IS DISTINCT FROM 'refunded')::integer AS stakes,
    (SELECT coalesce(sum(amount_cents), 0) FROM stakes WHERE outcome IS DISTINCT FROM 'refunded')::bigint AS volume_cents,
    (SELECT count(*) FROM bets WHERE deleted_at IS NULL)::integer AS bets,
    (SELECT count(*) FROM bets WHERE deleted_at IS NULL AND status = 'active')::integer AS active_bets,
    (SELECT coalesce(sum(amount_cents), 0) FROM stakes WHERE outcome IS NULL)::bigint AS active_value_cents,
    (SELECT count(*) FROM users WHERE deactivated_at IS NULL)::integer AS users,
    (SELECT count(*) FROM users WHERE deactivated_at IS NOT NULL)::integer AS deactivated_users;

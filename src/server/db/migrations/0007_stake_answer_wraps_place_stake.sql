-- place_stake_with_answer (0006) repeated 0005's place_stake rule for rule, so a change to the
-- rules would have had to be made twice. It now calls place_stake instead; its signature and
-- answer are unchanged, so instances already running keep working. This also moves the single
-- viewer's copy of the visibility rule back to one place: visibleTo() in
-- src/server/features/bets/queries.ts and place_stake (0005); bet_audience (0006) applies it to
-- every user at once.
--
-- A stake and everything that follows it, in one call, so that the request needs no other round
-- trip (docs/decisions/007-stake-in-the-database.md). The rules, their order and the writes stay
-- in 0005's place_stake, called here unchanged (instances of the previous release keep calling
-- it directly while a rolling deploy replaces them). What this adds is the answer: the bet's
-- detail as the staker now sees it, the bet's audience for the live fan-out, and the creator's
-- new notification. They are read after place_stake's writes, in the same transaction, so they
-- show them.
CREATE OR REPLACE FUNCTION place_stake_with_answer(
  p_user integer, p_is_admin boolean, p_bet integer, p_option integer, p_amount bigint,
  p_username text, p_amount_text text
) RETURNS TABLE (result text, detail json, audience integer[], notification json)
LANGUAGE plpgsql AS $$
DECLARE
  v_stake record;
BEGIN
  SELECT * INTO v_stake FROM place_stake(p_user, p_is_admin, p_bet, p_option, p_amount, p_username, p_amount_text);
  IF v_stake.result <> 'ok' THEN
    RETURN QUERY SELECT v_stake.result, NULL::json, NULL::integer[], NULL::json; RETURN;
  END IF;
  RETURN QUERY SELECT 'ok', bet_detail(p_user, p_bet), bet_audience(p_bet),
    (SELECT row_to_json(n) FROM notifications n WHERE n.id = v_stake.notification);
END;
$$;

-- Posts a hold (its amount leaves the account towards the counter legs) or voids it (released to the user).
-- p_counter: one leg without amount that takes the whole hold, e.g. {"system": "WITHDRAWAL_CLEARING",
-- "currency": "USD", "shard": 2}, or an array of legs with amounts adding up to the hold (ledger_post
-- refuses the journal otherwise, BL003); ignored when voiding. BL004: resolved the other way before;
-- BL005: unknown hold.
CREATE OR REPLACE FUNCTION ledger_resolve_hold(p_hold bigint, p_outcome text, p_key text, p_reason text, p_memo text, p_counter jsonb)
RETURNS TABLE (journal_id bigint, replayed boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_hold record;
  v_existing record;
  v_account record;
  v_journal bigint;
  v_inserted boolean;
  v_counters bigint[];
  v_is_split boolean := jsonb_typeof(p_counter) = 'array';
BEGIN
  SELECT h.id, h.account_id, h.amount INTO v_hold FROM ledger_holds h WHERE h.id = p_hold;
  IF v_hold.id IS NULL THEN
    RAISE EXCEPTION 'unknown hold %', p_hold USING ERRCODE = 'BL005';
  END IF;
  -- Lock the hold's account and the counter accounts together, in id order, like every other movement.
  IF p_outcome = 'posted' THEN
    SELECT array_agg(ledger_account_id((c ->> 'user')::bigint, c ->> 'wallet', c ->> 'system', c ->> 'currency',
                                       coalesce((c ->> 'shard')::integer, 0)))
    INTO v_counters
    FROM jsonb_array_elements(CASE WHEN v_is_split THEN p_counter ELSE jsonb_build_array(p_counter) END) AS c;
  END IF;
  PERFORM 1 FROM ledger_accounts WHERE id = v_hold.account_id OR id = ANY (coalesce(v_counters, '{}')) ORDER BY id FOR UPDATE;
  SELECT * INTO v_account FROM ledger_accounts WHERE id = v_hold.account_id;

  INSERT INTO ledger_hold_resolutions (hold_id, outcome, idempotency_key) VALUES (p_hold, p_outcome, p_key)
  ON CONFLICT DO NOTHING RETURNING true INTO v_inserted;
  IF v_inserted IS NULL THEN
    SELECT r.outcome, r.journal_id INTO v_existing FROM ledger_hold_resolutions r WHERE r.hold_id = p_hold;
    IF v_existing.outcome IS DISTINCT FROM p_outcome THEN
      RAISE EXCEPTION 'hold % was already %', p_hold, v_existing.outcome USING ERRCODE = 'BL004';
    END IF;
    RETURN QUERY SELECT v_existing.journal_id::bigint, true;
    RETURN;
  END IF;

  UPDATE ledger_accounts SET held = held - v_hold.amount WHERE id = v_hold.account_id;
  IF p_outcome = 'posted' THEN
    SELECT p.journal_id INTO v_journal FROM ledger_post(
      p_key, p_reason, p_memo, 'hold:' || p_hold::text,
      jsonb_build_array(
        jsonb_build_object('user', v_account.user_id, 'wallet', v_account.wallet_type, 'system', v_account.system_code,
                           'currency', v_account.currency, 'amount', (-v_hold.amount)::text)
      ) || CASE WHEN v_is_split THEN p_counter ELSE jsonb_build_array(p_counter || jsonb_build_object('amount', v_hold.amount::text)) END
    ) AS p;
  END IF;
  -- The resolution row is immutable once complete; its journal is attached in the same transaction.
  PERFORM set_config('ledger.attaching_journal', 'on', true);
  UPDATE ledger_hold_resolutions SET journal_id = v_journal WHERE hold_id = p_hold;
  PERFORM set_config('ledger.attaching_journal', 'off', true);
  RETURN QUERY SELECT v_journal, false;
END $$;

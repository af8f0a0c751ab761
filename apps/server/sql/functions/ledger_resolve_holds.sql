-- Many holds resolved set-based in one call (an allotment's applications, issue 18 §6): each posted
-- (its amount leaves the hold's account towards its counter legs, a split adding up to the hold) or voided.
-- Every account of the batch is locked first, in id order like every movement; the resolutions are
-- inserted, each account's held amount drops once by its sum, and the posted ones are one ledger_post_set
-- (one journal each, keyed by their resolution's key, fingerprint 'hold:<id>'). All or nothing: an unknown
-- hold, a hold resolved before, a key used before or a refused journal raises BL007 before any write
-- survives, and the caller resolves them one by one with ledger_resolve_hold (which answers replays).
-- p_resolutions: [{"hold", "outcome": "posted"|"voided", "key", "reason", "memo", "counter": [legs with amounts]}].
CREATE OR REPLACE FUNCTION ledger_resolve_holds(p_resolutions jsonb)
RETURNS TABLE (hold_id bigint, journal_id bigint)
LANGUAGE plpgsql SET jit = off AS $$
#variable_conflict use_column
DECLARE
  v_count integer := jsonb_array_length(p_resolutions);
  v_found integer;
  v_inserted integer;
  v_movements jsonb;
  v_posted bigint[];
  v_locked bigint[];
BEGIN
  IF coalesce(v_count, 0) = 0 THEN
    RETURN;
  END IF;
  CREATE TEMP TABLE IF NOT EXISTS ledger_resolving (
    position integer, hold_id bigint, account_id bigint, amount numeric, outcome text, key text, reason text, memo text, counter jsonb
  ) ON COMMIT DROP;
  TRUNCATE ledger_resolving;
  INSERT INTO ledger_resolving
  SELECT r.position::integer, h.id, h.account_id, h.amount, r.item ->> 'outcome', r.item ->> 'key', r.item ->> 'reason',
         r.item ->> 'memo', r.item -> 'counter'
  FROM jsonb_array_elements(p_resolutions) WITH ORDINALITY AS r(item, position)
  JOIN ledger_holds h ON h.id = (r.item ->> 'hold')::bigint;
  SELECT count(*) INTO v_found FROM ledger_resolving
  WHERE outcome IN ('posted', 'voided') AND (outcome = 'voided' OR jsonb_typeof(counter) = 'array');
  IF v_found <> v_count OR (SELECT count(DISTINCT hold_id) FROM ledger_resolving) <> v_count THEN
    RAISE EXCEPTION 'holds need resolving one by one' USING ERRCODE = 'BL007';
  END IF;

  ANALYZE ledger_resolving;

  -- The holds' accounts and every counter account (created on first use), locked together in id order.
  SELECT array_agg(DISTINCT t.id) INTO v_locked FROM (
    SELECT account_id AS id FROM ledger_resolving
    UNION ALL
    SELECT ledger_account_id((c ->> 'user')::bigint, c ->> 'wallet', c ->> 'system', c ->> 'currency', coalesce((c ->> 'shard')::integer, 0))
    FROM ledger_resolving, jsonb_array_elements(ledger_resolving.counter) AS c
    WHERE ledger_resolving.outcome = 'posted'
  ) AS t;
  PERFORM 1 FROM ledger_accounts WHERE id = ANY (v_locked) ORDER BY id FOR UPDATE;

  INSERT INTO ledger_hold_resolutions (hold_id, outcome, idempotency_key)
  SELECT hold_id, outcome, key FROM ledger_resolving ORDER BY position
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS v_inserted = ROW_COUNT;
  IF v_inserted <> v_count THEN
    RAISE EXCEPTION 'a hold of the batch was resolved before' USING ERRCODE = 'BL007';
  END IF;

  UPDATE ledger_accounts a SET held = a.held - t.amount
  FROM (SELECT account_id, sum(amount) AS amount FROM ledger_resolving GROUP BY account_id) AS t
  WHERE a.id = t.account_id;

  SELECT jsonb_agg(jsonb_build_object(
           'key', r.key, 'reason', r.reason, 'memo', r.memo, 'fingerprint', 'hold:' || r.hold_id::text,
           'legs', jsonb_build_array(jsonb_build_object('user', a.user_id, 'wallet', a.wallet_type, 'system', a.system_code,
                                                        'currency', a.currency, 'amount', (-r.amount)::text)) || r.counter
         ) ORDER BY r.position),
         array_agg(r.hold_id ORDER BY r.position)
  INTO v_movements, v_posted
  FROM ledger_resolving r JOIN ledger_accounts a ON a.id = r.account_id
  WHERE r.outcome = 'posted';

  -- The resolution rows are immutable once complete; their journals are attached in the same transaction.
  PERFORM set_config('ledger.attaching_journal', 'on', true);
  UPDATE ledger_hold_resolutions res SET journal_id = p.journal_id
  FROM ledger_post_set(v_movements) AS p
  WHERE res.hold_id = v_posted[p.ordinal + 1];
  PERFORM set_config('ledger.attaching_journal', 'off', true);

  RETURN QUERY SELECT r.hold_id, res.journal_id FROM ledger_resolving r JOIN ledger_hold_resolutions res ON res.hold_id = r.hold_id
  ORDER BY r.position;
END $$;

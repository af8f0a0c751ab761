-- A batch of independent movements posted set-based in one call and one transaction (ADR 0009): resolve
-- and validate every leg, lock every account in id order and check funds over the batch's order, insert
-- the journals, move each balance once by its summed amount, insert the entries with their running
-- balance. It answers a journal per movement or nothing at all: anything that would make one movement
-- differ from ledger_post's own answer (a refusal, a replayed or reused key, an account not created yet,
-- a malformed leg) raises BL007 before any write survives, and the caller posts that batch's movements
-- one by one with ledger_post. p_movements: [{"key", "reason", "memo", "fingerprint", "legs": [...as
-- ledger_post's]}, ...]; an empty array (or NULL) posts nothing.
CREATE OR REPLACE FUNCTION ledger_post_set(p_movements jsonb)
RETURNS TABLE (ordinal integer, journal_id bigint)
-- Its first query's estimate (a hundred movements of a hundred legs) would otherwise start the JIT
-- compiler, which costs far more than the batch (about 19 ms against under 2).
LANGUAGE plpgsql SET jit = off AS $$
#variable_conflict use_column
DECLARE
  v_count integer := jsonb_array_length(p_movements);
  v_is_valid boolean;
  v_ordinals integer[];
  v_accounts bigint[];
  v_amounts numeric[];
  v_requires boolean[];
  v_journals bigint[];
  v_is_refused boolean;
  v_balances numeric[];
  v_moved bigint[];
  v_deltas numeric[];
BEGIN
  IF coalesce(v_count, 0) = 0 THEN
    RETURN;
  END IF;
  -- Every leg resolved to an existing account of its currency; every movement balanced per currency, of
  -- two legs or more, amounts of two decimals and not zero; keys distinct within the batch.
  WITH movements AS (
    SELECT (m.position - 1)::integer AS ordinal, m.movement
    FROM jsonb_array_elements(p_movements) WITH ORDINALITY AS m(movement, position)
  ), legs AS (
    SELECT movements.ordinal, (l ->> 'user')::bigint AS user_id, l ->> 'wallet' AS wallet, l ->> 'system' AS system,
           l ->> 'currency' AS currency, (l ->> 'amount')::numeric AS amount,
           coalesce((l ->> 'require_funds')::boolean, false) AS require_funds, coalesce((l ->> 'shard')::integer, 0) AS shard
    FROM movements, jsonb_array_elements(movements.movement -> 'legs') AS l
  ), resolved AS (
    SELECT legs.*, account.id AS account_id, account.currency AS account_currency
    FROM legs LEFT JOIN LATERAL (
      SELECT a.id, a.currency FROM ledger_accounts a
      WHERE legs.system IS NULL AND a.owner_kind = 'user' AND a.user_id = legs.user_id AND a.wallet_type = legs.wallet
      UNION ALL
      SELECT a.id, a.currency FROM ledger_accounts a
      WHERE legs.system IS NOT NULL AND a.owner_kind = 'system' AND a.system_code = legs.system AND a.currency = legs.currency AND a.shard = legs.shard
    ) AS account ON true
  )
  SELECT
    coalesce(bool_and(amount IS NOT NULL AND amount = round(amount, 2) AND amount <> 0 AND account_id IS NOT NULL AND account_currency = currency), false)
      AND NOT EXISTS (SELECT 1 FROM legs GROUP BY legs.ordinal, legs.currency HAVING sum(legs.amount) <> 0)
      AND NOT EXISTS (SELECT 1 FROM legs GROUP BY legs.ordinal HAVING count(*) < 2)
      AND (SELECT count(DISTINCT movements.movement ->> 'key') = v_count AND count(*) FILTER (WHERE movements.movement -> 'legs' IS NULL) = 0 FROM movements),
    array_agg(ordinal ORDER BY ordinal, account_id), array_agg(account_id ORDER BY ordinal, account_id),
    array_agg(amount ORDER BY ordinal, account_id), array_agg(require_funds ORDER BY ordinal, account_id)
  INTO v_is_valid, v_ordinals, v_accounts, v_amounts, v_requires
  FROM resolved;
  IF NOT v_is_valid THEN
    RAISE EXCEPTION 'batch needs posting one by one' USING ERRCODE = 'BL007';
  END IF;

  -- The accounts' row locks in id order, the order every movement locks in: batches and single
  -- movements wait for each other and never deadlock. Then each leg's balance after it, in the batch's
  -- order, and the funds check on it, exactly as posting the movements one after the other would check.
  WITH locked AS MATERIALIZED (
    SELECT a.id, a.balance, a.held FROM ledger_accounts a
    WHERE a.id = ANY (v_accounts) ORDER BY a.id FOR UPDATE
  ), legs AS (
    SELECT t.position, t.amount, t.require_funds, locked.held,
           locked.balance + sum(t.amount) OVER (PARTITION BY t.account_id ORDER BY t.position) AS balance_after
    FROM unnest(v_accounts, v_amounts, v_requires) WITH ORDINALITY AS t(account_id, amount, require_funds, position)
    JOIN locked ON locked.id = t.account_id
  )
  SELECT coalesce(bool_or(require_funds AND amount < 0 AND balance_after - held < 0), false), array_agg(balance_after ORDER BY position)
  INTO v_is_refused, v_balances
  FROM legs;
  IF v_is_refused OR coalesce(array_length(v_balances, 1), 0) <> array_length(v_accounts, 1) THEN
    RAISE EXCEPTION 'a movement of the batch is refused' USING ERRCODE = 'BL007';
  END IF;

  -- A key already used (a replay, or a reuse for another movement) is answered by ledger_post alone.
  WITH inserted AS (
    INSERT INTO ledger_journals (idempotency_key, reason, memo, fingerprint)
    SELECT m.movement ->> 'key', m.movement ->> 'reason', m.movement ->> 'memo', m.movement ->> 'fingerprint'
    FROM jsonb_array_elements(p_movements) WITH ORDINALITY AS m(movement, position)
    ORDER BY m.position
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING ledger_journals.id, ledger_journals.idempotency_key
  )
  SELECT array_agg(inserted.id ORDER BY m.position)
  INTO v_journals
  FROM jsonb_array_elements(p_movements) WITH ORDINALITY AS m(movement, position)
  JOIN inserted ON inserted.idempotency_key = m.movement ->> 'key';
  IF coalesce(array_length(v_journals, 1), 0) <> v_count THEN
    RAISE EXCEPTION 'a key of the batch was used before' USING ERRCODE = 'BL007';
  END IF;

  -- Each account moves once, by what the batch moves on it in all (found by its primary key, whatever
  -- the planner thinks of the batch's size).
  SELECT array_agg(t.account_id), array_agg(t.delta) INTO v_moved, v_deltas
  FROM (SELECT u.account_id, sum(u.amount) AS delta FROM unnest(v_accounts, v_amounts) AS u(account_id, amount) GROUP BY u.account_id) AS t;
  UPDATE ledger_accounts a SET balance = a.balance + v_deltas[array_position(v_moved, a.id)]
  WHERE a.id = ANY (v_moved);

  INSERT INTO ledger_entries (journal_id, account_id, amount, balance_after)
  SELECT v_journals[t.ordinal + 1], t.account_id, t.amount, t.balance_after
  FROM unnest(v_ordinals, v_accounts, v_amounts, v_balances) WITH ORDINALITY AS t(ordinal, account_id, amount, balance_after, position)
  ORDER BY t.position;

  RETURN QUERY SELECT (o - 1)::integer, v_journals[o] FROM generate_series(1, v_count) AS o;
END $$;

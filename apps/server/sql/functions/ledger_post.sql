-- One movement (journal) in one call: resolves every leg to its account (created in one canonical order
-- when new), refuses an unbalanced or fractional-cent journal (BL003), moves the balances in account-id
-- order (the lock order of every movement: no deadlocks), refuses a wallet left short (BL001), and answers
-- a repeated idempotency key with its first journal (BL002 when the key was used for another movement).
-- Legs: [{"user": 1, "wallet": "BALANCE", "currency": "USD", "amount": "-10.00", "require_funds": true},
--        {"system": "DEPOSIT_CLEARING", "currency": "USD", "amount": "10.00", "shard": 0}]
CREATE OR REPLACE FUNCTION ledger_post(p_key text, p_reason text, p_memo text, p_fingerprint text, p_legs jsonb)
RETURNS TABLE (journal_id bigint, replayed boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_journal bigint;
  v_existing_fingerprint text;
  v_is_valid boolean;
  v_is_resolved boolean;
  v_accounts bigint[];
  v_amounts numeric[];
  v_requires boolean[];
  v_balances numeric[] := '{}';
  v_balance numeric;
  v_held numeric;
BEGIN
  INSERT INTO ledger_journals (idempotency_key, reason, memo, fingerprint) VALUES (p_key, p_reason, p_memo, p_fingerprint)
  ON CONFLICT (idempotency_key) DO NOTHING RETURNING id INTO v_journal;
  IF v_journal IS NULL THEN
    SELECT j.id, j.fingerprint INTO v_journal, v_existing_fingerprint FROM ledger_journals j WHERE j.idempotency_key = p_key;
    IF v_existing_fingerprint <> p_fingerprint THEN
      RAISE EXCEPTION 'idempotency key % was used for another movement', p_key USING ERRCODE = 'BL002';
    END IF;
    journal_id := v_journal;
    replayed := true;
    RETURN NEXT;
    RETURN;
  END IF;

  WITH legs AS (
    SELECT (l ->> 'user')::bigint AS user_id, l ->> 'wallet' AS wallet, l ->> 'system' AS system, l ->> 'currency' AS currency,
           (l ->> 'amount')::numeric AS amount, coalesce((l ->> 'require_funds')::boolean, false) AS require_funds,
           coalesce((l ->> 'shard')::integer, 0) AS shard
    FROM jsonb_array_elements(p_legs) AS l
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
    count(*) >= 2
      AND coalesce(bool_and(amount IS NOT NULL AND amount = round(amount, 2) AND amount <> 0), false)
      AND NOT EXISTS (SELECT 1 FROM legs GROUP BY legs.currency HAVING sum(legs.amount) <> 0),
    coalesce(bool_and(account_id IS NOT NULL AND account_currency = currency), false),
    array_agg(account_id ORDER BY account_id), array_agg(amount ORDER BY account_id), array_agg(require_funds ORDER BY account_id)
  INTO v_is_valid, v_is_resolved, v_accounts, v_amounts, v_requires
  FROM resolved;

  IF NOT v_is_valid THEN
    RAISE EXCEPTION 'journal % is unbalanced or malformed', p_key USING ERRCODE = 'BL003';
  END IF;

  IF NOT v_is_resolved THEN
    -- Some account is new (or names the wrong currency, which ledger_account_id refuses): found or
    -- created in one canonical order, so two movements creating the same accounts wait instead of deadlocking.
    SELECT array_agg(account_id ORDER BY account_id), array_agg(amount ORDER BY account_id), array_agg(require_funds ORDER BY account_id)
    INTO v_accounts, v_amounts, v_requires
    FROM (
      SELECT ledger_account_id((l ->> 'user')::bigint, l ->> 'wallet', l ->> 'system', l ->> 'currency', coalesce((l ->> 'shard')::integer, 0)) AS account_id,
             (l ->> 'amount')::numeric AS amount, coalesce((l ->> 'require_funds')::boolean, false) AS require_funds
      FROM (
        SELECT l FROM jsonb_array_elements(p_legs) AS l
        ORDER BY (l ->> 'user')::bigint NULLS FIRST, l ->> 'wallet', l ->> 'system', l ->> 'currency', coalesce((l ->> 'shard')::integer, 0)
      ) AS sorted
    ) AS created;
  END IF;

  -- The UPDATEs run in account-id order and take the row locks in that order: no deadlocks between movements.
  FOR v_index IN 1 .. array_length(v_accounts, 1) LOOP
    UPDATE ledger_accounts SET balance = balance + v_amounts[v_index] WHERE id = v_accounts[v_index] RETURNING balance, held INTO v_balance, v_held;
    IF v_requires[v_index] AND v_amounts[v_index] < 0 AND v_balance - v_held < 0 THEN
      RAISE EXCEPTION 'insufficient funds on account %', v_accounts[v_index] USING ERRCODE = 'BL001';
    END IF;
    v_balances := v_balances || v_balance;
  END LOOP;
  INSERT INTO ledger_entries (journal_id, account_id, amount, balance_after)
  SELECT v_journal, t.account_id, t.amount, t.balance_after FROM unnest(v_accounts, v_amounts, v_balances) WITH ORDINALITY AS t(account_id, amount, balance_after, position)
  ORDER BY t.position;
  journal_id := v_journal;
  replayed := false;
  RETURN NEXT;
END $$;

DROP INDEX "ledger_entries_journal_idx";--> statement-breakpoint
DROP INDEX "ledger_accounts_system_key";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_key" ON "ledger_accounts" USING btree ("system_code","currency","shard") WHERE owner_kind = 'system';--> statement-breakpoint
-- hand-written below
-- Sharded system accounts (ADR 0004): a system leg may name a shard ("shard": n); shard 0 otherwise.
CREATE FUNCTION ledger_account_id(p_user bigint, p_wallet text, p_system text, p_currency text, p_shard integer) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
  v_currency text;
BEGIN
  IF p_system IS NULL THEN
    SELECT id, currency INTO v_id, v_currency FROM ledger_accounts WHERE owner_kind = 'user' AND user_id = p_user AND wallet_type = p_wallet;
    IF v_id IS NULL THEN
      INSERT INTO ledger_accounts (owner_kind, user_id, wallet_type, currency) VALUES ('user', p_user, p_wallet, p_currency)
      ON CONFLICT (user_id, wallet_type) WHERE owner_kind = 'user' DO NOTHING RETURNING id, currency INTO v_id, v_currency;
      IF v_id IS NULL THEN
        SELECT id, currency INTO v_id, v_currency FROM ledger_accounts WHERE owner_kind = 'user' AND user_id = p_user AND wallet_type = p_wallet;
      END IF;
    END IF;
  ELSE
    SELECT id, currency INTO v_id, v_currency FROM ledger_accounts
    WHERE owner_kind = 'system' AND system_code = p_system AND currency = p_currency AND shard = p_shard;
    IF v_id IS NULL THEN
      INSERT INTO ledger_accounts (owner_kind, system_code, currency, shard) VALUES ('system', p_system, p_currency, p_shard)
      ON CONFLICT (system_code, currency, shard) WHERE owner_kind = 'system' DO NOTHING RETURNING id, currency INTO v_id, v_currency;
      IF v_id IS NULL THEN
        SELECT id, currency INTO v_id, v_currency FROM ledger_accounts
        WHERE owner_kind = 'system' AND system_code = p_system AND currency = p_currency AND shard = p_shard;
      END IF;
    END IF;
  END IF;
  IF v_currency <> p_currency THEN
    RAISE EXCEPTION 'account % is not in %', v_id, p_currency USING ERRCODE = 'BL003';
  END IF;
  RETURN v_id;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION ledger_account_id(p_user bigint, p_wallet text, p_system text, p_currency text) RETURNS bigint
LANGUAGE sql AS $$ SELECT ledger_account_id(p_user, p_wallet, p_system, p_currency, 0) $$;
--> statement-breakpoint

-- ledger_post with fewer statements per movement (ADR 0003), same contract and error codes as 0002:
-- one query resolves every leg to its existing account and validates the journal, one UPDATE per
-- account in id order (the lock order of every movement), one INSERT for all entries. Accounts that do
-- not exist yet (a user's first movement on a wallet) are created as before, in one canonical order.
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
--> statement-breakpoint

-- Group commit (ADR 0003): several independent movements posted in one round trip and one transaction,
-- so they share one commit (one WAL flush) instead of paying one each. Each movement runs in its own
-- exception block (a subtransaction): a refused movement (insufficient funds, reused key) rolls back
-- alone and reports its error code, the others commit. Anything else aborts the whole batch and the
-- caller posts the movements one by one, which is always correct because every movement is idempotent.
-- p_movements: [{"key": ..., "reason": ..., "memo": ..., "fingerprint": ..., "legs": [...]}, ...]
CREATE FUNCTION ledger_post_batch(p_movements jsonb)
RETURNS TABLE (ordinal integer, journal_id bigint, replayed boolean, error_code text)
LANGUAGE plpgsql AS $$
DECLARE
  v_movement jsonb;
  v_index integer := 0;
  v_result record;
BEGIN
  -- Every existing account of the batch is locked up front in id order, the order every single
  -- movement locks in too, so a batch and other movements wait for each other and never deadlock.
  PERFORM 1 FROM ledger_accounts a
  WHERE a.id IN (
    SELECT x.id FROM (
      SELECT l.leg FROM jsonb_array_elements(p_movements) AS m(movement), jsonb_array_elements(m.movement -> 'legs') AS l(leg)
    ) AS legs
    JOIN ledger_accounts x ON x.owner_kind = 'user' AND x.user_id = (legs.leg ->> 'user')::bigint AND x.wallet_type = legs.leg ->> 'wallet'
    UNION ALL
    SELECT x.id FROM (
      SELECT l.leg FROM jsonb_array_elements(p_movements) AS m(movement), jsonb_array_elements(m.movement -> 'legs') AS l(leg)
    ) AS legs
    JOIN ledger_accounts x ON x.owner_kind = 'system' AND x.system_code = legs.leg ->> 'system' AND x.currency = legs.leg ->> 'currency'
      AND x.shard = coalesce((legs.leg ->> 'shard')::integer, 0)
  )
  ORDER BY a.id FOR UPDATE;

  FOR v_movement IN SELECT m.movement FROM jsonb_array_elements(p_movements) AS m(movement) LOOP
    ordinal := v_index;
    BEGIN
      SELECT p.journal_id, p.replayed INTO v_result
      FROM ledger_post(v_movement ->> 'key', v_movement ->> 'reason', v_movement ->> 'memo', v_movement ->> 'fingerprint', v_movement -> 'legs') AS p;
      journal_id := v_result.journal_id;
      replayed := v_result.replayed;
      error_code := NULL;
    EXCEPTION WHEN SQLSTATE 'BL001' OR SQLSTATE 'BL002' OR SQLSTATE '23514' THEN
      journal_id := NULL;
      replayed := false;
      error_code := SQLSTATE;
    END;
    RETURN NEXT;
    v_index := v_index + 1;
  END LOOP;
END $$;

--> statement-breakpoint

-- As in 0002, except that the counter account may name a shard, so the lock taken here is on the row
-- ledger_post then moves (shard 0 would be a needless hot row again).
CREATE OR REPLACE FUNCTION ledger_resolve_hold(p_hold bigint, p_outcome text, p_key text, p_reason text, p_memo text, p_counter jsonb)
RETURNS TABLE (journal_id bigint, replayed boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_hold record;
  v_existing record;
  v_account record;
  v_journal bigint;
  v_inserted boolean;
  v_counter bigint;
BEGIN
  SELECT h.id, h.account_id, h.amount INTO v_hold FROM ledger_holds h WHERE h.id = p_hold;
  IF v_hold.id IS NULL THEN
    RAISE EXCEPTION 'unknown hold %', p_hold USING ERRCODE = 'BL005';
  END IF;
  -- Lock the hold's account and the counter account together, in id order, like every other movement.
  IF p_outcome = 'posted' THEN
    v_counter := ledger_account_id((p_counter ->> 'user')::bigint, p_counter ->> 'wallet', p_counter ->> 'system', p_counter ->> 'currency',
                                   coalesce((p_counter ->> 'shard')::integer, 0));
  END IF;
  PERFORM 1 FROM ledger_accounts WHERE id IN (v_hold.account_id, v_counter) ORDER BY id FOR UPDATE;
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
                           'currency', v_account.currency, 'amount', (-v_hold.amount)::text),
        p_counter || jsonb_build_object('amount', v_hold.amount::text)
      )
    ) AS p;
  END IF;
  -- The resolution row is immutable once complete; its journal is attached in the same transaction.
  PERFORM set_config('ledger.attaching_journal', 'on', true);
  UPDATE ledger_hold_resolutions SET journal_id = v_journal WHERE hold_id = p_hold;
  PERFORM set_config('ledger.attaching_journal', 'off', true);
  RETURN QUERY SELECT v_journal, false;
END $$;

-- The ledger's write path: every movement is one call (one round trip), which locks the accounts it
-- touches in id order (no deadlocks between movements), refuses anything unbalanced, and is idempotent.
-- Error codes: BL001 insufficient funds, BL002 idempotency key reused for another request,
-- BL003 unbalanced or malformed journal, BL004 hold already resolved the other way, BL005 unknown hold.

CREATE FUNCTION ledger_account_id(p_user bigint, p_wallet text, p_system text, p_currency text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
BEGIN
  IF p_system IS NULL THEN
    SELECT id INTO v_id FROM ledger_accounts WHERE owner_kind = 'user' AND user_id = p_user AND wallet_type = p_wallet;
    IF v_id IS NULL THEN
      INSERT INTO ledger_accounts (owner_kind, user_id, wallet_type, currency) VALUES ('user', p_user, p_wallet, p_currency)
      ON CONFLICT (user_id, wallet_type) WHERE owner_kind = 'user' DO NOTHING RETURNING id INTO v_id;
      IF v_id IS NULL THEN
        SELECT id INTO v_id FROM ledger_accounts WHERE owner_kind = 'user' AND user_id = p_user AND wallet_type = p_wallet;
      END IF;
    END IF;
  ELSE
    SELECT id INTO v_id FROM ledger_accounts WHERE owner_kind = 'system' AND system_code = p_system AND currency = p_currency;
    IF v_id IS NULL THEN
      INSERT INTO ledger_accounts (owner_kind, system_code, currency) VALUES ('system', p_system, p_currency)
      ON CONFLICT (system_code, currency) WHERE owner_kind = 'system' DO NOTHING RETURNING id INTO v_id;
      IF v_id IS NULL THEN
        SELECT id INTO v_id FROM ledger_accounts WHERE owner_kind = 'system' AND system_code = p_system AND currency = p_currency;
      END IF;
    END IF;
  END IF;
  IF (SELECT currency FROM ledger_accounts WHERE id = v_id) <> p_currency THEN
    RAISE EXCEPTION 'account % is not in %', v_id, p_currency USING ERRCODE = 'BL003';
  END IF;
  RETURN v_id;
END $$;
--> statement-breakpoint

-- Legs: [{"user": 1, "wallet": "BALANCE", "currency": "USD", "amount": "-10.00", "require_funds": true},
--        {"system": "DEPOSIT_CLEARING", "currency": "USD", "amount": "10.00"}]
CREATE FUNCTION ledger_post(p_key text, p_reason text, p_memo text, p_fingerprint text, p_legs jsonb)
RETURNS TABLE (journal_id bigint, replayed boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_journal bigint;
  v_existing_fingerprint text;
  v_leg record;
  v_balance numeric;
  v_held numeric;
  v_accounts bigint[];
  v_currencies text[];
  v_amounts numeric[];
  v_requires boolean[];
BEGIN
  INSERT INTO ledger_journals (idempotency_key, reason, memo, fingerprint) VALUES (p_key, p_reason, p_memo, p_fingerprint)
  ON CONFLICT (idempotency_key) DO NOTHING RETURNING id INTO v_journal;
  IF v_journal IS NULL THEN
    SELECT j.id, j.fingerprint INTO v_journal, v_existing_fingerprint FROM ledger_journals j WHERE j.idempotency_key = p_key;
    IF v_existing_fingerprint <> p_fingerprint THEN
      RAISE EXCEPTION 'idempotency key % was used for another movement', p_key USING ERRCODE = 'BL002';
    END IF;
    RETURN QUERY SELECT v_journal, true;
    RETURN;
  END IF;

  -- Accounts are found or created in one canonical order, so two movements creating the same new
  -- accounts at once wait for each other instead of deadlocking on the unique index.
  SELECT array_agg(account_id), array_agg(currency), array_agg(amount), array_agg(require_funds)
  INTO v_accounts, v_currencies, v_amounts, v_requires
  FROM (
    SELECT ledger_account_id((l ->> 'user')::bigint, l ->> 'wallet', l ->> 'system', l ->> 'currency') AS account_id,
           l ->> 'currency' AS currency, (l ->> 'amount')::numeric AS amount, coalesce((l ->> 'require_funds')::boolean, false) AS require_funds
    FROM (
      SELECT l FROM jsonb_array_elements(p_legs) AS l
      ORDER BY (l ->> 'user')::bigint NULLS FIRST, l ->> 'wallet', l ->> 'system', l ->> 'currency'
    ) AS sorted
  ) AS resolved;

  IF coalesce(array_length(v_accounts, 1), 0) < 2
     OR EXISTS (SELECT 1 FROM unnest(v_amounts) AS a(amount) WHERE amount IS NULL OR amount <> round(amount, 2) OR amount = 0)
     OR EXISTS (SELECT 1 FROM unnest(v_currencies, v_amounts) AS t(currency, amount) GROUP BY currency HAVING sum(amount) <> 0) THEN
    RAISE EXCEPTION 'journal % is unbalanced or malformed', p_key USING ERRCODE = 'BL003';
  END IF;

  -- The UPDATEs run in account-id order and take the row locks in that order: no deadlocks between movements.
  FOR v_leg IN SELECT * FROM unnest(v_accounts, v_amounts, v_requires) AS t(account_id, amount, require_funds) ORDER BY account_id LOOP
    UPDATE ledger_accounts SET balance = balance + v_leg.amount WHERE id = v_leg.account_id RETURNING balance, held INTO v_balance, v_held;
    IF v_leg.require_funds AND v_leg.amount < 0 AND v_balance - v_held < 0 THEN
      RAISE EXCEPTION 'insufficient funds on account %', v_leg.account_id USING ERRCODE = 'BL001';
    END IF;
    INSERT INTO ledger_entries (journal_id, account_id, amount, balance_after) VALUES (v_journal, v_leg.account_id, v_leg.amount, v_balance);
  END LOOP;
  RETURN QUERY SELECT v_journal, false;
END $$;
--> statement-breakpoint

CREATE FUNCTION ledger_place_hold(p_key text, p_user bigint, p_wallet text, p_currency text, p_amount numeric, p_reason text)
RETURNS TABLE (hold_id bigint, replayed boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_account bigint;
  v_hold bigint;
  v_existing record;
  v_balance numeric;
  v_held numeric;
BEGIN
  IF p_amount <= 0 OR p_amount <> round(p_amount, 2) THEN
    RAISE EXCEPTION 'hold amount % is malformed', p_amount USING ERRCODE = 'BL003';
  END IF;
  v_account := ledger_account_id(p_user, p_wallet, NULL, p_currency);
  INSERT INTO ledger_holds (account_id, amount, reason, idempotency_key) VALUES (v_account, p_amount, p_reason, p_key)
  ON CONFLICT (idempotency_key) DO NOTHING RETURNING id INTO v_hold;
  IF v_hold IS NULL THEN
    SELECT h.id, h.account_id, h.amount INTO v_existing FROM ledger_holds h WHERE h.idempotency_key = p_key;
    IF v_existing.account_id <> v_account OR v_existing.amount <> p_amount THEN
      RAISE EXCEPTION 'idempotency key % was used for another hold', p_key USING ERRCODE = 'BL002';
    END IF;
    RETURN QUERY SELECT v_existing.id::bigint, true;
    RETURN;
  END IF;
  UPDATE ledger_accounts SET held = held + p_amount WHERE id = v_account RETURNING balance, held INTO v_balance, v_held;
  IF v_balance - v_held < 0 THEN
    RAISE EXCEPTION 'insufficient funds on account %', v_account USING ERRCODE = 'BL001';
  END IF;
  RETURN QUERY SELECT v_hold, false;
END $$;
--> statement-breakpoint

-- Posts a hold (its amount leaves the account towards the counter leg) or voids it (released to the user).
-- p_counter: one leg object without amount, e.g. {"system": "WITHDRAWAL_CLEARING", "currency": "USD"}; ignored when voiding.
CREATE FUNCTION ledger_resolve_hold(p_hold bigint, p_outcome text, p_key text, p_reason text, p_memo text, p_counter jsonb)
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
    v_counter := ledger_account_id((p_counter ->> 'user')::bigint, p_counter ->> 'wallet', p_counter ->> 'system', p_counter ->> 'currency');
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
--> statement-breakpoint

CREATE FUNCTION ledger_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- The one allowed change: attaching the journal to a hold resolution inside ledger_resolve_hold.
  IF TG_TABLE_NAME = 'ledger_hold_resolutions' AND TG_OP = 'UPDATE' AND current_setting('ledger.attaching_journal', true) = 'on' THEN
    IF OLD.journal_id IS NULL AND NEW.hold_id = OLD.hold_id AND NEW.outcome = OLD.outcome AND NEW.idempotency_key = OLD.idempotency_key THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'ledger rows are immutable (% on %): correct with a new journal', TG_OP, TG_TABLE_NAME USING ERRCODE = 'BL006';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_journals_immutable BEFORE UPDATE OR DELETE ON ledger_journals FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_immutable BEFORE UPDATE OR DELETE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_holds_immutable BEFORE UPDATE OR DELETE ON ledger_holds FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_hold_resolutions_immutable BEFORE UPDATE OR DELETE ON ledger_hold_resolutions FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_truncate_refused BEFORE TRUNCATE ON ledger_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

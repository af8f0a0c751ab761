-- A ledger account's id, the account created on first use. A system leg may name a shard (ADR 0004);
-- the four-argument form is shard 0. Refuses an account of another currency (BL003).
CREATE OR REPLACE FUNCTION ledger_account_id(p_user bigint, p_wallet text, p_system text, p_currency text, p_shard integer) RETURNS bigint
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

-- Holds an amount on a user's wallet (BL001 when its available money is short), idempotent by key
-- (BL002 when the key was used for another hold). Malformed amounts are refused (BL003).
CREATE OR REPLACE FUNCTION ledger_place_hold(p_key text, p_user bigint, p_wallet text, p_currency text, p_amount numeric, p_reason text)
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

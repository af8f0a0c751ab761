-- A user whose trading an operator froze places no new opening order (TF001). Checked once per statement
-- that inserts orders, over the rows it inserted (ADR 0012); closing orders (open_close = 1) pass, so a
-- frozen user can still reduce risk.
CREATE OR REPLACE FUNCTION trading_orders_refuse_frozen() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_user_id bigint;
BEGIN
  SELECT inserted.user_id INTO v_user_id
  FROM inserted_orders AS inserted
  JOIN user_restrictions AS restriction ON restriction.user_id = inserted.user_id AND restriction.kind = 'trading'
  WHERE inserted.open_close = 0
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'trading is frozen for user %', v_user_id USING ERRCODE = 'TF001';
  END IF;
  RETURN NULL;
END $$;

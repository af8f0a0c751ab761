-- Accepts an open order in one statement (ADR 0007). One that fills at once (p_fill: a market order in
-- session, a limit already crossed) is inserted filled, with its position and fill, and its cost moves in
-- one ledger journal from the wallet (margin + fee, refused as insufficient funds when the wallet's
-- available money is short) to the house (margin) and the fee account (fee): nothing is held for an order
-- that never waits. One that waits is inserted in progress with its margin + fee held on the wallet.
-- Nothing is written when the idempotency key was used: the first order is answered ('exists').
-- p_order: the row's columns by name; p_hold: {"currency", "amount"} (what the order reserves);
-- p_fill: {"price", "amount", "fee", "margin", "at", "movement": {"fingerprint", "legs"}} or null.
-- The trigger of trading freezes (TF001) and the ledger's refusals (BL001) abort it whole.
CREATE OR REPLACE FUNCTION trading_place_order(p_order jsonb, p_hold jsonb, p_fill jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_order trading_orders;
  v_position trading_positions;
  v_hold bigint;
  v_amount numeric := (p_hold ->> 'amount')::numeric;
  v_is_filled boolean := coalesce(jsonb_typeof(p_fill) = 'object', false);
  v_position_id bigint;
  v_at timestamptz := (p_fill ->> 'at')::timestamptz;
  v_price numeric := (p_fill ->> 'price')::numeric;
  v_fee numeric := (p_fill ->> 'fee')::numeric;
  v_margin numeric := (p_fill ->> 'margin')::numeric;
BEGIN
  IF v_is_filled THEN
    -- The position's id is taken first so the order row is written once, already filled and pointing at it.
    v_position_id := nextval(pg_get_serial_sequence('trading_positions', 'id'));
  END IF;
  INSERT INTO trading_orders (user_id, idempotency_key, code, source, wallet_type, direction, order_type, open_close, status, quantity,
                              limit_price, stop_price, leverage, time_in_force, take_profit, stop_loss, expires_at, created_at,
                              held_amount, position_id, fill_price, amount, fee, margin, filled_at)
  SELECT r.user_id, r.idempotency_key, r.code, r.source, r.wallet_type, r.direction, r.order_type, r.open_close,
         CASE WHEN v_is_filled THEN 1 ELSE r.status END, r.quantity, r.limit_price, r.stop_price, r.leverage, r.time_in_force,
         r.take_profit, r.stop_loss, r.expires_at, coalesce(r.created_at, now()), v_amount, v_position_id, v_price,
         (p_fill ->> 'amount')::numeric, v_fee, v_margin, v_at
  FROM jsonb_populate_record(NULL::trading_orders, p_order) AS r
  ON CONFLICT (user_id, idempotency_key) DO NOTHING
  RETURNING * INTO v_order;
  IF v_order.id IS NULL THEN
    SELECT * INTO v_order FROM trading_orders
    WHERE user_id = (p_order ->> 'user_id')::bigint AND idempotency_key = p_order ->> 'idempotency_key';
    RETURN jsonb_build_object('outcome', 'exists', 'order', trading_row_json(to_jsonb(v_order)));
  END IF;
  IF NOT v_is_filled THEN
    SELECT h.hold_id INTO v_hold
    FROM ledger_place_hold('order:' || v_order.id || ':hold', v_order.user_id, v_order.wallet_type, p_hold ->> 'currency', v_amount,
                           'trade_margin') AS h;
    UPDATE trading_orders SET hold_id = v_hold WHERE id = v_order.id RETURNING * INTO v_order;
    RETURN jsonb_build_object('outcome', 'resting', 'order', trading_row_json(to_jsonb(v_order)));
  END IF;
  PERFORM ledger_post('order:' || v_order.id || ':fill', 'trade_margin', 'order ' || v_order.id || ' ' || v_order.code,
                      p_fill #>> '{movement,fingerprint}', p_fill #> '{movement,legs}');
  INSERT INTO trading_positions (id, user_id, order_id, code, source, wallet_type, direction, opened_quantity, quantity, open_price,
                                 leverage, margin, fees, take_profit, stop_loss, created_at)
  VALUES (v_position_id, v_order.user_id, v_order.id, v_order.code, v_order.source, v_order.wallet_type, v_order.direction,
          v_order.quantity, v_order.quantity, v_price, v_order.leverage, v_margin, v_fee, v_order.take_profit, v_order.stop_loss, v_at)
  RETURNING * INTO v_position;
  INSERT INTO trading_fills (order_id, position_id, user_id, quantity, price, fee, margin, created_at)
  VALUES (v_order.id, v_position_id, v_order.user_id, v_order.quantity, v_price, v_fee, v_margin, v_at);
  RETURN jsonb_build_object('outcome', 'filled', 'order', trading_row_json(to_jsonb(v_order)), 'position',
                            trading_row_json(to_jsonb(v_position)));
END $$;

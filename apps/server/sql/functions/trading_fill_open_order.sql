-- Fills an open order still in progress whose row the caller holds (inserted by this transaction, or
-- locked FOR UPDATE), ADR 0007 and 0008. Its hold is posted in one journal to the house (margin) and the
-- fee account (fee). p_fill: {"price", "amount", "fee", "margin", "at", "counters": the legs the hold is
-- posted to, with amounts adding up to the hold, "settle_movement": {"fingerprint", "legs"} or null}.
CREATE OR REPLACE FUNCTION trading_fill_open_order(p_order trading_orders, p_fill jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_memo text := 'order ' || p_order.id || ' ' || p_order.code;
  v_at timestamptz := (p_fill ->> 'at')::timestamptz;
  v_price numeric := (p_fill ->> 'price')::numeric;
  v_fee numeric := (p_fill ->> 'fee')::numeric;
  v_margin numeric := (p_fill ->> 'margin')::numeric;
  v_position trading_positions;
  v_order trading_orders;
BEGIN
  IF p_order.id IS NULL OR p_order.hold_id IS NULL OR p_order.status NOT IN (0, 3) THEN
    RAISE EXCEPTION 'order % is not an open order in progress with a hold', p_order.id;
  END IF;
  PERFORM ledger_resolve_hold(p_order.hold_id, 'posted', 'order:' || p_order.id || ':fill', 'trade_margin', v_memo, p_fill -> 'counters');
  IF jsonb_typeof(p_fill -> 'settle_movement') = 'object' THEN
    PERFORM ledger_post('order:' || p_order.id || ':settle', 'trade_margin', v_memo, p_fill #>> '{settle_movement,fingerprint}',
                        p_fill #> '{settle_movement,legs}');
  END IF;
  INSERT INTO trading_positions (user_id, order_id, code, source, wallet_type, direction, opened_quantity, quantity, open_price, leverage,
                                 margin, fees, take_profit, stop_loss, created_at)
  VALUES (p_order.user_id, p_order.id, p_order.code, p_order.source, p_order.wallet_type, p_order.direction, p_order.quantity,
          p_order.quantity, v_price, p_order.leverage, v_margin, v_fee, p_order.take_profit, p_order.stop_loss, v_at)
  RETURNING * INTO v_position;
  INSERT INTO trading_fills (order_id, position_id, user_id, quantity, price, fee, margin, created_at)
  VALUES (p_order.id, v_position.id, p_order.user_id, p_order.quantity, v_price, v_fee, v_margin, v_at);
  -- Finished only while still in progress: the guard of exactly-once, as in the service's finishOrder.
  UPDATE trading_orders
  SET status = 1, fill_price = v_price, amount = (p_fill ->> 'amount')::numeric, fee = v_fee, margin = v_margin,
      position_id = v_position.id, filled_at = v_at
  WHERE id = p_order.id AND status IN (0, 3)
  RETURNING * INTO v_order;
  IF v_order.id IS NULL THEN
    RAISE EXCEPTION 'order % left progress during its own fill', p_order.id;
  END IF;
  RETURN jsonb_build_object('outcome', 'filled', 'order', trading_row_json(to_jsonb(v_order)), 'position',
                            trading_row_json(to_jsonb(v_position)));
END $$;

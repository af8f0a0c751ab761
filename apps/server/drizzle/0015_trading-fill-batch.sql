-- hand-written: the resting orders one quote crosses filled in one statement and one commit (ADR 0008).
-- The service still decides each fill's price, cost and journals in decimal arithmetic; each order is
-- still filled by trading_fill_open_order, so its money moves through the ledger's own functions under
-- the same idempotency keys as a fill alone; its hold is now posted to the house and the fee account in
-- one journal (the fee no longer passes through the house in a second one).

-- As in 0009, except that a posted hold may go to several counter accounts: p_counter is then an array
-- of legs with their amounts, which must add up to the hold's amount (ledger_post refuses the journal
-- otherwise, BL003). A single counter (an object, without amount) takes the whole hold, as before.
CREATE OR REPLACE FUNCTION ledger_resolve_hold(p_hold bigint, p_outcome text, p_key text, p_reason text, p_memo text, p_counter jsonb)
RETURNS TABLE (journal_id bigint, replayed boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_hold record;
  v_existing record;
  v_account record;
  v_journal bigint;
  v_inserted boolean;
  v_counters bigint[];
  v_is_split boolean := jsonb_typeof(p_counter) = 'array';
BEGIN
  SELECT h.id, h.account_id, h.amount INTO v_hold FROM ledger_holds h WHERE h.id = p_hold;
  IF v_hold.id IS NULL THEN
    RAISE EXCEPTION 'unknown hold %', p_hold USING ERRCODE = 'BL005';
  END IF;
  -- Lock the hold's account and the counter accounts together, in id order, like every other movement.
  IF p_outcome = 'posted' THEN
    SELECT array_agg(ledger_account_id((c ->> 'user')::bigint, c ->> 'wallet', c ->> 'system', c ->> 'currency',
                                       coalesce((c ->> 'shard')::integer, 0)))
    INTO v_counters
    FROM jsonb_array_elements(CASE WHEN v_is_split THEN p_counter ELSE jsonb_build_array(p_counter) END) AS c;
  END IF;
  PERFORM 1 FROM ledger_accounts WHERE id = v_hold.account_id OR id = ANY (coalesce(v_counters, '{}')) ORDER BY id FOR UPDATE;
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
                           'currency', v_account.currency, 'amount', (-v_hold.amount)::text)
      ) || CASE WHEN v_is_split THEN p_counter ELSE jsonb_build_array(p_counter || jsonb_build_object('amount', v_hold.amount::text)) END
    ) AS p;
  END IF;
  -- The resolution row is immutable once complete; its journal is attached in the same transaction.
  PERFORM set_config('ledger.attaching_journal', 'on', true);
  UPDATE ledger_hold_resolutions SET journal_id = v_journal WHERE hold_id = p_hold;
  PERFORM set_config('ledger.attaching_journal', 'off', true);
  RETURN QUERY SELECT v_journal, false;
END $$;
--> statement-breakpoint

-- As in 0014, except that the hold is posted in one journal to the house (margin) and the fee account
-- (fee): p_fill's "counters" (the legs, with amounts adding up to the hold) replace "counter" and "fee_movement".
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
--> statement-breakpoint

-- Fills open orders in progress whose rows the caller's transaction has locked (FOR UPDATE), in the
-- order given. p_fills: [{"order_id", "fill": trading_fill_open_order's p_fill}, ...]. Each fill runs in
-- its own exception block (a subtransaction): a fill the wallet cannot pay (the settlement of a cost
-- above the hold, refused by the ledger as insufficient funds) rolls back alone, and the order is
-- cancelled with its hold voided, as a fill alone did; the other fills go on. An order no longer in
-- progress is answered 'gone' and left alone. Answers, in the same order:
-- [{"order_id", "outcome": "filled", "order", "position"} | {"order_id", "outcome": "cancelled", "order"} | {"order_id", "outcome": "gone"}].
CREATE FUNCTION trading_fill_open_orders(p_fills jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_item jsonb;
  v_order trading_orders;
  v_result jsonb;
  v_results jsonb := '[]'::jsonb;
BEGIN
  -- Every existing account the fills move (the wallets holding the orders' money, the house and fee
  -- shards) is locked up front in id order, the order every single movement locks in (ledger_post_batch
  -- does the same): batches of two processes, and single movements, wait for each other, never deadlock.
  PERFORM 1 FROM ledger_accounts a
  WHERE a.id IN (
    SELECT h.account_id
    FROM jsonb_array_elements(p_fills) AS f(item)
    JOIN trading_orders o ON o.id = (f.item ->> 'order_id')::bigint
    JOIN ledger_holds h ON h.id = o.hold_id
    UNION ALL
    SELECT x.id
    FROM (
      SELECT l.leg FROM jsonb_array_elements(p_fills) AS f(item), jsonb_array_elements(f.item #> '{fill,counters}') AS l(leg)
      UNION ALL
      SELECT l.leg FROM jsonb_array_elements(p_fills) AS f(item),
        jsonb_array_elements(CASE WHEN jsonb_typeof(f.item #> '{fill,settle_movement}') = 'object' THEN f.item #> '{fill,settle_movement,legs}'
                                  ELSE '[]'::jsonb END) AS l(leg)
    ) AS legs
    JOIN ledger_accounts x ON x.owner_kind = 'system' AND x.system_code = legs.leg ->> 'system' AND x.currency = legs.leg ->> 'currency'
      AND x.shard = coalesce((legs.leg ->> 'shard')::integer, 0)
  )
  ORDER BY a.id FOR UPDATE;

  FOR v_item IN SELECT f.item FROM jsonb_array_elements(p_fills) AS f(item) LOOP
    SELECT * INTO v_order FROM trading_orders WHERE id = (v_item ->> 'order_id')::bigint;
    IF v_order.id IS NULL OR v_order.status NOT IN (0, 3) OR v_order.hold_id IS NULL THEN
      v_results := v_results || jsonb_build_array(jsonb_build_object('order_id', v_item ->> 'order_id', 'outcome', 'gone'));
      CONTINUE;
    END IF;
    BEGIN
      v_result := trading_fill_open_order(v_order, v_item -> 'fill');
    EXCEPTION WHEN SQLSTATE 'BL001' OR SQLSTATE '23514' THEN
      -- The fill rolled back alone; its order is cancelled and its hold released (the key a fill alone used).
      PERFORM ledger_resolve_hold(v_order.hold_id, 'voided', 'order:' || v_order.id || ':void', 'trade_margin', NULL, NULL);
      UPDATE trading_orders
      SET status = 2, cancel_reason = 'insufficient_funds', cancelled_at = (v_item #>> '{fill,at}')::timestamptz
      WHERE id = v_order.id AND status IN (0, 3)
      RETURNING * INTO v_order;
      v_result := jsonb_build_object('outcome', 'cancelled', 'order', trading_row_json(to_jsonb(v_order)));
    END;
    v_results := v_results || jsonb_build_array(v_result || jsonb_build_object('order_id', v_order.id::text));
  END LOOP;
  RETURN v_results;
END $$;

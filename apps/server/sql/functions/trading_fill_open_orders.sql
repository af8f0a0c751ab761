-- Fills open orders in progress whose rows the caller's transaction has locked (FOR UPDATE), in the
-- order given (ADR 0008). p_fills: [{"order_id", "fill": trading_fill_open_order's p_fill}, ...]. Each fill runs in
-- its own exception block (a subtransaction): a fill the wallet cannot pay (the settlement of a cost
-- above the hold, refused by the ledger as insufficient funds) rolls back alone, and the order is
-- cancelled with its hold voided; the other fills go on. An order no longer in progress is answered
-- 'gone' and left alone. Answers, in the same order:
-- [{"order_id", "outcome": "filled", "order", "position"} | {"order_id", "outcome": "cancelled", "order"} | {"order_id", "outcome": "gone"}].
CREATE OR REPLACE FUNCTION trading_fill_open_orders(p_fills jsonb) RETURNS jsonb
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

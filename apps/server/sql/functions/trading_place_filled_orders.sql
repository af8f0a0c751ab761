-- Orders that fill as they are accepted, of any users, placed set-based in one statement and one
-- transaction (ADR 0011). Each order is written exactly as trading_place_order writes it alone. All or
-- nothing: an idempotency key used before (TR007), a trading freeze (TF001) or anything the ledger would
-- refuse (BL007) fails the statement with nothing kept, and the caller then places each order alone with
-- trading_place_order. p_items: [{"order": the row's columns by name, "hold": {"amount"}, "fill": {"price",
-- "amount", "fee", "margin", "at", "movement": {"fingerprint", "legs"}}}, ...]; answers each item's order
-- and position ids, by its index.
CREATE OR REPLACE FUNCTION trading_place_filled_orders(p_items jsonb) RETURNS TABLE (ordinal integer, order_id bigint, position_id bigint)
-- As ledger_post_set: the planner's estimate of a JSON array would start the JIT compiler.
LANGUAGE plpgsql SET jit = off AS $$
#variable_conflict use_column
DECLARE
  v_count integer := coalesce(jsonb_array_length(p_items), 0);
  v_orders trading_orders[];
BEGIN
  IF v_count = 0 THEN
    RETURN;
  END IF;
  -- The rows, already filled, each with its position's id taken from the sequence first.
  WITH input AS (
    SELECT i.position AS ordinal, i.item, r.*
    FROM jsonb_array_elements(p_items) WITH ORDINALITY AS i(item, position)
    CROSS JOIN LATERAL jsonb_populate_record(NULL::trading_orders, i.item -> 'order') AS r
  ), inserted AS (
    INSERT INTO trading_orders AS o (user_id, idempotency_key, code, source, wallet_type, direction, order_type, open_close, status,
                                     quantity, limit_price, stop_price, leverage, time_in_force, take_profit, stop_loss, expires_at,
                                     created_at, held_amount, position_id, fill_price, amount, fee, margin, filled_at)
    SELECT input.user_id, input.idempotency_key, input.code, input.source, input.wallet_type, input.direction, input.order_type,
           input.open_close, 1, input.quantity, input.limit_price, input.stop_price, input.leverage, input.time_in_force,
           input.take_profit, input.stop_loss, input.expires_at, coalesce(input.created_at, now()),
           (input.item #>> '{hold,amount}')::numeric, nextval(pg_get_serial_sequence('trading_positions', 'id')),
           (input.item #>> '{fill,price}')::numeric, (input.item #>> '{fill,amount}')::numeric, (input.item #>> '{fill,fee}')::numeric,
           (input.item #>> '{fill,margin}')::numeric, (input.item #>> '{fill,at}')::timestamptz
    FROM input
    ORDER BY input.ordinal
    ON CONFLICT (user_id, idempotency_key) DO NOTHING
    RETURNING o AS placed
  )
  SELECT array_agg(inserted.placed ORDER BY input.ordinal) INTO v_orders
  FROM inserted
  JOIN input ON input.user_id = (inserted.placed).user_id AND input.idempotency_key = (inserted.placed).idempotency_key;
  IF coalesce(array_length(v_orders, 1), 0) <> v_count THEN
    RAISE EXCEPTION 'an order of the group was placed before' USING ERRCODE = 'TR007';
  END IF;
  -- Every order's cost in one journal of its own, posted set-based; a refusal raises BL007 before any write survives.
  PERFORM count(*) FROM ledger_post_set((
    SELECT jsonb_agg(jsonb_build_object('key', 'order:' || (v_orders[i]).id || ':fill', 'reason', 'trade_margin',
                                        'memo', 'order ' || (v_orders[i]).id || ' ' || (v_orders[i]).code,
                                        'fingerprint', p_items #>> ARRAY[(i - 1)::text, 'fill', 'movement', 'fingerprint'],
                                        'legs', p_items #> ARRAY[(i - 1)::text, 'fill', 'movement', 'legs']) ORDER BY i)
    FROM generate_subscripts(v_orders, 1) AS i
  ));
  INSERT INTO trading_positions (id, user_id, order_id, code, source, wallet_type, direction, opened_quantity, quantity, open_price,
                                 leverage, margin, fees, take_profit, stop_loss, created_at)
  SELECT (v_orders[i]).position_id, (v_orders[i]).user_id, (v_orders[i]).id, (v_orders[i]).code, (v_orders[i]).source,
         (v_orders[i]).wallet_type, (v_orders[i]).direction, (v_orders[i]).quantity, (v_orders[i]).quantity, (v_orders[i]).fill_price,
         (v_orders[i]).leverage, (v_orders[i]).margin, (v_orders[i]).fee, (v_orders[i]).take_profit, (v_orders[i]).stop_loss,
         (v_orders[i]).filled_at
  FROM generate_subscripts(v_orders, 1) AS i;
  INSERT INTO trading_fills (order_id, position_id, user_id, quantity, price, fee, margin, created_at)
  SELECT (v_orders[i]).id, (v_orders[i]).position_id, (v_orders[i]).user_id, (v_orders[i]).quantity, (v_orders[i]).fill_price,
         (v_orders[i]).fee, (v_orders[i]).margin, (v_orders[i]).filled_at
  FROM generate_subscripts(v_orders, 1) AS i;
  RETURN QUERY SELECT i - 1, (v_orders[i]).id, (v_orders[i]).position_id FROM generate_subscripts(v_orders, 1) AS i ORDER BY i;
END $$;

-- A trading freeze refuses new opening orders (trading_orders_refuse_frozen, TF001), checked once per
-- statement over the rows it inserted (ADR 0012).
CREATE OR REPLACE TRIGGER trading_orders_frozen AFTER INSERT ON trading_orders REFERENCING NEW TABLE AS inserted_orders
  FOR EACH STATEMENT EXECUTE FUNCTION trading_orders_refuse_frozen();

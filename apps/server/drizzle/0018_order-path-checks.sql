-- hand-written: two checks of every order's insert that cost more than they protect, made once per
-- statement or by construction (ADR 0012). Measured on the 2-core reference machine (bench/README.md):
-- a group of 8 orders ran 8 freeze checks and 48 foreign-key checks, each its own query.
--
-- 1. A trading freeze is checked once per statement that inserts orders, over the rows it inserted (a
-- transition table), instead of once per row: the same refusal (TF001) aborts the same statement with
-- nothing kept. Only the rows actually inserted are checked: a retry of an order placed before the freeze
-- answers that order (ON CONFLICT DO NOTHING inserts nothing), as the service answers a retry.
DROP TRIGGER trading_orders_frozen ON trading_orders;
--> statement-breakpoint
DROP FUNCTION trading_orders_refuse_frozen();
--> statement-breakpoint
CREATE FUNCTION trading_orders_refuse_frozen() RETURNS trigger
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
--> statement-breakpoint
CREATE TRIGGER trading_orders_frozen AFTER INSERT ON trading_orders REFERENCING NEW TABLE AS inserted_orders
  FOR EACH STATEMENT EXECUTE FUNCTION trading_orders_refuse_frozen();
--> statement-breakpoint
-- 2. A ledger entry's journal and account exist by construction: the ledger's functions are the only
-- writers of entries, and each writes an entry for the journal it has just inserted and an account it has
-- just locked. The foreign keys checked that again with two queries per entry (and a row lock on the
-- journal). What they also guaranteed, that a journal or account with entries is never removed, the
-- triggers below keep for every journal and account, and reconciliation reports any entry whose journal
-- or account is missing as an unbalanced journal.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_journal_id_ledger_journals_id_fk;
--> statement-breakpoint
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_account_id_ledger_accounts_id_fk;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_permanent BEFORE DELETE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_truncate_refused BEFORE TRUNCATE ON ledger_accounts FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_journals_truncate_refused BEFORE TRUNCATE ON ledger_journals FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

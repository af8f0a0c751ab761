-- The ledger's rows are immutable (BL006): correct with a new journal. The trigger function of every
-- ledger table (sql/triggers); the one change allowed is ledger_resolve_hold attaching its journal.
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- The one allowed change: attaching the journal to a hold resolution inside ledger_resolve_hold.
  IF TG_TABLE_NAME = 'ledger_hold_resolutions' AND TG_OP = 'UPDATE' AND current_setting('ledger.attaching_journal', true) = 'on' THEN
    IF OLD.journal_id IS NULL AND NEW.hold_id = OLD.hold_id AND NEW.outcome = OLD.outcome AND NEW.idempotency_key = OLD.idempotency_key THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'ledger rows are immutable (% on %): correct with a new journal', TG_OP, TG_TABLE_NAME USING ERRCODE = 'BL006';
END $$;

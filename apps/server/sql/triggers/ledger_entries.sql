-- Entries are immutable and never truncated (ledger_refuse_change, BL006).
CREATE OR REPLACE TRIGGER ledger_entries_immutable BEFORE UPDATE OR DELETE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER ledger_truncate_refused BEFORE TRUNCATE ON ledger_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

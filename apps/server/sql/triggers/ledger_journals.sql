-- Journals are immutable and never truncated (ledger_refuse_change, BL006): correct with a new journal.
CREATE OR REPLACE TRIGGER ledger_journals_immutable BEFORE UPDATE OR DELETE ON ledger_journals FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER ledger_journals_truncate_refused BEFORE TRUNCATE ON ledger_journals FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

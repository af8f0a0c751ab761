-- An account is never removed (ledger_refuse_change, BL006): entries keep pointing at it without a
-- foreign key (ADR 0012). Its balances change only through the ledger's functions.
CREATE OR REPLACE TRIGGER ledger_accounts_permanent BEFORE DELETE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER ledger_accounts_truncate_refused BEFORE TRUNCATE ON ledger_accounts FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

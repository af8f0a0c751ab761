-- Holds are immutable (ledger_refuse_change, BL006): a hold ends by its resolution row.
CREATE OR REPLACE TRIGGER ledger_holds_immutable BEFORE UPDATE OR DELETE ON ledger_holds FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();

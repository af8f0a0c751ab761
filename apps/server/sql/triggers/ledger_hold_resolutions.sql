-- Hold resolutions are immutable (ledger_refuse_change, BL006), except ledger_resolve_hold attaching its journal.
CREATE OR REPLACE TRIGGER ledger_hold_resolutions_immutable BEFORE UPDATE OR DELETE ON ledger_hold_resolutions FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();

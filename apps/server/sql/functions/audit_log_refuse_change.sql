-- The audit log is append-only: nobody edits or deletes what an operator did (AU001).
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only (% refused)', TG_OP USING ERRCODE = 'AU001';
END $$;

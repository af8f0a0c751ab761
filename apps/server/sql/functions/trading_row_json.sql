-- A row as JSON with every number as a string, so money and quantities reach the server's code exactly
-- (a JSON number would become a JavaScript double).
CREATE OR REPLACE FUNCTION trading_row_json(p_row jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(key, CASE WHEN jsonb_typeof(value) = 'number' THEN to_jsonb(value #>> '{}') ELSE value END), '{}'::jsonb)
  FROM jsonb_each(p_row)
$$;

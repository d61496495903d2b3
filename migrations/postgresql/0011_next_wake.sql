-- PostgreSQL's version of ../0011_next_wake.sql: when the turn clock must next look at
-- each running clock (its half-time until reminded, then its end), in seconds since
-- 1970-01-01 UTC, indexed; the clocks already running get theirs from their own times,
-- a millisecond late rather than early, as on SQLite.

ALTER TABLE deadlines ADD COLUMN wake_at DOUBLE PRECISION;

UPDATE deadlines SET wake_at = CASE
    WHEN reminded = 1 THEN EXTRACT(EPOCH FROM due_at::timestamptz)::double precision
    ELSE (EXTRACT(EPOCH FROM started_at::timestamptz)::double precision
          + EXTRACT(EPOCH FROM due_at::timestamptz)::double precision) / 2
    END + 0.001;

ALTER TABLE deadlines ALTER COLUMN wake_at SET NOT NULL;

DROP INDEX deadlines_by_due;
CREATE INDEX deadlines_by_wake ON deadlines (wake_at);

DROP VIEW clock_changes;  -- and its trigger

CREATE VIEW clock_changes AS
    SELECT NULL::BIGINT AS table_id, NULL::TEXT AS keep_seats, NULL::TEXT AS start_seats,
           NULL::TEXT AS started_at, NULL::TEXT AS due_at, NULL::DOUBLE PRECISION AS wake_at
    WHERE FALSE;

CREATE OR REPLACE FUNCTION clock_changes_apply() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    DELETE FROM deadlines
    WHERE table_id = NEW.table_id
      AND seat NOT IN (SELECT value::INTEGER FROM json_array_elements_text(NEW.keep_seats::json));
    INSERT INTO deadlines (table_id, seat, started_at, due_at, wake_at)
    SELECT NEW.table_id, value::INTEGER, NEW.started_at, NEW.due_at, NEW.wake_at
    FROM json_array_elements_text(NEW.start_seats::json);
    RETURN NEW;
END
$$;

CREATE TRIGGER clock_changes_apply INSTEAD OF INSERT ON clock_changes
FOR EACH ROW EXECUTE FUNCTION clock_changes_apply();

-- PostgreSQL's version of ../0005_clocks_in_one_statement.sql: an insert into this
-- view keeps, starts and stops a table's clocks in one statement.
CREATE VIEW clock_changes AS
    SELECT NULL::BIGINT AS table_id, NULL::TEXT AS keep_seats, NULL::TEXT AS start_seats,
           NULL::TEXT AS started_at, NULL::TEXT AS due_at
    WHERE FALSE;

CREATE FUNCTION clock_changes_apply() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    DELETE FROM deadlines
    WHERE table_id = NEW.table_id
      AND seat NOT IN (SELECT value::INTEGER FROM json_array_elements_text(NEW.keep_seats::json));
    INSERT INTO deadlines (table_id, seat, started_at, due_at)
    SELECT NEW.table_id, value::INTEGER, NEW.started_at, NEW.due_at
    FROM json_array_elements_text(NEW.start_seats::json);
    RETURN NEW;
END
$$;

CREATE TRIGGER clock_changes_apply INSTEAD OF INSERT ON clock_changes
FOR EACH ROW EXECUTE FUNCTION clock_changes_apply();

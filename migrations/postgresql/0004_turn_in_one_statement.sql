-- PostgreSQL's version of ../0004_turn_in_one_statement.sql: the move's UPDATE carries
-- its turn, and this trigger copies the turn into the event log, in the statement's
-- own transaction.
ALTER TABLE tables ADD COLUMN turn_seat INTEGER;
ALTER TABLE tables ADD COLUMN turn_action_json TEXT;
ALTER TABLE tables ADD COLUMN turn_public_lines TEXT;

CREATE FUNCTION tables_log_turn() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    INSERT INTO events (table_id, version, seat, action_json, public_lines, acted_at)
    VALUES (
        NEW.id, NEW.version, NEW.turn_seat, NEW.turn_action_json, NEW.turn_public_lines,
        NEW.updated_at
    );
    RETURN NULL;
END
$$;

CREATE TRIGGER tables_log_turn AFTER UPDATE OF version ON tables
FOR EACH ROW
WHEN (NEW.version = OLD.version + 1 AND NEW.turn_action_json IS NOT NULL)
EXECUTE FUNCTION tables_log_turn();

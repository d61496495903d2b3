-- A move is saved by one statement: the UPDATE of its table row also carries the turn
-- (seat, action, public lines), and this trigger copies that turn into the event log.
-- SQLite runs a lone statement, with everything its triggers do, as one transaction,
-- so a new state and its event still commit together or not at all. It is one trip
-- to the database thread where BEGIN, UPDATE, INSERT, COMMIT were four, and under load
-- the trips, not the queries, are what a move costs.
--
-- The turn columns hold the latest turn only; the event log keeps every turn.
ALTER TABLE tables ADD COLUMN turn_seat INTEGER;
ALTER TABLE tables ADD COLUMN turn_action_json TEXT;
ALTER TABLE tables ADD COLUMN turn_public_lines TEXT;

-- A turn is an UPDATE that moves the version on by exactly one with a turn attached
-- (starting a game sets the version to 0 and attaches none).
CREATE TRIGGER tables_log_turn AFTER UPDATE OF version ON tables
WHEN NEW.version = OLD.version + 1 AND NEW.turn_action_json IS NOT NULL
BEGIN
    INSERT INTO events (table_id, version, seat, action_json, public_lines, acted_at)
    VALUES (
        NEW.id, NEW.version, NEW.turn_seat, NEW.turn_action_json, NEW.turn_public_lines,
        NEW.updated_at
    );
END;

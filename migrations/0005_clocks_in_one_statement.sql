-- A move at a clocked table keeps, starts and stops its seats' clocks. That was a
-- transaction of two statements (delete the stopped clocks, insert the fresh ones):
-- four trips to the database thread, with the file's write lock held across the
-- event loop's other work in between, which a second process (a shard sharing the
-- file) had to wait out. An insert into this view does both in one statement: SQLite
-- makes a lone statement and its triggers atomic.
--
-- keep_seats and start_seats are JSON arrays of seat numbers: the clocks to leave
-- running, and the clocks to start afresh (due_at, not reminded). Every other clock
-- of the table stops. The two lists never share a seat.
CREATE VIEW clock_changes (table_id, keep_seats, start_seats, started_at, due_at) AS
    SELECT NULL, NULL, NULL, NULL, NULL WHERE 0;

CREATE TRIGGER clock_changes_apply INSTEAD OF INSERT ON clock_changes
BEGIN
    DELETE FROM deadlines
    WHERE table_id = NEW.table_id
      AND seat NOT IN (SELECT value FROM json_each(NEW.keep_seats));
    INSERT INTO deadlines (table_id, seat, started_at, due_at)
    SELECT NEW.table_id, value, NEW.started_at, NEW.due_at FROM json_each(NEW.start_seats);
END;

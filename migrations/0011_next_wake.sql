-- When the turn clock must next look at each running clock (issue 24): its half-time
-- while the seat is not yet reminded, else the moment it runs out. Stored and indexed,
-- so the clock's look round and its restart after a start-up read only the clocks due,
-- through the index, instead of working out every clock's half-time in a scan.
--
-- wake_at is seconds since 1970-01-01 UTC (a number, so it compares as one whatever
-- the text of the times). The code writes it with every clock; here the clocks already
-- running get theirs from their own times, a millisecond late rather than early
-- (julianday() keeps milliseconds), so the clock finds each one due when it wakes.
--
-- SQLite adds a NOT NULL column without a default only by building the table again;
-- the view that changes a table's clocks (0005) is made again to write wake_at too.

DROP VIEW clock_changes;

CREATE TABLE deadlines_next_wake (
    table_id   INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    started_at TEXT    NOT NULL,
    due_at     TEXT    NOT NULL,
    reminded   INTEGER NOT NULL DEFAULT 0 CHECK (reminded IN (0, 1)),
    wake_at    REAL    NOT NULL,
    PRIMARY KEY (table_id, seat)
);

INSERT INTO deadlines_next_wake (table_id, seat, started_at, due_at, reminded, wake_at)
SELECT table_id, seat, started_at, due_at, reminded,
       (CASE WHEN reminded = 1 THEN julianday(due_at)
             ELSE (julianday(started_at) + julianday(due_at)) / 2 END
        - 2440587.5) * 86400.0 + 0.001
FROM deadlines;

DROP TABLE deadlines;
ALTER TABLE deadlines_next_wake RENAME TO deadlines;

-- Nothing looks clocks up by due_at alone any more (0003's deadlines_by_due went with
-- the old table); the look round goes by wake_at.
CREATE INDEX deadlines_by_wake ON deadlines (wake_at);

CREATE VIEW clock_changes (table_id, keep_seats, start_seats, started_at, due_at, wake_at) AS
    SELECT NULL, NULL, NULL, NULL, NULL, NULL WHERE 0;

CREATE TRIGGER clock_changes_apply INSTEAD OF INSERT ON clock_changes
BEGIN
    DELETE FROM deadlines
    WHERE table_id = NEW.table_id
      AND seat NOT IN (SELECT value FROM json_each(NEW.keep_seats));
    INSERT INTO deadlines (table_id, seat, started_at, due_at, wake_at)
    SELECT NEW.table_id, value, NEW.started_at, NEW.due_at, NEW.wake_at
    FROM json_each(NEW.start_seats);
END;

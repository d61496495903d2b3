-- The turn clock (AW1): each table's clock, who is away, and the deadlines that
-- are running, stored so they survive a restart.

-- Seconds a seat has to act at this table; 0 means no clock. Copied from the
-- server's setting when the lobby opens; the host may change it before the start.
ALTER TABLE tables ADD COLUMN turn_seconds INTEGER NOT NULL DEFAULT 0 CHECK (turn_seconds >= 0);

-- A seat whose clock ran out is away until its player acts again; after three
-- timeouts in a row a computer player takes the seat over (seats.taken_over).
ALTER TABLE seats ADD COLUMN away_streak INTEGER NOT NULL DEFAULT 0 CHECK (away_streak >= 0);

CREATE TABLE deadlines (
    table_id   INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    started_at TEXT    NOT NULL,
    due_at     TEXT    NOT NULL,
    reminded   INTEGER NOT NULL DEFAULT 0 CHECK (reminded IN (0, 1)),
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX deadlines_by_due ON deadlines (due_at);

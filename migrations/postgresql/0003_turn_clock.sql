-- PostgreSQL's version of ../0003_turn_clock.sql, and SQLite's julianday() for the
-- clock queries (bot/storage/deadlines.py), so they are written once for both.

ALTER TABLE tables ADD COLUMN turn_seconds INTEGER NOT NULL DEFAULT 0 CHECK (turn_seconds >= 0);
ALTER TABLE seats ADD COLUMN away_streak INTEGER NOT NULL DEFAULT 0 CHECK (away_streak >= 0);

CREATE TABLE deadlines (
    table_id   BIGINT  NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    started_at TEXT    NOT NULL,
    due_at     TEXT    NOT NULL,
    reminded   INTEGER NOT NULL DEFAULT 0 CHECK (reminded IN (0, 1)),
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX deadlines_by_due ON deadlines (due_at);

-- The Julian day of an ISO 8601 time with its offset, as SQLite's julianday() gives it.
CREATE FUNCTION julianday(moment TEXT) RETURNS DOUBLE PRECISION
LANGUAGE sql STABLE STRICT
AS $$ SELECT EXTRACT(EPOCH FROM moment::timestamptz)::double precision / 86400.0 + 2440587.5 $$;

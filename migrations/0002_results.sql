-- Finished games' results, the per-server ratings, and leaderboard resets.

CREATE TABLE results (
    table_id        INTEGER PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    guild_id        INTEGER NOT NULL,
    game_key        TEXT    NOT NULL,
    rated           INTEGER NOT NULL CHECK (rated IN (0, 1)),
    unrated_reason  TEXT,              -- why not, in words, when rated = 0
    ended_early     INTEGER NOT NULL CHECK (ended_early IN (0, 1)),
    options_json    TEXT    NOT NULL,
    started_at      TEXT    NOT NULL,
    finished_at     TEXT    NOT NULL,
    duration_s      INTEGER NOT NULL,
    CHECK (rated = 0 OR unrated_reason IS NULL)
);
CREATE INDEX results_by_guild ON results (guild_id, finished_at DESC);

CREATE TABLE result_seats (
    table_id       INTEGER NOT NULL REFERENCES results (table_id) ON DELETE CASCADE,
    seat           INTEGER NOT NULL,
    user_id        INTEGER,            -- NULL for a computer player
    name           TEXT    NOT NULL,
    computer       TEXT,
    place          INTEGER,            -- NULL when the game was ended early
    score          INTEGER,
    taken_over     INTEGER NOT NULL DEFAULT 0 CHECK (taken_over IN (0, 1)),
    rating_before  REAL,               -- the displayed rating, when rated
    rating_after   REAL,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX result_seats_by_user ON result_seats (user_id);

-- One row per player per game per server: the current board.
CREATE TABLE ratings (
    guild_id    INTEGER NOT NULL,
    game_key    TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    name        TEXT    NOT NULL,      -- the name shown when the player was last rated
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (guild_id, game_key, user_id)
);

-- Who reset which board, and when.
CREATE TABLE board_resets (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    game_key   TEXT,                   -- NULL: every game's board
    reset_by   INTEGER NOT NULL,
    reset_at   TEXT    NOT NULL
);

-- AW1: a seat taken over by a computer player for the rest of the game.
ALTER TABLE seats ADD COLUMN taken_over INTEGER NOT NULL DEFAULT 0 CHECK (taken_over IN (0, 1));

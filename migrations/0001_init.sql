-- Tables (lobbies and games), their seats, the event log, and per-server settings.

CREATE TABLE tables (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    game_key         TEXT    NOT NULL,
    status           TEXT    NOT NULL
                     CHECK (status IN ('lobby', 'active', 'finished', 'ended', 'cancelled')),
    host_id          INTEGER NOT NULL,
    options_json     TEXT    NOT NULL DEFAULT '{}',
    seed             INTEGER,
    state_json       TEXT,
    version          INTEGER NOT NULL DEFAULT 0,
    message_id       INTEGER,          -- the lobby message, then the public table message
    ping_message_id  INTEGER,          -- the latest "your turn" message, deleted when replaced
    outcome_json     TEXT,
    created_at       TEXT    NOT NULL,
    started_at       TEXT,
    updated_at       TEXT    NOT NULL,
    finished_at      TEXT
);

-- One lobby or running game per channel at a time.
CREATE UNIQUE INDEX tables_one_open_per_channel
    ON tables (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX tables_by_guild ON tables (guild_id, status);

CREATE TABLE seats (
    table_id   INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    user_id    INTEGER,                -- NULL for a computer player
    name       TEXT    NOT NULL,
    computer   TEXT,                   -- the computer player's level, NULL for a person
    joined_at  TEXT    NOT NULL,
    PRIMARY KEY (table_id, seat),
    CHECK ((user_id IS NULL) = (computer IS NOT NULL))
);

CREATE UNIQUE INDEX seats_one_per_user ON seats (table_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX seats_by_user ON seats (user_id);

-- The event log: every applied action, with what the table was told. The seed
-- plus the actions replays a game exactly.
CREATE TABLE events (
    table_id     INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    version      INTEGER NOT NULL,     -- the table's version after this action
    seat         INTEGER NOT NULL,
    action_json  TEXT    NOT NULL,
    public_lines TEXT    NOT NULL,     -- JSON list of the public events, narrated
    acted_at     TEXT    NOT NULL,
    PRIMARY KEY (table_id, version)
);

CREATE TABLE guild_settings (
    guild_id       INTEGER PRIMARY KEY,
    settings_json  TEXT    NOT NULL,
    updated_at     TEXT    NOT NULL
);

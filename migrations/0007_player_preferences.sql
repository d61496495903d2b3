-- What each member chose for themself (bot.preferences.PlayerPreferences): how they are
-- told it is their turn, text-only panels, and the like. One row per member and scope:
-- guild_id 0 holds the member's choice everywhere, a server's id their choice there,
-- which wins over the everywhere row. Stored as JSON so a new preference needs no
-- migration: fields added later take their default for rows saved before them.
CREATE TABLE player_preferences (
    user_id          INTEGER NOT NULL,
    guild_id         INTEGER NOT NULL DEFAULT 0,
    preferences_json TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL,
    PRIMARY KEY (user_id, guild_id)
);

-- PostgreSQL's version of ../0007_player_preferences.sql (BIGINT ids).
CREATE TABLE player_preferences (
    user_id          BIGINT  NOT NULL,
    guild_id         BIGINT  NOT NULL DEFAULT 0,
    preferences_json TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL,
    PRIMARY KEY (user_id, guild_id)
);

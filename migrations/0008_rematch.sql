-- Play again (issue 23): a lobby opened from a finished game's result message.
-- rematch_of names the game it replays; the unique index lets each finished game have one
-- rematch only, however many presses race for it. reserved_json lists the finished game's
-- people (JSON [[user_id, name], ...]) whose seats the lobby keeps for them until they
-- press Join or the game starts.
ALTER TABLE tables ADD COLUMN rematch_of INTEGER REFERENCES tables (id);
ALTER TABLE tables ADD COLUMN reserved_json TEXT NOT NULL DEFAULT '[]';
CREATE UNIQUE INDEX tables_one_rematch ON tables (rematch_of) WHERE rematch_of IS NOT NULL;

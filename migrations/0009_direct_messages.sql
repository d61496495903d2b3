-- Members the bot could not send a direct message to (Discord 50007: their DMs are
-- closed to it). Kept so the bot stops trying for a while, and tells the member once,
-- the next time they act, even across a restart. A delivered message removes the row.
CREATE TABLE direct_messages_undelivered (
    user_id         INTEGER PRIMARY KEY,
    undelivered_at  TEXT    NOT NULL,  -- the latest refused message
    told_at         TEXT               -- when the member was told; NULL until then
);

-- Practice tables (issue 23): a member alone with computer players in a private thread,
-- unrated. A practice game records no result, so it never counts in stats or boards.
ALTER TABLE tables ADD COLUMN practice INTEGER NOT NULL DEFAULT 0;

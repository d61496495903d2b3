-- What start-up and the turn clock's look round ask of the tables (issue 24), read
-- through indexes instead of a scan of every table ever played: finished games are
-- kept for good, so such a scan grows with the bot's whole history.
--
-- tables_by_status_update: the tables of one status, least recently touched first. The
-- idle sweep finds the lobbies and games untouched since a moment as a range of it
-- (TableRepository.idle_since), and the next one to close as its first entry
-- (oldest_update); the clocks that may have missed a move (DeadlineRepository.
-- unsettled) and the games with a seat the bot plays (with_bot_seats) start from the
-- running games in it, never reading a finished one.
--
-- seats_played_by_bot: only the seats a computer player plays or took over, so finding
-- whether a running game has one is a look-up that finds nothing for most games, with
-- no seat row read.
--
-- The price: every move touches its table, so it rewrites the table's entry in
-- tables_by_status_update (and on PostgreSQL the row's new version can no longer be a
-- heap-only one, as an indexed column changed). Worth it: the sweep runs at every look
-- round, and without the index each one read every game ever played.
--
-- The same SQL serves PostgreSQL (no file of its own in postgresql/).

CREATE INDEX tables_by_status_update ON tables (status, updated_at);

CREATE INDEX seats_played_by_bot ON seats (table_id)
    WHERE computer IS NOT NULL OR taken_over = 1;

-- A win on the board now needs first place played to the end by the seat's own player
-- (bot.results.SeatResult.won): a seat the computer took over (AW1) no longer gets one
-- when the computer brought it home first. Take back the wins counted the old way on
-- each current board, that is, from rated results since the board's last reset. Only
-- those wins are subtracted, so every other count stays exactly as it was kept.
UPDATE ratings
SET wins = MAX(0, wins - (
    SELECT COUNT(*)
    FROM result_seats s
    JOIN results r ON r.table_id = s.table_id
    WHERE r.guild_id = ratings.guild_id
      AND r.game_key = ratings.game_key
      AND r.rated = 1
      AND s.user_id = ratings.user_id
      AND s.place = 1
      AND s.taken_over = 1
      AND julianday(r.finished_at) > COALESCE((
          SELECT MAX(julianday(b.reset_at))
          FROM board_resets b
          WHERE b.guild_id = ratings.guild_id
            AND (b.game_key IS NULL OR b.game_key = ratings.game_key)
      ), 0)
));

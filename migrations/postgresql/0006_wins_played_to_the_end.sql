-- PostgreSQL's version of ../0006_wins_played_to_the_end.sql (GREATEST for SQLite's
-- two-argument MAX; julianday() comes from 0003).
UPDATE ratings
SET wins = GREATEST(0, wins - (
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

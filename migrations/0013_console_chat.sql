-- The console played as chat 0 and user 0 until it moved to a private chat of its own, 1 (0 is the bot's own player
-- in versus games, and the chat of the all-chats rows of the standings). Its games stayed stored under 0, where
-- /stats and /top no longer looked: they are carried over to chat 1 and user 1.
--
-- Only what the console stored moves: the games of chat 0 (no Telegram chat has id 0), their moves and results, its
-- daily plays, its settings and its player's row (where chat 1 and user 1 have none yet). Versus games' bot player
-- (match_players, match_moves: user 0) is not a game of chat 0 and stays; the standings' all-chats rows (chat 0) stay
-- all-chats rows: the console player's standings are rebuilt from the results, as user 1 (chat 0 had counted each
-- of its clean wins twice: once for the chat, once for all chats).

-- A game still under way in chat 0 stays there when chat 1 has one of its own (one game under way a chat).
UPDATE games SET chat_id = 1, user_id = 1
WHERE chat_id = 0
  AND NOT (status = 'active' AND EXISTS (SELECT 1 FROM games AS other WHERE other.chat_id = 1 AND other.status = 'active'));

UPDATE moves SET user_id = 1
WHERE user_id = 0 AND game_id IN (SELECT id FROM games WHERE chat_id = 1);

UPDATE game_results SET user_id = 1, chat_id = 1
WHERE user_id = 0 AND chat_id = 0 AND game_id IN (SELECT id FROM games WHERE chat_id = 1);

-- a day the console played both before and after it moved keeps the later play
UPDATE OR IGNORE daily_plays SET user_id = 1, chat_id = 1
WHERE user_id = 0 AND chat_id = 0;

INSERT OR IGNORE INTO chat_settings
    (chat_id, variant, attempt_limit, coaching, hard, language, updated_at, race_seconds, duel_seconds)
SELECT 1, variant, attempt_limit, coaching, hard, language, updated_at, race_seconds, duel_seconds
FROM chat_settings WHERE chat_id = 0;

INSERT OR IGNORE INTO players (user_id, name, last_seen, language, username)
SELECT 1, name, last_seen, language, username FROM players WHERE user_id = 0;

-- The standings of users 0 and 1, rebuilt from their results (the boards they are on recounted after).
CREATE TEMP TABLE console_boards (board TEXT NOT NULL, chat_id INTEGER NOT NULL, variant TEXT NOT NULL);
INSERT INTO console_boards SELECT '', chat_id, variant FROM standings WHERE user_id IN (0, 1);
INSERT INTO console_boards SELECT period, chat_id, variant FROM period_standings WHERE user_id IN (0, 1);

DELETE FROM standings WHERE user_id IN (0, 1);
DELETE FROM period_standings WHERE user_id IN (0, 1);

INSERT INTO standings (chat_id, variant, user_id, solved, total_guesses, best, best_at)
WITH ranked AS (
    SELECT chat_id, variant, user_id, guesses, finished_at FROM game_results
    WHERE user_id IN (0, 1) AND outcome = 'won' AND hinted = 0 AND mode IN ('referee', 'race', 'duel', 'versus', 'daily')
), scoped AS (
    SELECT * FROM ranked WHERE chat_id <> 0 UNION ALL SELECT 0, variant, user_id, guesses, finished_at FROM ranked
)
SELECT chat_id, variant, user_id, count(*), sum(guesses), min(guesses),
       substr(min(printf('%06d', guesses) || finished_at), 7)
FROM scoped
GROUP BY chat_id, variant, user_id;

INSERT INTO period_standings (period, chat_id, variant, user_id, solved, total_guesses, best, best_at)
WITH ranked AS (
    SELECT chat_id, variant, user_id, guesses, finished_at, substr(finished_at, 1, 10) AS day FROM game_results
    WHERE user_id IN (0, 1) AND outcome = 'won' AND hinted = 0 AND mode IN ('referee', 'race', 'duel', 'versus', 'daily')
), keyed AS (
    SELECT 'd' || day AS period, chat_id, variant, user_id, guesses, finished_at FROM ranked
    UNION ALL SELECT 'w' || coalesce(date(day, '-6 days', 'weekday 1'), day), chat_id, variant, user_id, guesses,
                     finished_at
    FROM ranked
    UNION ALL SELECT 'm' || substr(day, 1, 7), chat_id, variant, user_id, guesses, finished_at FROM ranked
), scoped AS (
    SELECT * FROM keyed WHERE chat_id <> 0 UNION ALL SELECT period, 0, variant, user_id, guesses, finished_at FROM keyed
)
SELECT period, chat_id, variant, user_id, count(*), sum(guesses), min(guesses),
       substr(min(printf('%06d', guesses) || finished_at), 7)
FROM scoped
GROUP BY period, chat_id, variant, user_id;

INSERT INTO console_boards SELECT '', chat_id, variant FROM standings WHERE user_id IN (0, 1);
INSERT INTO console_boards SELECT period, chat_id, variant FROM period_standings WHERE user_id IN (0, 1);

-- How many players stand at each best on the boards the console player was or is on, counted again (the inserts above
-- counted themselves in, the deletes did not count themselves out)
DELETE FROM standing_counts WHERE (board, chat_id, variant) IN (SELECT board, chat_id, variant FROM console_boards);
INSERT INTO standing_counts (board, chat_id, variant, best, players)
SELECT '', chat_id, variant, best, count(*) FROM standings
WHERE (chat_id, variant) IN (SELECT chat_id, variant FROM console_boards WHERE board = '')
GROUP BY chat_id, variant, best;
INSERT INTO standing_counts (board, chat_id, variant, best, players)
SELECT period, chat_id, variant, best, count(*) FROM period_standings
WHERE (period, chat_id, variant) IN (SELECT board, chat_id, variant FROM console_boards WHERE board <> '')
GROUP BY period, chat_id, variant, best;

DROP TABLE console_boards;

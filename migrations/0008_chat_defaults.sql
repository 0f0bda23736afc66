-- Issue 13. A group's defaults for its matches, set by its admins in /settings: the race time limit and the time
-- per duel move, in seconds (NULL: no race limit, the standard duel timer). /challenge 10m and /duel 2m still
-- choose for one match.
ALTER TABLE chat_settings ADD COLUMN race_seconds INTEGER;
ALTER TABLE chat_settings ADD COLUMN duel_seconds INTEGER;

-- Issue 13. Leaderboards by UTC calendar period: today (since 00:00 UTC), this week (since Monday 00:00 UTC) and
-- this month (since the 1st). Aggregating this month's results at every /top took 30-70 ms for all chats at a
-- million games (bench/leaderboard_bench.py), so each period's ranked-solve aggregates are kept like `standings`,
-- per period key: 'd2026-11-23' (a day), 'w2026-11-23' (the week starting that Monday), 'm2026-11' (a month).
-- bot/records/stats.py period_key() computes the same keys.
CREATE TABLE period_standings (
    period        TEXT    NOT NULL,
    chat_id       INTEGER NOT NULL,  -- 0: every chat together, as in standings
    variant       TEXT    NOT NULL,
    user_id       INTEGER NOT NULL,
    solved        INTEGER NOT NULL,
    total_guesses INTEGER NOT NULL,
    best          INTEGER NOT NULL,
    best_at       TEXT    NOT NULL,  -- when `best` was first reached in the period
    PRIMARY KEY (period, chat_id, variant, user_id)
) WITHOUT ROWID;  -- the rows live in their key's b-tree (a rowid table would need a second b-tree for the key)
-- The board's order, covering: total_guesses and solved are included so that counting the players ahead of
-- someone ("you are #N of M") reads the index alone (SQLite 3.40 does not take the average from the index).
CREATE INDEX period_standings_rank ON period_standings (
    period, chat_id, variant, best, CAST(total_guesses AS REAL) / solved, best_at, user_id, total_guesses, solved
);
-- The all-time order, made covering for the same count.
DROP INDEX standings_rank;
CREATE INDEX standings_rank ON standings (
    chat_id, variant, best, CAST(total_guesses AS REAL) / solved, best_at, user_id, total_guesses, solved
);

-- The same condition as the standings trigger (migrations/0003_stats_daily.sql): a clean solve.
CREATE TRIGGER game_results_period_standings AFTER INSERT ON game_results
WHEN NEW.outcome = 'won' AND NEW.hinted = 0 AND NEW.mode IN ('referee', 'race', 'duel', 'versus', 'daily')
BEGIN
    INSERT INTO period_standings (period, chat_id, variant, user_id, solved, total_guesses, best, best_at)
    SELECT p.period, s.chat_id, NEW.variant, NEW.user_id, 1, NEW.guesses, NEW.guesses, NEW.finished_at
    FROM (SELECT 'd' || substr(NEW.finished_at, 1, 10) AS period
          -- a moment SQLite cannot read (never written by the bot) keys a week of its own rather than fail
          UNION ALL SELECT 'w' || coalesce(date(substr(NEW.finished_at, 1, 10), '-6 days', 'weekday 1'),
                                           substr(NEW.finished_at, 1, 10))
          UNION ALL SELECT 'm' || substr(NEW.finished_at, 1, 7)) AS p,
         (SELECT NEW.chat_id AS chat_id UNION ALL SELECT 0) AS s
    WHERE true  -- SQLite needs a WHERE before ON CONFLICT in an INSERT ... SELECT
    ON CONFLICT (period, chat_id, variant, user_id) DO UPDATE SET
        solved = solved + 1,
        total_guesses = total_guesses + excluded.total_guesses,
        best = min(best, excluded.best),
        best_at = CASE
            WHEN excluded.best < best THEN excluded.best_at
            WHEN excluded.best = best THEN min(best_at, excluded.best_at)
            ELSE best_at
        END;
END;

-- Results recorded before this migration, in every chat and (chat_id 0) in all chats together.
INSERT INTO period_standings (period, chat_id, variant, user_id, solved, total_guesses, best, best_at)
WITH ranked AS (
    SELECT chat_id, variant, user_id, guesses, finished_at, substr(finished_at, 1, 10) AS day FROM game_results
    WHERE outcome = 'won' AND hinted = 0 AND mode IN ('referee', 'race', 'duel', 'versus', 'daily')
), keyed AS (
    SELECT 'd' || day AS period, chat_id, variant, user_id, guesses, finished_at FROM ranked
    UNION ALL SELECT 'w' || coalesce(date(day, '-6 days', 'weekday 1'), day), chat_id, variant, user_id, guesses,
                     finished_at
    FROM ranked
    UNION ALL SELECT 'm' || substr(day, 1, 7), chat_id, variant, user_id, guesses, finished_at FROM ranked
), scoped AS (
    SELECT * FROM keyed UNION ALL SELECT period, 0, variant, user_id, guesses, finished_at FROM keyed
)
SELECT period, chat_id, variant, user_id, count(*), sum(guesses), min(guesses),
       substr(min(printf('%06d', guesses) || finished_at), 7)
FROM scoped
GROUP BY period, chat_id, variant, user_id;

-- "You are #N of M": how many players each board has with each best, so that the players ahead of someone are
-- those with a smaller best (a few rows here) plus those with the same best ahead in the board's order (one
-- range of the rank index), and M is a sum of a few rows, instead of counting every player of a big board.
-- board: '' for the all-time standings, else the period key of period_standings.
CREATE TABLE standing_counts (
    board   TEXT    NOT NULL,
    chat_id INTEGER NOT NULL,
    variant TEXT    NOT NULL,
    best    INTEGER NOT NULL,
    players INTEGER NOT NULL,
    PRIMARY KEY (board, chat_id, variant, best)
) WITHOUT ROWID;
INSERT INTO standing_counts (board, chat_id, variant, best, players)
SELECT '', chat_id, variant, best, count(*) FROM standings GROUP BY chat_id, variant, best;
INSERT INTO standing_counts (board, chat_id, variant, best, players)
SELECT period, chat_id, variant, best, count(*) FROM period_standings GROUP BY period, chat_id, variant, best;

CREATE TRIGGER standings_counted AFTER INSERT ON standings
BEGIN
    INSERT INTO standing_counts (board, chat_id, variant, best, players)
    VALUES ('', NEW.chat_id, NEW.variant, NEW.best, 1)
    ON CONFLICT (board, chat_id, variant, best) DO UPDATE SET players = players + 1;
END;
CREATE TRIGGER standings_recounted AFTER UPDATE OF best ON standings WHEN NEW.best <> OLD.best
BEGIN
    UPDATE standing_counts SET players = players - 1
    WHERE board = '' AND chat_id = OLD.chat_id AND variant = OLD.variant AND best = OLD.best;
    INSERT INTO standing_counts (board, chat_id, variant, best, players)
    VALUES ('', NEW.chat_id, NEW.variant, NEW.best, 1)
    ON CONFLICT (board, chat_id, variant, best) DO UPDATE SET players = players + 1;
END;
CREATE TRIGGER period_standings_counted AFTER INSERT ON period_standings
BEGIN
    INSERT INTO standing_counts (board, chat_id, variant, best, players)
    VALUES (NEW.period, NEW.chat_id, NEW.variant, NEW.best, 1)
    ON CONFLICT (board, chat_id, variant, best) DO UPDATE SET players = players + 1;
END;
CREATE TRIGGER period_standings_recounted AFTER UPDATE OF best ON period_standings WHEN NEW.best <> OLD.best
BEGIN
    UPDATE standing_counts SET players = players - 1
    WHERE board = NEW.period AND chat_id = OLD.chat_id AND variant = OLD.variant AND best = OLD.best;
    INSERT INTO standing_counts (board, chat_id, variant, best, players)
    VALUES (NEW.period, NEW.chat_id, NEW.variant, NEW.best, 1)
    ON CONFLICT (board, chat_id, variant, best) DO UPDATE SET players = players + 1;
END;

-- Period boards read period_standings now; nothing reads these any more, and each clean solve paid for them.
DROP INDEX game_results_ranked_by_chat;
DROP INDEX game_results_ranked_by_variant;

-- Leaderboards, player stats and the daily challenge.
--
-- "Ranked" results are the player's own clean solves: a mode where the player guesses, won, no hints.
-- The same condition is spelled identically in the partial indexes, the trigger and the queries
-- (bot/storage/stats_repository.py) so that SQLite can use the partial indexes.

-- Display names by user id, refreshed whenever a user talks to the bot (names change; ids don't).
CREATE TABLE players (
    user_id   INTEGER PRIMARY KEY,
    name      TEXT    NOT NULL,
    last_seen TEXT    NOT NULL
);

-- Per player, per variant, per chat (chat_id 0 = every chat together): the ranked-solve aggregates
-- that all-time leaderboards read, kept up to date by a trigger on game_results.
CREATE TABLE standings (
    chat_id       INTEGER NOT NULL,
    variant       TEXT    NOT NULL,
    user_id       INTEGER NOT NULL,
    solved        INTEGER NOT NULL,
    total_guesses INTEGER NOT NULL,
    best          INTEGER NOT NULL,
    best_at       TEXT    NOT NULL,  -- when `best` was first reached (earliest wins a tie)
    PRIMARY KEY (chat_id, variant, user_id)
);
-- The leaderboard order itself: best, then average, then earliest best, then user id.
CREATE INDEX standings_rank ON standings (
    chat_id, variant, best, CAST(total_guesses AS REAL) / solved, best_at, user_id
);

-- Weekly leaderboards aggregate the window's ranked results: partial indexes, covering (the condition's
-- columns are included because SQLite 3.40 reads them to re-check the WHERE clause).
CREATE INDEX game_results_ranked_by_chat ON game_results (
    chat_id, variant, finished_at, user_id, guesses, outcome, hinted, mode
)
    WHERE outcome = 'won' AND hinted = 0 AND mode IN ('referee', 'race', 'duel', 'versus', 'daily');
CREATE INDEX game_results_ranked_by_variant ON game_results (
    variant, finished_at, user_id, guesses, outcome, hinted, mode
)
    WHERE outcome = 'won' AND hinted = 0 AND mode IN ('referee', 'race', 'duel', 'versus', 'daily');
-- /stats reads one player's results of one variant in finishing order.
CREATE INDEX game_results_by_player ON game_results (user_id, variant, finished_at, mode, outcome, hinted, guesses);

-- One daily challenge per player per UTC day; the game is a referee game in the private chat.
CREATE TABLE daily_plays (
    day     TEXT    NOT NULL,  -- 'YYYY-MM-DD', UTC
    user_id INTEGER NOT NULL,
    game_id INTEGER NOT NULL UNIQUE REFERENCES games (id),
    chat_id INTEGER NOT NULL,
    PRIMARY KEY (day, user_id)
);

-- Server-side secrets generated once (the daily key when DAILY_SECRET is not configured).
CREATE TABLE bot_secrets (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TRIGGER game_results_standings AFTER INSERT ON game_results
WHEN NEW.outcome = 'won' AND NEW.hinted = 0 AND NEW.mode IN ('referee', 'race', 'duel', 'versus', 'daily')
BEGIN
    INSERT INTO standings (chat_id, variant, user_id, solved, total_guesses, best, best_at)
    VALUES (NEW.chat_id, NEW.variant, NEW.user_id, 1, NEW.guesses, NEW.guesses, NEW.finished_at),
           (0, NEW.variant, NEW.user_id, 1, NEW.guesses, NEW.guesses, NEW.finished_at)
    ON CONFLICT (chat_id, variant, user_id) DO UPDATE SET
        solved = solved + 1,
        total_guesses = total_guesses + excluded.total_guesses,
        best = min(best, excluded.best),
        best_at = CASE
            WHEN excluded.best < best THEN excluded.best_at
            WHEN excluded.best = best THEN min(best_at, excluded.best_at)
            ELSE best_at
        END;
END;

-- A daily game's result is recorded as mode 'daily' (the game itself is a referee game in `games`).
CREATE TRIGGER game_results_daily_mode AFTER INSERT ON game_results
WHEN NEW.mode = 'referee' AND EXISTS (SELECT 1 FROM daily_plays WHERE game_id = NEW.game_id)
BEGIN
    UPDATE game_results SET mode = 'daily' WHERE mode = 'referee' AND game_id = NEW.game_id AND user_id = NEW.user_id;
END;

-- Results recorded before this migration.
INSERT INTO standings (chat_id, variant, user_id, solved, total_guesses, best, best_at)
SELECT chat_id, variant, user_id, count(*), sum(guesses), min(guesses),
       substr(min(printf('%06d', guesses) || finished_at), 7)
FROM game_results
WHERE outcome = 'won' AND hinted = 0 AND mode IN ('referee', 'race', 'duel', 'versus', 'daily')
GROUP BY chat_id, variant, user_id;
INSERT INTO standings (chat_id, variant, user_id, solved, total_guesses, best, best_at)
SELECT 0, variant, user_id, count(*), sum(guesses), min(guesses),
       substr(min(printf('%06d', guesses) || finished_at), 7)
FROM game_results
WHERE outcome = 'won' AND hinted = 0 AND mode IN ('referee', 'race', 'duel', 'versus', 'daily')
GROUP BY variant, user_id;

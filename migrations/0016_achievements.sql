-- Achievements (issue 29): who holds which since when, how many hold each, and of how many players.
--
-- An achievement is awarded once: the primary key refuses a second row, and the service inserts OR IGNOREs it in
-- the transaction of the move that earned it (bot/achievements/service.py; the rules in bot/achievements/rules.py).
-- Rarity ("held by 3% of players") is read from two counts kept by triggers, never counted at /stats.

CREATE TABLE achievements (
    user_id     INTEGER NOT NULL,
    achievement TEXT    NOT NULL,                      -- bot/achievements/rules.py's Achievement
    earned_at   TEXT    NOT NULL,
    chat_id     INTEGER NOT NULL,                      -- where it was earned and announced (a group, or private)
    PRIMARY KEY (user_id, achievement)
);

-- How many players hold each achievement.
CREATE TABLE achievement_holders (
    achievement TEXT    PRIMARY KEY,
    holders     INTEGER NOT NULL
);

-- The players a rarity is a share of: everyone with a finished game of their own (one where they guess: /play, the
-- daily, a race, a duel, versus; any result), and anyone who holds an achievement; and how many they are.
CREATE TABLE rarity_players (
    user_id INTEGER PRIMARY KEY
);
CREATE TABLE rarity_count (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    players INTEGER NOT NULL
);
INSERT INTO rarity_count (id, players) VALUES (1, 0);

-- The daily challenges whose day is over and whose fewest guesses were awarded (bot/achievements/service.py
-- closes each day once, after 00:00 UTC); `fewest` is the day's fewest clean guesses so far (NULL: none solved it),
-- which a game of that day finished after the close can still equal or beat.
CREATE TABLE daily_closes (
    day       TEXT    PRIMARY KEY,                     -- 'YYYY-MM-DD', UTC
    fewest    INTEGER,
    closed_at TEXT    NOT NULL
);

CREATE TRIGGER achievements_held AFTER INSERT ON achievements
BEGIN
    INSERT INTO achievement_holders (achievement, holders) VALUES (NEW.achievement, 1)
        ON CONFLICT (achievement) DO UPDATE SET holders = holders + 1;
    INSERT OR IGNORE INTO rarity_players (user_id) VALUES (NEW.user_id);
END;

CREATE TRIGGER rarity_players_counted AFTER INSERT ON rarity_players
BEGIN
    UPDATE rarity_count SET players = players + 1 WHERE id = 1;
END;

CREATE TRIGGER game_results_rarity_player AFTER INSERT ON game_results
WHEN NEW.mode IN ('referee', 'race', 'duel', 'versus', 'daily')
BEGIN
    INSERT OR IGNORE INTO rarity_players (user_id) VALUES (NEW.user_id);
END;

-- What was played before this version: its players counted, its feats awarded (silently: nobody is told of an
-- award made here), by the same rules as bot/achievements/rules.py.
INSERT OR IGNORE INTO rarity_players (user_id)
SELECT DISTINCT user_id FROM game_results WHERE mode IN ('referee', 'race', 'duel', 'versus', 'daily');

-- A classic solved in 4 or fewer without a hint: a one-player game (/play, the daily), or a duel's or a versus
-- game's player (their own guesses); the first time counts.
INSERT OR IGNORE INTO achievements (user_id, achievement, earned_at, chat_id)
SELECT user_id, 'classic_in_four', min(earned_at), chat_id FROM (
    SELECT user_id, finished_at AS earned_at, chat_id FROM game_results
    WHERE variant = 'classic' AND outcome = 'won' AND hinted = 0 AND guesses BETWEEN 1 AND 4
      AND mode IN ('referee', 'daily')
    UNION ALL
    SELECT p.user_id, m.finished_at, CASE WHEN m.chat_id < 0 THEN m.chat_id ELSE p.user_id END
    FROM matches AS m JOIN match_players AS p ON p.match_id = m.id
    WHERE m.kind IN ('duel', 'versus') AND m.variant = 'classic' AND m.status != 'active' AND m.finished_at IS NOT NULL
      AND p.user_id != 0 AND p.solved_in BETWEEN 1 AND 4
)
GROUP BY user_id;

-- A race won against five or more other players.
INSERT OR IGNORE INTO achievements (user_id, achievement, earned_at, chat_id)
SELECT m.winner_id, 'race_of_six', min(m.finished_at), m.chat_id FROM matches AS m
WHERE m.kind = 'race' AND m.status = 'won' AND m.winner_id IS NOT NULL AND m.finished_at IS NOT NULL
  AND (SELECT count(*) FROM match_players AS p
       WHERE p.match_id = m.id AND p.user_id != m.winner_id AND p.guesses > 0) >= 5
GROUP BY m.winner_id;

-- Every day before today closed, with its fewest clean guesses; its holders awarded (at the day's end).
INSERT INTO daily_closes (day, fewest, closed_at)
SELECT d.day, min(CASE WHEN r.outcome = 'won' AND r.hinted = 0 THEN r.guesses END),
       strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')
FROM daily_plays AS d
LEFT JOIN game_results AS r ON r.mode = 'daily' AND r.game_id = d.game_id AND r.user_id = d.user_id
WHERE d.day < date('now')
GROUP BY d.day;

INSERT OR IGNORE INTO achievements (user_id, achievement, earned_at, chat_id)
SELECT r.user_id, 'day_best', min(date(c.day, '+1 day') || 'T00:00:00.000+00:00'), d.chat_id
FROM daily_closes AS c
JOIN daily_plays AS d ON d.day = c.day
JOIN game_results AS r ON r.mode = 'daily' AND r.game_id = d.game_id AND r.user_id = d.user_id
WHERE r.outcome = 'won' AND r.hinted = 0 AND r.guesses = c.fewest
GROUP BY r.user_id;

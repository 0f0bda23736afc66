-- Awards that mean what they say (issue 34 §3).
--
-- Rarity counts players, not games. A game's result is stored with INSERT OR REPLACE (bot/games/store.py,
-- bot/matches/store.py), and SQLite lets the outer statement's conflict policy override a trigger's own: 0016's
-- "INSERT OR IGNORE INTO rarity_players" ran as a REPLACE there, the player's row was put back and counted again, so
-- each game counted one more "player" (one player, three games: "held by 33% of players"). The triggers below insert
-- only what is not there yet, whatever policy the statement that fired them has.
--
-- Players are people: a message posted as a chat (a channel, an anonymous admin: user ids below 0) no longer plays a
-- race or a duel (bot/race/routes.py, bot/duel/routes.py); what such a chat was counted or awarded before is taken
-- back, and the counts are made again from the rows.

DROP TRIGGER game_results_rarity_player;
CREATE TRIGGER game_results_rarity_player AFTER INSERT ON game_results
WHEN NEW.mode IN ('referee', 'race', 'duel', 'versus', 'daily') AND NEW.user_id > 0
 AND NOT EXISTS (SELECT 1 FROM rarity_players WHERE user_id = NEW.user_id)
BEGIN
    INSERT INTO rarity_players (user_id) VALUES (NEW.user_id);
END;

DROP TRIGGER achievements_held;
CREATE TRIGGER achievements_held AFTER INSERT ON achievements
BEGIN
    UPDATE achievement_holders SET holders = holders + 1 WHERE achievement = NEW.achievement;
    INSERT INTO achievement_holders (achievement, holders)
        SELECT NEW.achievement, 1 WHERE NOT EXISTS (SELECT 1 FROM achievement_holders WHERE achievement = NEW.achievement);
    INSERT INTO rarity_players (user_id)
        SELECT NEW.user_id WHERE NEW.user_id > 0 AND NOT EXISTS (SELECT 1 FROM rarity_players WHERE user_id = NEW.user_id);
END;

DELETE FROM achievements WHERE user_id <= 0;
DELETE FROM rarity_players WHERE user_id <= 0;
UPDATE rarity_count SET players = (SELECT count(*) FROM rarity_players) WHERE id = 1;
DELETE FROM achievement_holders;
INSERT INTO achievement_holders (achievement, holders)
SELECT achievement, count(*) FROM achievements GROUP BY achievement;
-- The day's best no longer waits for the day's close, nor depends on anyone else's game: a clean daily solve in no
-- more guesses than the engine's own play needs for the day's code earns it when it is won
-- (bot/achievements/rules.py). The fewest guesses of each closed day are no longer kept.
DROP TABLE daily_closes;

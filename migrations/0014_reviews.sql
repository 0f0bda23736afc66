-- The game review (issue 29): when each hint of a game was taken, and each review made, kept with its game.
--
-- A review weighs every guess against what the player knew when making it, the digits hints revealed among it, so a
-- game notes how many guesses had been made when each hint was taken: `hints_at` lists them in the order of `hints`
-- ('0,3': the first hint before any guess, the second after three). A game stored before this migration has NULL:
-- when its hints came is not known, and its review says so (it weighs its guesses by the answers alone).
ALTER TABLE games ADD COLUMN hints_at TEXT;

-- A review is computed once (it takes up to a second of CPU) and kept: the engine's result as JSON, under what was
-- reviewed: a one-player game (kind 'game', owner a games.id) or one player's guesses in a match (kind 'race',
-- 'duel' or 'versus', owner a matches.id), and whose guesses (user_id). `version` is the review's version when it
-- was made: a better engine raises it, and older reviews are made again when next asked for.
CREATE TABLE reviews (
    kind     TEXT    NOT NULL CHECK (kind IN ('game', 'race', 'duel', 'versus')),
    owner_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    version  INTEGER NOT NULL,
    review   TEXT    NOT NULL,
    made_at  TEXT    NOT NULL,
    PRIMARY KEY (kind, owner_id, user_id)
);

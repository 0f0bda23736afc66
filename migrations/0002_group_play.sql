-- Playing together: group races, duels and versus-the-bot games ("matches"), their players and moves.
-- A match lives beside `games` (whose mode CHECK and one-active-game index are for solo play), with its
-- own one-active-match-per-chat index. Finished matches write one game_results row per human player,
-- so game_results is rebuilt without its foreign key to games: for modes race/duel/versus its game_id
-- is a matches.id, and the mode is part of the key so the two id spaces never collide.

CREATE TABLE matches (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    chat_id          INTEGER NOT NULL,                 -- the group (race, duel) or the private chat (versus)
    kind             TEXT    NOT NULL CHECK (kind IN ('race', 'duel', 'versus')),
    variant          TEXT    NOT NULL,
    secret           TEXT,                             -- race, versus: the bot's code; shown only once it is over
    started_by       INTEGER NOT NULL,                 -- user id (an anonymous admin: the group's bot id)
    phase            TEXT    NOT NULL DEFAULT 'playing'
                     CHECK (phase IN ('invited', 'secrets', 'playing', 'over')),
    status           TEXT    NOT NULL DEFAULT 'active'
                     CHECK (status IN ('active', 'won', 'lost', 'draw', 'expired', 'stopped', 'forfeit',
                                       'resigned', 'declined')),
    winner_id        INTEGER,                          -- NULL: nobody (draw, expired, stopped); 0: the bot
    turn_user        INTEGER,                          -- duel, versus: who moves next (0: the bot)
    deadline         TEXT,                             -- when the running timer fires (ISO UTC), NULL: none
    turn_seconds     INTEGER,                          -- duel: time per move; race: the time limit
    pending_guess    TEXT,                             -- versus: the bot's guess waiting for an answer
    invited_id       INTEGER,                          -- duel: the one challenged (NULL: anyone may accept)
    revision         INTEGER NOT NULL DEFAULT 0,       -- bumped by every change; buttons carry it
    board_message_id INTEGER,
    started_at       TEXT    NOT NULL,
    finished_at      TEXT
);
CREATE UNIQUE INDEX matches_one_active_per_chat ON matches (chat_id) WHERE status = 'active';
CREATE INDEX matches_with_deadline ON matches (deadline) WHERE status = 'active';

CREATE TABLE match_players (
    match_id  INTEGER NOT NULL REFERENCES matches (id),
    user_id   INTEGER NOT NULL,                        -- 0: the bot (versus)
    seat      INTEGER NOT NULL,                        -- order of joining; duel/versus: 1 moves first
    name      TEXT    NOT NULL,                        -- display name when last seen, for showing only
    secret    TEXT,                                    -- duel: the code this player set in private
    guesses   INTEGER NOT NULL DEFAULT 0,
    solved_in INTEGER,                                 -- the player's own guess count when they solved
    PRIMARY KEY (match_id, user_id)
);

CREATE TABLE match_moves (
    match_id   INTEGER NOT NULL REFERENCES matches (id),
    seq        INTEGER NOT NULL,                       -- 1, 2, 3 ... within the match
    user_id    INTEGER NOT NULL,                       -- who guessed (0: the bot)
    guess      TEXT    NOT NULL,
    bulls      INTEGER NOT NULL,
    cows       INTEGER NOT NULL,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (match_id, seq)
);

CREATE TABLE game_results_rebuilt (
    game_id     INTEGER NOT NULL,                      -- games.id, or matches.id for race/duel/versus
    user_id     INTEGER NOT NULL,
    chat_id     INTEGER NOT NULL,
    mode        TEXT    NOT NULL,                      -- referee, guesser, race, duel, versus
    variant     TEXT    NOT NULL,
    guesses     INTEGER NOT NULL,
    outcome     TEXT    NOT NULL,
    hinted      INTEGER NOT NULL DEFAULT 0,
    started_at  TEXT    NOT NULL,
    finished_at TEXT    NOT NULL,
    PRIMARY KEY (mode, game_id, user_id)
);
INSERT INTO game_results_rebuilt (game_id, user_id, chat_id, mode, variant, guesses, outcome, hinted, started_at,
                                  finished_at)
    SELECT game_id, user_id, chat_id, mode, variant, guesses, outcome, hinted, started_at, finished_at
    FROM game_results;
DROP TABLE game_results;
ALTER TABLE game_results_rebuilt RENAME TO game_results;
CREATE INDEX game_results_by_user ON game_results (user_id, variant, outcome);
CREATE INDEX game_results_by_chat ON game_results (chat_id, finished_at);

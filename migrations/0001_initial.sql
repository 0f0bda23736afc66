-- Chats' settings, games with their moves, and one result row per player per finished game.
-- Group play (races, duels, leaderboards) will add tables; game_results is already per player.

CREATE TABLE chat_settings (
    chat_id       INTEGER PRIMARY KEY,
    variant       TEXT    NOT NULL DEFAULT 'classic',  -- a preset name or a compact spec such as '5d10z'
    attempt_limit INTEGER,                             -- NULL: no limit
    coaching      INTEGER NOT NULL DEFAULT 1 CHECK (coaching IN (0, 1)),
    hard          INTEGER NOT NULL DEFAULT 0 CHECK (hard IN (0, 1)),
    language      TEXT    NOT NULL DEFAULT 'en',
    updated_at    TEXT    NOT NULL
);

CREATE TABLE games (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    chat_id          INTEGER NOT NULL,
    user_id          INTEGER NOT NULL,                 -- who started it
    mode             TEXT    NOT NULL CHECK (mode IN ('referee', 'guesser')),
    variant          TEXT    NOT NULL,
    secret           TEXT,                             -- referee: the secret (NULL while hard mode keeps it open)
    attempt_limit    INTEGER,
    coaching         INTEGER NOT NULL DEFAULT 0,
    hard             INTEGER NOT NULL DEFAULT 0,
    hints            TEXT    NOT NULL DEFAULT '',      -- revealed positions, e.g. '02'
    pending_guess    TEXT,                             -- guesser: the guess waiting for an answer
    status           TEXT    NOT NULL DEFAULT 'active'
                     CHECK (status IN ('active', 'won', 'lost', 'gave_up', 'abandoned', 'solved', 'revealed')),
    revision         INTEGER NOT NULL DEFAULT 0,       -- bumped by every change; buttons carry it
    board_message_id INTEGER,
    started_at       TEXT    NOT NULL,
    finished_at      TEXT
);
CREATE UNIQUE INDEX games_one_active_per_chat ON games (chat_id) WHERE status = 'active';
CREATE INDEX games_by_chat ON games (chat_id, id);

CREATE TABLE moves (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    seq        INTEGER NOT NULL,                       -- 1, 2, 3 ... within the game
    user_id    INTEGER NOT NULL,                       -- who made the move (a guess or an answer)
    guess      TEXT    NOT NULL,
    bulls      INTEGER NOT NULL,
    cows       INTEGER NOT NULL,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE game_results (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    user_id     INTEGER NOT NULL,
    chat_id     INTEGER NOT NULL,
    mode        TEXT    NOT NULL,
    variant     TEXT    NOT NULL,
    guesses     INTEGER NOT NULL,
    outcome     TEXT    NOT NULL,
    hinted      INTEGER NOT NULL DEFAULT 0,
    started_at  TEXT    NOT NULL,
    finished_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX game_results_by_user ON game_results (user_id, variant, outcome);
CREATE INDEX game_results_by_chat ON game_results (chat_id, finished_at);

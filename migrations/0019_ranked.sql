-- Ranked games against the world (bot/ranked/). A ranked secret is played by two players, one after the other: the
-- first sets the mark (a game of their own), and once that game is over the secret is offered to one player of
-- similar skill, who plays it in the next days; when the second game is over both are rated (OpenSkill, per family),
-- by fewest guesses. Nobody waits for anyone: the second player plays a game that is already over.

CREATE TABLE ranked_secrets (
    id        INTEGER PRIMARY KEY,
    variant   TEXT    NOT NULL,                        -- the variant's stored name
    secret    TEXT    NOT NULL,
    marker    INTEGER NOT NULL,                        -- who plays it first (sets the mark)
    made_at   TEXT    NOT NULL,
    mark_mu   REAL,                                    -- the marker's skill (mu) once their game was over: what pairs it
    opened_at TEXT,                                    -- when the marker's game ended: offered from then on, for days
    taker     INTEGER,                                 -- who plays it second, once it was given to them
    taken_at  TEXT,
    closed_at TEXT                                     -- when the taker's game ended and both were rated; or, with
                                                       -- no taker, when the mark lapsed unplayed (bot/ranked/service.py)
);
-- the marks waiting for a player, by variant and skill: the pairing reads the nearest on either side; and by age, for
-- the hourly sweep that lapses the old ones (so that neither index grows with the marks nobody took)
CREATE INDEX ranked_open ON ranked_secrets (variant, mark_mu)
    WHERE opened_at IS NOT NULL AND taker IS NULL AND closed_at IS NULL;
CREATE INDEX ranked_open_since ON ranked_secrets (opened_at)
    WHERE opened_at IS NOT NULL AND taker IS NULL AND closed_at IS NULL;
-- the marks given to a player whose game of it is still on, by when: one left for a week is lost (the hourly sweep)
CREATE INDEX ranked_taken_since ON ranked_secrets (taken_at) WHERE taker IS NOT NULL AND closed_at IS NULL;
CREATE INDEX ranked_by_marker ON ranked_secrets (marker, id);
CREATE INDEX ranked_by_taker ON ranked_secrets (taker, id) WHERE taker IS NOT NULL;

-- The games that play a ranked secret (bot/games/store.py reads a game's secret along with it).
CREATE TABLE ranked_plays (
    game_id   INTEGER PRIMARY KEY REFERENCES games (id),
    secret_id INTEGER NOT NULL REFERENCES ranked_secrets (id),
    user_id   INTEGER NOT NULL,
    seat      INTEGER NOT NULL CHECK (seat IN (1, 2)),  -- 1: sets the mark; 2: plays it
    UNIQUE (secret_id, seat),
    UNIQUE (secret_id, user_id)                         -- nobody plays a secret twice
);
CREATE INDEX ranked_plays_by_player ON ranked_plays (user_id, secret_id);

-- Each player's ranked rating in each family (its own: ranked games are not matches).
CREATE TABLE ranked_ratings (
    family     TEXT    NOT NULL CHECK (family IN ('digits', 'colours')),
    user_id    INTEGER NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    games      INTEGER NOT NULL,                       -- rated ranked games
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (family, user_id)
);

-- The rated history: each player's place in each closed secret and their rating before and after it.
CREATE TABLE ranked_results (
    secret_id    INTEGER NOT NULL REFERENCES ranked_secrets (id),
    user_id      INTEGER NOT NULL,
    family       TEXT    NOT NULL,
    place        INTEGER NOT NULL,                     -- 1 the better game; both 1: a draw
    mu_before    REAL    NOT NULL,
    sigma_before REAL    NOT NULL,
    games_before INTEGER NOT NULL,
    mu           REAL    NOT NULL,
    sigma        REAL    NOT NULL,
    rated_at     TEXT    NOT NULL,
    PRIMARY KEY (secret_id, user_id)                   -- a secret is rated once
);

-- Who has played whom in a race or a duel (people who know each other are never paired in ranked games).
CREATE INDEX match_players_by_player ON match_players (user_id, match_id);

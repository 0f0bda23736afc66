-- Ratings against people (OpenSkill, per family: 'digits' or 'colours'; rules in bot/records/rating.py).
--
-- rated_results is the history: one row per player of each rated race or duel, in the order the ratings
-- were applied (seq). `bullscows rerate` replays it to rebuild `ratings` and `rating_board` exactly.

CREATE TABLE rated_results (
    seq       INTEGER PRIMARY KEY AUTOINCREMENT,       -- the order ratings were applied in (one match's rows adjoin)
    match_id  INTEGER NOT NULL REFERENCES matches (id),
    family    TEXT    NOT NULL CHECK (family IN ('digits', 'colours')),
    user_id   INTEGER NOT NULL,
    chat_id   INTEGER NOT NULL,                        -- where it was played (the chat's rating board)
    rank      INTEGER NOT NULL,                        -- 1 best; equal ranks tie
    rated_at  TEXT    NOT NULL,                        -- when the match ended (ISO UTC)
    mu        REAL    NOT NULL,                        -- the player's rating right after this match
    sigma     REAL    NOT NULL,
    UNIQUE (match_id, user_id)                         -- a match is rated once
);
CREATE INDEX rated_results_by_player ON rated_results (user_id, family, seq);

-- The current rating of each player in each family.
CREATE TABLE ratings (
    family       TEXT    NOT NULL,
    user_id      INTEGER NOT NULL,
    mu           REAL    NOT NULL,
    sigma        REAL    NOT NULL,
    conservative REAL    NOT NULL,                     -- mu - 3 sigma: the ranking key
    games        INTEGER NOT NULL,                     -- rated matches played
    last_change  REAL    NOT NULL,                     -- the change of `conservative` in the last rated match
    updated_at   TEXT    NOT NULL,
    PRIMARY KEY (family, user_id)
);

-- Who is on which rating board: chat_id 0 is the global board, any other chat lists the players who played a
-- rated match there. The ranking key is copied here (kept in step with `ratings`) so that each board is read
-- in index order: established players first, then by the conservative estimate.
CREATE TABLE rating_board (
    chat_id      INTEGER NOT NULL,
    family       TEXT    NOT NULL,
    user_id      INTEGER NOT NULL,
    established  INTEGER NOT NULL CHECK (established IN (0, 1)),
    conservative REAL    NOT NULL,
    PRIMARY KEY (chat_id, family, user_id)
);
CREATE INDEX rating_board_rank ON rating_board (chat_id, family, established DESC, conservative DESC, user_id);
CREATE INDEX rating_board_by_player ON rating_board (user_id, family);

-- How many players each board has (for "#N of M" without counting the board), kept by triggers.
CREATE TABLE rating_board_size (
    chat_id INTEGER NOT NULL,
    family  TEXT    NOT NULL,
    players INTEGER NOT NULL,
    PRIMARY KEY (chat_id, family)
);
CREATE TRIGGER rating_board_joined AFTER INSERT ON rating_board
BEGIN
    INSERT INTO rating_board_size (chat_id, family, players) VALUES (NEW.chat_id, NEW.family, 1)
    ON CONFLICT (chat_id, family) DO UPDATE SET players = players + 1;
END;
CREATE TRIGGER rating_board_left AFTER DELETE ON rating_board
BEGIN
    UPDATE rating_board_size SET players = players - 1 WHERE chat_id = OLD.chat_id AND family = OLD.family;
END;
CREATE TRIGGER rating_board_moved AFTER UPDATE OF chat_id, family ON rating_board
BEGIN
    UPDATE rating_board_size SET players = players - 1 WHERE chat_id = OLD.chat_id AND family = OLD.family;
    INSERT INTO rating_board_size (chat_id, family, players) VALUES (NEW.chat_id, NEW.family, 1)
    ON CONFLICT (chat_id, family) DO UPDATE SET players = players + 1;
END;

-- The Mini App (issue 24): the moves it made, for idempotency, and each game's digit notepad.
--
-- A move from the Mini App carries a key the page made for it; the key is stored in the same transaction as the
-- move and its replies, so a POST the page sends again (the answer was lost) finds it and has no second effect.
-- Kept two days, like the inbox's updates.

CREATE TABLE webapp_moves (
    user_id    INTEGER NOT NULL,
    key        TEXT    NOT NULL,                       -- the page's idempotency key for this move
    game_id    INTEGER,                                -- the game the move was made in (NULL: it started one)
    answer     TEXT    NOT NULL,                       -- what the first request was answered (JSON), given again
    created_at TEXT    NOT NULL,
    PRIMARY KEY (user_id, key)
);
CREATE INDEX webapp_moves_by_age ON webapp_moves (created_at);

-- The digit notepad of a game: one mark a position and symbol, '.' unknown, 'x' ruled out, 'o' certain, in
-- position order (length × symbols characters). A player's own pencil marks: never read by the bot's rules.
CREATE TABLE webapp_notes (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id),
    marks      TEXT    NOT NULL,
    updated_at TEXT    NOT NULL
);

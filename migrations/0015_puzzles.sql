-- Puzzles (issue 29): "Which code is it?" puzzles made ahead for the ladder, each player's attempts at them (the
-- key is the "never shown twice"), the players' puzzle ratings, the puzzle of the day's results, and a group's post
-- of the puzzle of the day.

-- A puzzle made ahead (`bullscows puzzles make`, or a few on the fly when a variant's shelf is bare). `data` is the
-- engine's `Puzzle.as_dict()` (JSON: the clues, the solution, the difficulty), `seed` made it and is never shown;
-- mu and sigma are its rating, moved by every rated attempt; attempts and solved count them.
CREATE TABLE puzzles (
    id        INTEGER PRIMARY KEY,
    kind      TEXT    NOT NULL DEFAULT 'inverse',        -- 'inverse': Which code is it?
    variant   TEXT    NOT NULL,                          -- Variant.name
    version   INTEGER NOT NULL,                          -- engine.inverse.GENERATOR_VERSION that made it
    seed      INTEGER NOT NULL,
    data      TEXT    NOT NULL,
    estimate  REAL    NOT NULL,                          -- Difficulty.estimate: where its rating started
    mu        REAL    NOT NULL,
    sigma     REAL    NOT NULL,
    attempts  INTEGER NOT NULL DEFAULT 0,
    solved    INTEGER NOT NULL DEFAULT 0,
    made_at   TEXT    NOT NULL,
    UNIQUE (kind, variant, version, seed)
);
-- The ladder fetches the puzzles of a variant nearest a rating.
CREATE INDEX puzzles_by_rating ON puzzles (kind, variant, mu);

-- A player's attempt at a ladder puzzle, written when the puzzle is first shown to them: a puzzle with a row here is
-- never picked for that player again. `rated_at` is set by the first answer (or giving up before any): the attempt
-- is rated once, then; `ended_at` when solved or given up. The shown numbers before and after the rating are kept
-- for the rating change the player is shown.
CREATE TABLE puzzle_attempts (
    user_id      INTEGER NOT NULL,
    puzzle_id    INTEGER NOT NULL REFERENCES puzzles (id),
    shown_at     TEXT    NOT NULL,
    tries        INTEGER NOT NULL DEFAULT 0,             -- answers that were codes
    rated_at     TEXT,
    solved_first INTEGER,                                -- 1: the first answer was right (the rated result)
    rating_before INTEGER,
    rating_after  INTEGER,
    ended_at     TEXT,
    gave_up      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, puzzle_id)
) WITHOUT ROWID;

-- A player's puzzle rating, one a family (digits, colours), apart from their match ratings.
CREATE TABLE puzzle_ratings (
    user_id    INTEGER NOT NULL,
    family     TEXT    NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    games      INTEGER NOT NULL,
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (user_id, family)
) WITHOUT ROWID;

-- What each player is solving now, in private or on the page: a ladder puzzle (puzzle_id) or the puzzle of the day
-- (day). Their typed codes answer it.
CREATE TABLE puzzle_current (
    user_id   INTEGER PRIMARY KEY,
    puzzle_id INTEGER REFERENCES puzzles (id),
    day       TEXT,
    since     TEXT    NOT NULL
);

-- The puzzle of the day, a player's go at it: no puzzle row (the day's seed makes it again), the generator's
-- version kept with the result. Tries are the answers that were codes; solved_at or gave_up ends it.
CREATE TABLE puzzle_days (
    day        TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    version    INTEGER NOT NULL,
    started_at TEXT    NOT NULL,
    tries      INTEGER NOT NULL DEFAULT 0,
    solved_at  TEXT,
    gave_up    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (day, user_id)
) WITHOUT ROWID;
-- The day's board: its solvers by tries, then time.
CREATE INDEX puzzle_days_board ON puzzle_days (day, tries) WHERE solved_at IS NOT NULL;
-- A player's streak: the days they solved.
CREATE INDEX puzzle_days_by_user ON puzzle_days (user_id, day) WHERE solved_at IS NOT NULL;

-- The puzzle of the day posted in a group: who solved it there first (celebrated once), and how many answers came.
CREATE TABLE puzzle_groups (
    chat_id      INTEGER NOT NULL,
    day          TEXT    NOT NULL,
    posted_at    TEXT    NOT NULL,
    answers      INTEGER NOT NULL DEFAULT 0,
    solver_id    INTEGER,
    solver_name  TEXT,
    solved_at    TEXT,
    PRIMARY KEY (chat_id, day)
) WITHOUT ROWID;

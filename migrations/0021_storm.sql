-- Puzzle Storm (issue 35, part 3): timed runs of "Which code is it?" puzzles, alone (/storm in private) or in a group's
-- Racer (/storm in a group: everyone who joins gets the same puzzles in private, one standings message in the group).

-- Storm's own puzzles, handed over from the puzzles' stock made ahead (bot/puzzles/handover.py): a puzzle nobody was
-- ever shown, taken off the ladder's shelf for good, so that no puzzle seen in a run is ever rated on the ladder.
-- `data` is the engine's `Puzzle.as_dict()`; `estimate` its difficulty estimate: a run climbs it.
CREATE TABLE storm_puzzles (
    id        INTEGER PRIMARY KEY,
    variant   TEXT    NOT NULL,
    data      TEXT    NOT NULL,
    estimate  REAL    NOT NULL,
    taken_at  TEXT    NOT NULL
);
CREATE INDEX storm_puzzles_by_variant ON storm_puzzles (variant, estimate);

-- The puzzles each player has been shown in a run: a run draws the puzzles none of its players has seen (a Racer's, by
-- any of its players), so no run is played from memory.
CREATE TABLE storm_seen (
    user_id   INTEGER NOT NULL,
    puzzle_id INTEGER NOT NULL REFERENCES storm_puzzles (id),
    seen_at   TEXT    NOT NULL,
    PRIMARY KEY (user_id, puzzle_id)
) WITHOUT ROWID;

-- A Racer: a group's race of Storm runs. Its lobby takes players until `starts_at` (or the starter's ▶), then every
-- player's run starts at once with the same puzzles (`sequence`, drawn at the start: nobody sees one before); it is
-- over when every run is. `board_message_id` is its one standings message in the group, edited in place.
CREATE TABLE storm_racers (
    id               INTEGER PRIMARY KEY,
    chat_id          INTEGER NOT NULL,
    topic            INTEGER NOT NULL DEFAULT 0,           -- the forum topic (0: none, or a forum's General)
    started_by       INTEGER NOT NULL,
    bot_username     TEXT,                                 -- for the standings' link to the private chat
    variant          TEXT    NOT NULL,
    phase            TEXT    NOT NULL DEFAULT 'lobby' CHECK (phase IN ('lobby', 'running', 'over')),
    created_at       TEXT    NOT NULL,
    starts_at        TEXT    NOT NULL,                     -- the lobby closes (the runs start) then at the latest
    ends_at          TEXT,                                 -- running: every run is over by then
    sequence         TEXT,                                 -- JSON: the storm_puzzles ids of its runs, in order
    winner_id        INTEGER,
    finished_at      TEXT,
    board_message_id INTEGER
);
-- One Racer at a time in a chat's topic.
CREATE UNIQUE INDEX storm_racers_one_per_topic ON storm_racers (chat_id, topic) WHERE phase != 'over';
CREATE INDEX storm_racers_live ON storm_racers (starts_at) WHERE phase != 'over';

-- A Racer's players, in the order they joined (people only: never a channel or an anonymous admin).
CREATE TABLE storm_racer_players (
    racer_id  INTEGER NOT NULL REFERENCES storm_racers (id),
    user_id   INTEGER NOT NULL,
    name      TEXT    NOT NULL,
    joined_at TEXT    NOT NULL,
    PRIMARY KEY (racer_id, user_id)
) WITHOUT ROWID;
CREATE INDEX storm_racer_players_by_user ON storm_racer_players (user_id);

-- A run: alone (racer_id NULL) or a player's in a Racer. The clock is the server's: `ends_at` is the start plus the
-- run's time and its bonuses, less its penalties, rewritten with every answer; an answer at or after it does not
-- count. `place` is the puzzle being solved (0-based in `sequence`); the answer to it is graded only at that place.
CREATE TABLE storm_runs (
    id              INTEGER PRIMARY KEY,
    user_id         INTEGER NOT NULL,
    name            TEXT    NOT NULL,                      -- shown on the boards
    racer_id        INTEGER REFERENCES storm_racers (id),
    variant         TEXT    NOT NULL,
    sequence        TEXT    NOT NULL,                      -- JSON: the storm_puzzles ids, in order
    started_at      TEXT    NOT NULL,
    ends_at         TEXT    NOT NULL,
    day             TEXT    NOT NULL,                      -- the UTC day it started: today's board
    place           INTEGER NOT NULL DEFAULT 0,
    solved          INTEGER NOT NULL DEFAULT 0,
    wrong           INTEGER NOT NULL DEFAULT 0,
    streak          INTEGER NOT NULL DEFAULT 0,            -- right answers in a row now
    best_streak     INTEGER NOT NULL DEFAULT 0,
    bonus           INTEGER NOT NULL DEFAULT 0,            -- seconds the streaks added
    penalty         INTEGER NOT NULL DEFAULT 0,            -- seconds the wrong answers cost
    reached_seconds REAL    NOT NULL DEFAULT 0,            -- from the start to the last right answer (ties)
    closed_at       TEXT                                   -- over: time up, puzzles out, or stopped
);
-- Two runs at once: never, whatever the race between two updates.
CREATE UNIQUE INDEX storm_runs_one_live ON storm_runs (user_id) WHERE closed_at IS NULL;
CREATE INDEX storm_runs_due ON storm_runs (ends_at) WHERE closed_at IS NULL;
CREATE INDEX storm_runs_of_racer ON storm_runs (racer_id) WHERE racer_id IS NOT NULL;

-- The boards of runs alone: each player's best all-time (board '') and on each UTC day (board 'YYYY-MM-DD'), kept
-- as runs close, best first by puzzles solved, then fewer wrong answers, then sooner reached.
CREATE TABLE storm_bests (
    board           TEXT    NOT NULL,
    user_id         INTEGER NOT NULL,
    name            TEXT    NOT NULL,
    solved          INTEGER NOT NULL,
    wrong           INTEGER NOT NULL,
    reached_seconds REAL    NOT NULL,
    run_id          INTEGER NOT NULL REFERENCES storm_runs (id),
    at              TEXT    NOT NULL,
    PRIMARY KEY (board, user_id)
) WITHOUT ROWID;
CREATE INDEX storm_bests_ranked ON storm_bests (board, solved DESC, wrong, reached_seconds, at);

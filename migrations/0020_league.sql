-- Weekly leagues (bot/league/). A week runs from Monday 00:00 UTC; whoever plays in it (a ranked game, the daily
-- challenge, a puzzle) is placed in a division of at most 30 players of their tier, and earns points; at the week's
-- close the top of each division moves up a tier and the bottom down, and each player is told once.

-- Each player's tier (1 the lowest .. 5), as the last closed week left it.
CREATE TABLE league_tiers (
    user_id INTEGER PRIMARY KEY,
    tier    INTEGER NOT NULL CHECK (tier BETWEEN 1 AND 5),
    week    TEXT    NOT NULL                           -- the week whose close set it
);

-- The divisions of a week, and how many players each holds (at most 30).
CREATE TABLE league_divisions (
    week     TEXT    NOT NULL,                         -- its Monday, 'YYYY-MM-DD'
    tier     INTEGER NOT NULL,
    division INTEGER NOT NULL,                         -- 1, 2, 3 ... within the week's tier
    members  INTEGER NOT NULL,
    PRIMARY KEY (week, tier, division)
);

-- Who plays in which division of a week, and their points.
CREATE TABLE league_members (
    week      TEXT    NOT NULL,
    user_id   INTEGER NOT NULL,
    tier      INTEGER NOT NULL,
    division  INTEGER NOT NULL,
    points    INTEGER NOT NULL DEFAULT 0,
    points_at TEXT    NOT NULL,                        -- when they last earned points (equal points: earlier first)
    PRIMARY KEY (week, user_id)
);
CREATE INDEX league_table ON league_members (week, tier, division, points DESC, points_at, user_id);
CREATE INDEX league_members_by_player ON league_members (user_id, week);

-- What earned points, each thing once: a ranked secret, a day's challenge, a puzzle, a day's puzzle. A row counts
-- toward the day's cap of its source (zero points included: a ranked game lost takes its place as one won does).
CREATE TABLE league_points (
    user_id  INTEGER NOT NULL,
    source   TEXT    NOT NULL CHECK (source IN ('ranked', 'daily', 'puzzle', 'day_puzzle')),
    ref      TEXT    NOT NULL,
    week     TEXT    NOT NULL,
    day      TEXT    NOT NULL,                         -- the UTC day it was earned on
    opponent INTEGER,                                  -- a ranked game's other player
    points   INTEGER NOT NULL,
    at       TEXT    NOT NULL,
    PRIMARY KEY (user_id, source, ref)
);
CREATE INDEX league_points_by_day ON league_points (user_id, source, day);
CREATE INDEX league_points_by_opponent ON league_points (user_id, week, opponent) WHERE opponent IS NOT NULL;

-- The weeks closed: each once (its moves and its messages were made in the same transaction as this row).
CREATE TABLE league_weeks (
    week      TEXT    PRIMARY KEY,
    closed_at TEXT    NOT NULL,
    players   INTEGER NOT NULL,
    moved_up  INTEGER NOT NULL,
    moved_down INTEGER NOT NULL
);

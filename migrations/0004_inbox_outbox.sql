-- Reliability: every update Telegram delivers is recorded before it is confirmed (inbox), and every
-- reply is written in the same transaction as the move it answers, then sent until it is delivered (outbox).

CREATE TABLE inbox (
    update_id   INTEGER PRIMARY KEY,                   -- Telegram's id: a second delivery is ignored
    payload     TEXT    NOT NULL,                      -- the update as Telegram sent it (JSON)
    status      TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
    attempts    INTEGER NOT NULL DEFAULT 0,            -- processing runs begun (a crash mid-way leaves one more)
    received_at TEXT    NOT NULL,
    done_at     TEXT
);
CREATE INDEX inbox_pending ON inbox (update_id) WHERE status = 'pending';

CREATE TABLE outbox (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,     -- sending order within a chat
    chat_id     INTEGER NOT NULL,                      -- where it goes
    update_id   INTEGER,                               -- the update it answers (NULL: a timer, a notice)
    payload     TEXT    NOT NULL,                      -- what to send (JSON, see bot/store/outbox.py)
    status      TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts    INTEGER NOT NULL DEFAULT 0,
    not_before  TEXT    NOT NULL,                      -- retry no earlier than this (429 retry_after, backoff)
    created_at  TEXT    NOT NULL,
    sent_at     TEXT,
    error       TEXT                                   -- the last failure, for the operator
);
CREATE INDEX outbox_pending ON outbox (chat_id, id) WHERE status = 'pending';

-- Reminders, only when asked (issue 35): what each player asked to be reminded of, and what they were sent.
--
-- A reminder is decided and queued in one transaction: its row here and its outbox row commit together, or neither
-- does. The primary key of reminders_sent makes a reminder once per player, topic and occasion (a day, a week), so
-- a timer run again after a crash or a failure queues nothing twice; the trigger keeps it to two a player a UTC day
-- whatever asks (the insert is skipped, and the caller queues nothing).
--
-- The outbox learns priorities: a `bulk` call (a reminder) is sent only when no reply to a player waits, and a call
-- with `stale_at` is given up on if it was not made by then. Each chat's next call (outbox_chats) is its oldest
-- reply, else its oldest bulk call, so the sender's two scans (replies first, then reminders) read one row a chat.

ALTER TABLE outbox ADD COLUMN bulk INTEGER NOT NULL DEFAULT 0;  -- 1: sent when no reply waits (reminders)
ALTER TABLE outbox ADD COLUMN stale_at TEXT;                    -- given up on if not made by then; NULL: never
ALTER TABLE outbox_chats ADD COLUMN bulk INTEGER NOT NULL DEFAULT 0;  -- the head's
DROP INDEX outbox_chats_due;
CREATE INDEX outbox_chats_due ON outbox_chats (bulk, due_at);

DROP TRIGGER outbox_queued;
DROP TRIGGER outbox_head_changed;
DROP TRIGGER outbox_pending_deleted;

-- A new row is the chat's head if the chat had none, or if it is a reply and the head is a bulk call.
CREATE TRIGGER outbox_queued AFTER INSERT ON outbox WHEN new.status = 'pending'
BEGIN
    INSERT INTO outbox_chats (chat_id, head, due_at, bulk) VALUES (new.chat_id, new.id, new.not_before, new.bulk)
        ON CONFLICT (chat_id) DO UPDATE SET head = excluded.head, due_at = excluded.due_at, bulk = excluded.bulk
        WHERE outbox_chats.bulk > excluded.bulk;
END;

-- A pending row settled, postponed or moved: its chat's head (and the new chat's) read again.
CREATE TRIGGER outbox_head_changed AFTER UPDATE OF status, not_before, chat_id ON outbox
    WHEN old.status = 'pending'
BEGIN
    DELETE FROM outbox_chats WHERE chat_id IN (old.chat_id, new.chat_id);
    INSERT INTO outbox_chats (chat_id, head, due_at, bulk)
        SELECT chat_id, id, not_before, bulk FROM outbox WHERE chat_id = old.chat_id AND status = 'pending'
        ORDER BY bulk, id LIMIT 1;
    INSERT OR IGNORE INTO outbox_chats (chat_id, head, due_at, bulk)
        SELECT chat_id, id, not_before, bulk FROM outbox WHERE chat_id = new.chat_id AND status = 'pending'
        ORDER BY bulk, id LIMIT 1;
END;

CREATE TRIGGER outbox_pending_deleted AFTER DELETE ON outbox WHEN old.status = 'pending'
BEGIN
    DELETE FROM outbox_chats WHERE chat_id = old.chat_id;
    INSERT INTO outbox_chats (chat_id, head, due_at, bulk)
        SELECT chat_id, id, not_before, bulk FROM outbox WHERE chat_id = old.chat_id AND status = 'pending'
        ORDER BY bulk, id LIMIT 1;
END;

-- What a player asked to be reminded of, one row a topic switched on; `hour` is the UTC hour it was switched on at
-- (what comes at a time of the player's day comes then).
CREATE TABLE reminder_wishes (
    user_id INTEGER NOT NULL,
    topic   TEXT    NOT NULL,                          -- bot/reminders/kinds.py's Topic
    hour    INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
    since   TEXT    NOT NULL,
    PRIMARY KEY (user_id, topic)
);
CREATE INDEX reminder_wishes_by_topic ON reminder_wishes (topic, user_id);

-- Each reminder queued: once per player, topic and occasion; `day` (UTC) counts them against the daily limit.
CREATE TABLE reminders_sent (
    user_id  INTEGER NOT NULL,
    topic    TEXT    NOT NULL,
    occasion TEXT    NOT NULL,                         -- what it was about: a day, a week...
    day      TEXT    NOT NULL,                         -- 'YYYY-MM-DD', UTC, when it was queued
    at       TEXT    NOT NULL,
    PRIMARY KEY (user_id, topic, occasion)
);
CREATE INDEX reminders_sent_by_day ON reminders_sent (user_id, day);
CREATE INDEX reminders_sent_at ON reminders_sent (at);

-- Two a player a day at most, whoever asks: a third is skipped (no row, so its caller queues nothing).
CREATE TRIGGER reminders_at_most_two BEFORE INSERT ON reminders_sent
    WHEN (SELECT count(*) FROM reminders_sent WHERE user_id = new.user_id AND day = new.day) >= 2
BEGIN
    SELECT RAISE(IGNORE);
END;

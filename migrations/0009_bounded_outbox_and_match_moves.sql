-- Bounded queues and flat-cost matches (issue 20).
--
-- Outbox: a reply that shows a whole message (a game's board, an edit of a message) names that message in
-- `slot`, so a newer one replaces an older one still unsent. `outbox_chats` keeps each chat's next call (its
-- oldest pending row) and when it may be made, maintained by triggers on every way a row enters or leaves
-- `pending` (queued, sent, given up on, postponed, moved to a supergroup): the sender's scan for due chats reads
-- one row a chat instead of every pending row.
--
-- Match moves: a move reads its player's own earlier moves (to refuse a repeat), never the whole match.

ALTER TABLE outbox ADD COLUMN slot TEXT;               -- 'board:<game>', 'edit:<message>'; NULL: replaces nothing
CREATE INDEX outbox_slots ON outbox (chat_id, slot) WHERE status = 'pending' AND slot IS NOT NULL;

CREATE TABLE outbox_chats (
    chat_id INTEGER PRIMARY KEY,                       -- a chat with pending calls
    head    INTEGER NOT NULL,                          -- its oldest pending outbox row: the next call to make
    due_at  TEXT    NOT NULL                           -- that row's not_before
);
CREATE INDEX outbox_chats_due ON outbox_chats (due_at);

INSERT INTO outbox_chats (chat_id, head, due_at)
    SELECT o.chat_id, o.id, o.not_before
    FROM (SELECT min(id) AS id FROM outbox WHERE status = 'pending' GROUP BY chat_id) AS heads
    JOIN outbox AS o ON o.id = heads.id;

-- A new row is the chat's head only if the chat had none (ids grow).
CREATE TRIGGER outbox_queued AFTER INSERT ON outbox WHEN new.status = 'pending'
BEGIN
    INSERT INTO outbox_chats (chat_id, head, due_at) VALUES (new.chat_id, new.id, new.not_before)
        ON CONFLICT (chat_id) DO NOTHING;
END;

-- A pending row settled, postponed or moved: its chat's head (and the new chat's) read again.
CREATE TRIGGER outbox_head_changed AFTER UPDATE OF status, not_before, chat_id ON outbox
    WHEN old.status = 'pending'
BEGIN
    DELETE FROM outbox_chats WHERE chat_id IN (old.chat_id, new.chat_id);
    INSERT INTO outbox_chats (chat_id, head, due_at)
        SELECT chat_id, id, not_before FROM outbox WHERE chat_id = old.chat_id AND status = 'pending'
        ORDER BY id LIMIT 1;
    INSERT OR IGNORE INTO outbox_chats (chat_id, head, due_at)
        SELECT chat_id, id, not_before FROM outbox WHERE chat_id = new.chat_id AND status = 'pending'
        ORDER BY id LIMIT 1;
END;

CREATE TRIGGER outbox_pending_deleted AFTER DELETE ON outbox WHEN old.status = 'pending'
BEGIN
    DELETE FROM outbox_chats WHERE chat_id = old.chat_id;
    INSERT INTO outbox_chats (chat_id, head, due_at)
        SELECT chat_id, id, not_before FROM outbox WHERE chat_id = old.chat_id AND status = 'pending'
        ORDER BY id LIMIT 1;
END;

CREATE INDEX match_moves_by_player ON match_moves (match_id, user_id, seq);

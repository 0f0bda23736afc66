-- Forum topics (issue 21): a forum supergroup runs a race or a duel in each of its topics, each answered there.
--
-- A match is kept under its chat and its topic (the message_thread_id of the topic it was started in; 0: no topic,
-- which is a chat without topics, a private chat, or a forum's General topic). One match at a time runs in each
-- (chat, topic), as one did in each chat.

ALTER TABLE matches ADD COLUMN topic INTEGER NOT NULL DEFAULT 0;
DROP INDEX matches_one_active_per_chat;
CREATE UNIQUE INDEX matches_one_active_per_topic ON matches (chat_id, topic) WHERE status = 'active';

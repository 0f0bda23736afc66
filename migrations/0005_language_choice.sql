-- A chat's language is now chosen with /language or /settings; '' means not chosen yet, and a private chat
-- then follows its user's Telegram language. No one could choose a language before this, so a stored 'en'
-- was the default, never a choice.
UPDATE chat_settings SET language = '' WHERE language = 'en';

-- The language of each player's Telegram app, kept fresh like their name: what a message sent to them in
-- private says when it is not their own update that causes it (the other's secret after a duel, say).
ALTER TABLE players ADD COLUMN language TEXT NOT NULL DEFAULT '';

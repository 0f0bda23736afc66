-- Challenging someone by @username: the bot keeps the Telegram username of each player it has seen (NULL: none),
-- since the Bot API cannot resolve a username to a user. Usernames are case-insensitive, hence the index on lower().
ALTER TABLE players ADD COLUMN username TEXT;
CREATE INDEX players_by_username ON players (lower(username)) WHERE username IS NOT NULL;

-- The chat each recorded update belongs to (NULL: none, e.g. an inline query), so that the intake can leave one
-- chat's updates waiting (say, while that group's admin list is looked up) and go on with every other chat's,
-- each chat's still in order.
ALTER TABLE inbox ADD COLUMN chat_id INTEGER;

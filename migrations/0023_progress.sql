-- Your progress, in pictures (issue 35 §4): the page's Stats tab and /stats's sparkline read a player's latest
-- reviews (their accuracy, as each review keeps it), newest first. The reviews' key starts with what they are of, so
-- a player's own are found through this index rather than by reading them all.
CREATE INDEX reviews_by_player ON reviews (user_id, made_at);

-- The Stats tab's ranked rating over time: a player's rated ranked games in a family, in the order they were rated.
CREATE INDEX ranked_results_by_player ON ranked_results (user_id, family, rated_at);

-- The Stats tab's puzzle rating over time: a player's rated puzzles, in the order they were rated.
CREATE INDEX puzzle_attempts_rated ON puzzle_attempts (user_id, rated_at) WHERE rating_after IS NOT NULL;

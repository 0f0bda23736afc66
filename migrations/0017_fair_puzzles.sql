-- Puzzles that are fair (issue 34): a new puzzle's rating starts where the engine's estimate puts it among puzzles
-- people have rated (engine.inverse.start_mu: μ = 25.3 + 0.8 × (estimate − 21)), for both kinds; a best-next-guess
-- puzzle is rated by its own estimate (NextGuessPuzzle.estimate, kept in its data), not the median one it started at.
-- Puzzles nobody has answered yet start again there; those people have answered keep the ratings they earned.
--
-- `puzzle_days.started_at` now means when the player was first shown the day's clues (in private, on the page, or in
-- a group where it was posted): the day's board counts the time from there.

UPDATE puzzles SET estimate = coalesce(json_extract(data, '$.estimate'), estimate) WHERE kind = 'next';
UPDATE puzzles SET mu = 25.3 + 0.8 * (estimate - 21.0) WHERE attempts = 0;

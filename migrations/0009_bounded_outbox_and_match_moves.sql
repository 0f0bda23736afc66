-- Bounded queues and flat-cost matches (issue 20).
--
-- Match moves: a move reads its player's own earlier moves (to refuse a repeat), never the whole match.

CREATE INDEX match_moves_by_player ON match_moves (match_id, user_id, seq);

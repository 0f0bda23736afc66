"""/think: the guesser's game (the bot guesses the player's code from their answers), the answers' buttons and
checks, contradictions and their fixes, /undo and /reveal.

What other features may use of it is exported here (tests/bot/test_layout.py keeps them to it)."""

from __future__ import annotations

from bot.think.board import closed, started
from bot.think.service import asking
from bot.think.slips import (
    answer_refused,
    answer_rows,
    change_prompt,
    change_rows,
    conflict_lines,
    fix_rows,
    more_row,
    order_line,
    other_answers,
    shown_fixes,
)

__all__ = [
    "answer_refused",
    "answer_rows",
    "asking",
    "change_prompt",
    "change_rows",
    "closed",
    "conflict_lines",
    "fix_rows",
    "more_row",
    "order_line",
    "other_answers",
    "shown_fixes",
    "started",
]

"""Celebrations: one line for each milestone a win reached, with a message effect in a private chat."""

from __future__ import annotations

from dataclasses import replace

from bot.boards import chat as chat_board
from bot.play.milestones import Milestone, MilestoneKind
from bot.replies import Outcome
from bot.texts import Html, t

# Telegram's free message effects (sendMessage's message_effect_id; private chats only)
CONFETTI = "5046509860389126442"  # 🎉
FIRE = "5104841245755180586"  # 🔥
EFFECTS = {
    MilestoneKind.FIRST_WIN: CONFETTI,
    MilestoneKind.BEST: CONFETTI,
    MilestoneKind.STREAK: FIRE,
    MilestoneKind.DAYS: FIRE,
}


def line(language: str, milestone: Milestone) -> Html:
    """The cheer for one milestone."""
    return t(f"celebrate.{milestone.kind}", language, n=milestone.n, was=milestone.was)


def celebrated(language: str, outcome: Outcome, reached: tuple[Milestone, ...], private: bool) -> Outcome:
    """The outcome with a line per milestone at the end of the board that ended the game (its first reply, which
    gets the first milestone's effect in a private chat)."""
    boards = outcome.account.boards
    if not reached or not outcome.replies or not boards or boards[0].ending is None:
        return outcome
    cheers = tuple(line(language, m) for m in reached)
    board = boards[0]
    assert board.ending is not None
    cheered = replace(board, ending=replace(board.ending, lines=(*board.ending.lines, *cheers)))
    first, *rest = outcome.replies
    shown = replace(first, text=chat_board.text(cheered), effect=EFFECTS[reached[0].kind] if private else None)
    account = replace(outcome.account, boards=(cheered, *boards[1:]))
    return replace(outcome, replies=(shown, *rest), account=account)

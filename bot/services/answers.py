"""The bot's guess waiting for the player's answer, in /think and in versus: the answers its buttons offer, and a
typed or pressed answer checked against the earlier ones (refused, with why, when no code could give it)."""

from __future__ import annotations

import asyncio

from bot.models.refusal import Refusal
from engine.consistency import Consistent, Contradiction, InvalidAnswer, check_history, check_new_answer
from engine.history import Turn
from engine.scoring import Score, possible_scores
from engine.variant import Variant


async def possible_answers(variant: Variant) -> tuple[Score, ...]:
    """Every answer possible in the variant, for the buttons (worked out in a thread: slow for huge variants)."""
    return await asyncio.to_thread(possible_scores, variant)


async def checked(variant: Variant, history: tuple[Turn, ...], turn: Turn) -> Consistent | Contradiction | Refusal:
    """What the answered `turn` makes of the answers before it: how many codes still fit, or the contradiction; an
    answer no code could give to that guess is refused (an `answer.*` key with its numbers and the code length)."""
    try:
        return await asyncio.to_thread(check_new_answer, variant, history, turn)
    except InvalidAnswer as error:
        return refused(error, variant)


async def rechecked(variant: Variant, history: tuple[Turn, ...]) -> Consistent | Contradiction:
    """How many codes fit the answers, or why none does (in a thread)."""
    return await asyncio.to_thread(check_history, variant, history)


def refused(error: InvalidAnswer, variant: Variant) -> Refusal:
    """The refusal of an answer no code could give: its `answer.*` key, its numbers and the code length."""
    return Refusal(f"answer.{error.key}", {**error.params, "length": variant.length})

"""The bot guessing a code, in /think and in versus: its next guess, the answers its buttons offer, and a
typed or pressed answer checked against the earlier ones (refused, with why, when no code could give it)."""

from __future__ import annotations

from bot.deps import Deps
from bot.refusal import Refusal
from engine.consistency import Consistent, Contradiction, InvalidAnswer, check_history, check_new_answer
from engine.guesser import known_guess, next_guess
from engine.history import Turn
from engine.scoring import Score, possible_scores
from engine.variant import Code, Variant


async def bot_guess(deps: Deps, variant: Variant, history: tuple[Turn, ...]) -> Code:
    """The bot's next guess after `history`: a lookup where its tree has the position, else engine work."""
    known = known_guess(variant, history)
    if known is not None:
        return known
    return await deps.engine.need("next guess", next_guess, variant, history)


async def possible_answers(deps: Deps, variant: Variant) -> tuple[Score, ...]:
    """Every answer possible in the variant, for the buttons (engine work the first time: slow for huge variants)."""
    if variant in _answers:
        return _answers[variant]
    found = await deps.engine.need("possible answers", possible_scores, variant)
    _answers[variant] = found
    return found


_answers: dict[Variant, tuple[Score, ...]] = {}  # worked out once a process, a variant


async def checked(
    deps: Deps, variant: Variant, history: tuple[Turn, ...], turn: Turn
) -> Consistent | Contradiction | Refusal:
    """What the answered `turn` makes of the answers before it: how many codes still fit, or the contradiction; an
    answer no code could give to that guess is refused (an `answer.*` key with its numbers and the code length)."""
    try:
        return await deps.engine.need("answer check", check_new_answer, variant, history, turn)
    except InvalidAnswer as error:
        return refused(error, variant)


async def rechecked(deps: Deps, variant: Variant, history: tuple[Turn, ...]) -> Consistent | Contradiction:
    """How many codes fit the answers, or why none does (engine work)."""
    return await deps.engine.need("answers check", check_history, variant, history)


def refused(error: InvalidAnswer, variant: Variant) -> Refusal:
    """The refusal of an answer no code could give: its `answer.*` key, its numbers and the code length."""
    return Refusal(f"answer.{error.key}", {**error.params, "length": variant.length})

"""The bot's guesses and the player's answers, shown the same way in /think and versus: the answer buttons, why an
answer is refused, answers that contradict each other (which ones and why), the one-answer fixes (every fix as likely
as the ones shown, and the rest behind a button), and changing any answer directly."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

from bot.boards.model import Choice, Choices, Does
from bot.refusal import Refusal
from bot.texts import Html, score_text, t
from engine.consistency import Contradiction, Correction
from engine.explanation import DigitsKnown, DigitsOver, DigitsShort, NoneFits, Reason, RuledOut
from engine.history import Turn
from engine.scoring import Score

LIKELIEST = 3  # fixes shown at first (with every fix exactly as likely as the last of them)
# Fixes shown at most when all are asked for ("➕ N more fixes"): every one there can be (a conflict of a few answers,
# each with at most a dozen others), within the 100 buttons Telegram takes in one keyboard with the ✏️ rows beside them.
MOST_FIXES = 80
CHANGES_PER_ROW = 5


def answer_rows(
    language: str, answers: Sequence[Score], length: int, data: Callable[[Score], str], does: Does = Does.ANSWER
) -> Choices:
    """A choice per answer with `data` for its callback, a row per number of bulls (the last rows merged)."""
    rows: dict[int, list[Choice]] = {}
    for answer in answers:
        choice = Choice(score_text(answer, language), data(answer), does)
        rows.setdefault(min(answer.bulls, length - 1), []).append(choice)
    return tuple(tuple(row) for _, row in sorted(rows.items()))


def answer_refused(language: str, refusal: Refusal) -> Html:
    """Why an answer cannot be right (an `answer.*` refusal), its numbers written as a score."""
    params = dict(refusal.params)
    if "bulls" in params and "cows" in params:
        params["score"] = score_text(Score(int(str(params["bulls"])), int(str(params["cows"]))), language)
        placed = str(params["cows"]) == "1" and str(params["bulls"]) == str(int(str(params.get("length", 0))) - 1)
        if refusal.key == "answer.impossible" and placed:  # '3 1': say why, the last digit has no other place
            return t("answer.impossible.placed", language, **params)
    return t(refusal.key, language, **params)


def turn_refs(language: str, turns: Iterable[int]) -> Html:
    """Turns (0-based) as the player numbers them: '#1, #2 and #4'."""
    return joined(language, [t("turn.ref", language, n=i + 1) for i in turns])


def joined(language: str, items: Sequence[str], word: str = "and") -> Html:
    """Items as a list in words: 'a', 'a and b', 'a, b and c' ('or', or 'nor' after a negation, for `word`)."""
    if len(items) < 2:
        return Html(items[0] if items else "")
    rest = Html(", ".join(items[:-1]))
    return t(f"join.{word}", language, rest=rest, last=Html(items[-1]))


def conflict_lines(language: str, found: Contradiction, history: Sequence[Turn]) -> list[Html]:
    """Which answers cannot all be true, and why (when a sentence can say it)."""
    head = t(f"contra.{found.key}", language, turns=turn_refs(language, found.conflict))
    reason = reason_text(language, found.reason, history) if found.reason is not None else None
    return [head, reason] if reason else [head]


def reason_text(language: str, reason: Reason, history: Sequence[Turn]) -> Html:
    """The reason in one sentence, with the numbers a player can check."""
    match reason:
        case DigitsShort(turns=turns, counts=counts, free=free) if not any(counts):
            if not free:
                return t("reason.digits_none", language, turns=turn_refs(language, turns))
            refs, digits = turn_refs(language, turns), joined(language, free)
            return t("reason.digits_left", language, turns=refs, digits=digits, n=_length(history))
        case DigitsShort(turns=turns):
            refs = turn_refs(language, turns)
            return t("reason.digits_room", language, turns=refs, n=reason.room, length=_length(history))
        case DigitsOver(turns=turns, counts=counts):
            refs, parts = turn_refs(language, turns), Html(" + ".join(map(str, counts)))
            return t("reason.digits_over", language, turns=refs, sum=parts, n=sum(counts), length=_length(history))
        case RuledOut(turns=turns, digits=digits, turn=turn, at_most=at_most, needed=needed):
            return t(
                "reason.ruled_out",
                language,
                turns=turn_refs(language, turns),
                digits=joined(language, digits, "nor"),
                turn=turn + 1,
                guess=history[turn].guess,
                at_most=at_most,
                needed=needed,
            )
        case DigitsKnown(source=source, digits=digits, turn=turn, has=has, said=said):
            return t(
                "reason.digits_known",
                language,
                source=source + 1,
                digits=joined(language, digits),
                turn=turn + 1,
                guess=history[turn].guess,
                has=has,
                said=said,
            )
        case NoneFits():
            return _none_fits(language, reason, history)


def _none_fits(language: str, reason: NoneFits, history: Sequence[Turn]) -> Html:
    answers = [score_text(a, language) for a in reason.answers]
    if reason.more_answers:
        answers.append(t("reason.other_answer", language))
    params: dict[str, object] = {
        "turns": turn_refs(language, reason.turns),
        "turn": reason.turn + 1,
        "guess": history[reason.turn].guess,
        "answers": joined(language, answers, "or"),
        "said": score_text(history[reason.turn].answer, language),
    }
    if len(reason.codes) == 1:
        return t("reason.one_code", language, code=reason.codes[0], **params)
    if reason.codes:
        codes = joined(language, [f"<code>{code}</code>" for code in reason.codes])
        return t("reason.few_codes", language, codes=codes, **params)
    return t("reason.codes", language, n=reason.count, **params)


def _length(history: Sequence[Turn]) -> int:
    return len(history[0].guess)


def shown_fixes(fixes: Sequence[Correction], every: bool) -> tuple[tuple[Correction, ...], int]:
    """The fixes to show (the likeliest few and every one just as likely; or all, up to MOST_FIXES) and how many
    more there are (none once all were asked for: nothing more could be shown)."""
    if every:
        return tuple(fixes[:MOST_FIXES]), 0
    count = min(LIKELIEST, len(fixes))
    while count < len(fixes) and count and math.isclose(fixes[count].share, fixes[count - 1].share, rel_tol=1e-9):
        count += 1
    return tuple(fixes[:count]), len(fixes) - count


def fix_rows(language: str, fixes: Sequence[Correction], data: Callable[[Correction], str]) -> Choices:
    """A choice per fix: '#2 → 1🐂 1🐄 (84 codes)'."""
    return tuple(
        (
            Choice(
                t("btn.fix.codes", language, n=f.turn + 1, score=score_text(f.answer, language), remaining=f.remaining),
                data(f),
                Does.FIX,
            ),
        )
        for f in fixes
    )


def order_line(language: str, fixes: Sequence[Correction]) -> Html | None:
    """Why the fixes come in their order (likeliest first, which is not always the most codes first), when more than
    one is shown."""
    return t("fixes.order", language) if len(fixes) > 1 else None


def more_row(language: str, hidden: int, data: str) -> Choices:
    """The choice that shows the fixes left out, if there are any."""
    return ((Choice(t("btn.more_fixes", language, n=hidden), data, Does.MORE),),) if hidden else ()


def change_rows(language: str, turns: Sequence[int], data: Callable[[int], str]) -> Choices:
    """A '✏️ #2' choice per answer (0-based turns) that asks that answer again."""
    buttons = [Choice(t("btn.change", language, n=i + 1), data(i), Does.CHANGE) for i in turns]
    return tuple(tuple(buttons[i : i + CHANGES_PER_ROW]) for i in range(0, len(buttons), CHANGES_PER_ROW))


def change_prompt(language: str, index: int, turn: Turn) -> Html:
    """'✏️ #2 0245: you said 1🐂 0🐄. What should it be?'"""
    return t("change.ask", language, n=index + 1, guess=turn.guess, given=score_text(turn.answer, language))


def other_answers(answers: Sequence[Score], turn: Turn, length: int, last: bool) -> tuple[Score, ...]:
    """The answers a changed answer can take: any but the one given (and all bulls only for the last guess: an
    earlier one would have ended the game there)."""
    return tuple(a for a in answers if a != turn.answer and (last or a.bulls != length))

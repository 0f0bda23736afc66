"""Replies for a versus game: the user's scored guess, the bot's guess with answer buttons, the ending."""

from __future__ import annotations

from bot import callbacks as cb
from bot.models.match import BOT_ID, Match
from bot.models.refusal import Refusal
from bot.replies import Button, Keyboard, Outcome, Reply
from bot.services import versus
from bot.services.matches import Ended
from bot.texts import Html, example, lines, score_text, t, variant_text
from bot.views.guesser import score_rows
from bot.views.slips import LIKELIEST as MAX_FIXES
from engine.scoring import Score
from engine.variant import Code


def started(language: str, result: versus.VersusStarted) -> Outcome:
    """The game is on; the user guesses first."""
    return Outcome.text(t("vs.started", language, variant=variant_text(result.match.variant, language)))


def reminder(language: str, match: Match) -> Outcome:
    """What the running game waits for."""
    if match.turn_user == BOT_ID and match.pending_guess:
        return Outcome.text(t("vs.answer_first", language, guess=match.pending_guess))
    return Outcome.text(t("vs.guess_first", language, example=example(match.variant)))


def moved(language: str, match: Match, result: versus.Moved) -> Outcome:
    """The reply to a typed guess or answer."""
    return progressed(language, result, in_place=False, match=match)


def progressed(language: str, result: versus.Moved, in_place: bool, match: Match | None = None) -> Outcome:
    """The reply to a move; a pressed answer button edits the message that asked."""
    if isinstance(result, versus.Guessed):
        head = t(
            "vs.your_guess",
            language,
            n=_guesses(result.match, result.match.started_by),
            guess=result.turn.guess,
            score=score_text(result.turn.answer, language),
        )
        if result.ended is not None:
            return Outcome.text(lines(head, ending(language, result.ended)))
        assert result.asking is not None
        return Outcome.say(Reply(head), ask(language, result.asking))
    if isinstance(result, versus.Answered):
        score = score_text(result.turn.answer, language)
        head = t("vs.bot_turn", language, n=_guesses(result.match, BOT_ID), guess=result.turn.guess, score=score)
        ended = result.ended
        tail = t("vs.your_turn", language) if ended is None else ending(language, ended, found=result.turn.guess)
        return Outcome.say(Reply(lines(head, tail), edit_origin=in_place))
    if isinstance(result, versus.Contradicted):
        return contradicted(language, result)
    return refusal(language, result, match)


def refusal(language: str, result: Refusal, match: Match | None) -> Outcome:
    """Why the move or answer is not taken: an impossible answer, no code, or not now."""
    if result.key == "match.stale":
        return Outcome(toast=t("match.stale", language))
    params = dict(result.params)
    if result.key.startswith("answer."):
        if "bulls" in params and "cows" in params:
            params["score"] = score_text(Score(int(str(params["bulls"])), int(str(params["cows"]))), language)
    elif match is not None and not result.key.startswith("invalid."):
        params.setdefault("example", example(match.variant))
    return Outcome.text(t(result.key, language, **params))


def ask(language: str, asking: versus.Asking) -> Reply:
    """The bot's guess with a button for every possible answer."""
    match = asking.match
    n = _guesses(match, BOT_ID) + 1
    user = match.seated(1)
    if user is not None and user.solved:
        text = t("vs.ask.last", language, n=user.solved_in, m=n, guess=asking.guess)
    else:
        text = t("vs.ask", language, n=n, guess=asking.guess)
    return Reply(text, answer_keyboard(language, match, asking.answers))


def answer_keyboard(language: str, match: Match, answers: tuple[Score, ...]) -> Keyboard:
    """The same answer buttons as the guesser's board, calling back to this match."""
    return score_rows(
        answers,
        match.variant.length,
        language,
        lambda answer: cb.game_button(cb.MATCH, match.id, match.revision, cb.MATCH_ANSWER, cb.score_arg(answer)),
    )


def contradicted(language: str, result: versus.Contradicted) -> Outcome:
    """Which answers cannot all be true, with a button for each likely one-answer fix (as in the guesser)."""
    match, found = result.match, result.contradiction
    turns = ", ".join(f"#{i + 1}" for i in found.conflict)
    earlier = _guesses(match, BOT_ID)
    rows = []
    for fix in found.corrections:
        if fix.turn < earlier and fix.answer.bulls == match.variant.length:
            continue  # the game would have ended there
        label = t("btn.fix", language, n=fix.turn + 1, score=score_text(fix.answer, language), remaining=fix.remaining)
        data = cb.game_button(
            cb.MATCH,
            match.id,
            match.revision,
            cb.MATCH_FIX,
            fix.turn,
            cb.score_arg(fix.answer),
            cb.score_arg(result.given),
        )
        rows.append((Button(label, data),))
    text = lines(t("vs.contradiction", language, turns=turns), t("vs.fixes", language) if rows else None)
    return Outcome.text(text, tuple(rows[:MAX_FIXES]))


def ending(language: str, ended: Ended, found: Code | None = None) -> Html:
    """Who won, and the bot's code (the game is over, and this is a private chat); `found` is the bot's last
    guess, which is the user's code when the bot won."""
    match = ended.match
    user, bot = match.seated(1), match.seated(2)
    assert user is not None
    assert bot is not None
    if match.status == "won":
        return t("vs.won", language, secret=match.secret, n=user.solved_in)
    if match.status == "draw":
        return t("vs.draw", language, n=user.solved_in, secret=match.secret)
    if match.status == "lost":
        return t("vs.lost", language, code=found, n=bot.solved_in, secret=match.secret)
    return t("vs.resigned", language, secret=match.secret)


def resigned(language: str, ended: Ended | None) -> Outcome:
    """The reply to /resign."""
    if ended is None:
        return Outcome.text(t("vs.none", language))
    return Outcome.text(ending(language, ended))


def _guesses(match: Match, user_id: int) -> int:
    """How many guesses a player of the match has made."""
    player = match.player(user_id)
    return player.guesses if player is not None else 0

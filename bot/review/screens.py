"""The game review as the player sees it: a row a guess (its score, the codes that fit before and after it, what it
told, its label, the best guess where it was not among the best), the accuracy and the coach's words on the turning
point, built once as a ReviewBoard (bot/review/board.py) for the chat's message and the Mini App's table; a position of
the game as a PositionBoard; and the buttons and answers around them (reviewing…, why there is no review)."""

from __future__ import annotations

import math
from functools import lru_cache

from bot import callback_data as cb
from bot.boards.model import Choice, Does
from bot.refusal import Refusal
from bot.replies import Account, Button, Did, Outcome, Reply
from bot.review import chat as chat_review
from bot.review.board import BestGuess, PositionBoard, ReviewBoard, ReviewRow
from bot.review.service import Hinted, Reviewed, Subject, waits
from bot.texts import Html, code_text, date_text, decimal_text, score_text, t, variant_name, wait_text
from engine.review import GameReview, GuessReview, Label, PositionReview
from engine.review.labels import EXCELLENT_BELOW, GOOD_BELOW, INACCURACY_BELOW, MISTAKE_BELOW

REVIEW = "rv"  # rv:g:<game>[:1], rv:m:<match>[:1]: the review of a game, or of the presser's guesses in a match
TOAST_MOST = 120  # characters of a refusal a button's toast says; a longer one (the daily's wait) is a message
LINK = "review_"  # t.me/<bot>?start=review_<match>: the review of the opener's guesses in a match, in private
MARKS = {
    Label.BEST: "⭐",
    Label.EXCELLENT: "✅",
    Label.GOOD: "👍",
    Label.INACCURACY: "🤔",
    Label.MISTAKE: "❌",
    Label.BLUNDER: "💥",
}
WORDS = {
    Label.BEST: "review.label.best",
    Label.EXCELLENT: "review.label.excellent",
    Label.GOOD: "review.label.good",
    Label.INACCURACY: "review.label.inaccuracy",
    Label.MISTAKE: "review.label.mistake",
    Label.BLUNDER: "review.label.blunder",
}
TITLES = {
    Reviewed.GAME: "review.title.game",
    Reviewed.VERSUS: "review.title.versus",
    Reviewed.RACE: "review.title.race",
    Reviewed.DUEL: "review.title.duel",
}


def data(subject: Subject) -> str:
    """The callback data that asks for the subject's review."""
    return game_data(subject.owner_id) if subject.of == Reviewed.GAME else match_data(subject.owner_id)


def game_data(game_id: int) -> str:
    """The callback data of the 📊 Review button under a finished game."""
    return cb.encode(REVIEW, "g", game_id)


def match_data(match_id: int) -> str:
    """The callback data of the 📊 Review button under a finished versus game (or a duel's end, in private)."""
    return cb.encode(REVIEW, "m", match_id)


def game_choice(language: str, game_id: int) -> Choice:
    """The 📊 Review button under a finished game's board."""
    return Choice(t("btn.review", language), game_data(game_id), Does.REVIEW)


def match_choice(language: str, match_id: int) -> Choice:
    """The 📊 Review button under a finished versus game's board."""
    return Choice(t("btn.review", language), match_data(match_id), Does.REVIEW)


def link_button(language: str, match_id: int, bot_username: str | None) -> tuple[Button, ...]:
    """Under a finished race or duel in a group: a link that opens each player's own review in their private chat
    (nothing where the bot's username is not known)."""
    if not bot_username:
        return ()
    return (Button(t("btn.review.private", language), url=f"https://t.me/{bot_username}?start={LINK}{match_id}"),)


def board(language: str, subject: Subject, review: GameReview) -> ReviewBoard:
    """The review of the subject's guesses, as the player reads it."""
    variant = subject.variant
    rows = tuple(_row(language, subject, item) for item in review.guesses)
    point = review.turning_point
    coach = [_accuracy(language, review)]
    if point is not None:
        best, guess = code_text(variant, point.best), code_text(variant, point.guess)
        loss = decimal_text(point.loss, 2, language)
        if point.loss < GOOD_BELOW:  # the worst guess was still good: no turning point to speak of
            coach.append(t("review.close", language, turn=point.turn + 1, guess=guess, loss=loss, best=best))
        else:
            could = (  # the best guess was the one code left: it would have won, not "left at most 0 codes"
                t("review.turning.won", language, best=best)
                if point.best_worst == 0
                else t("review.turning.could", language, best=best, n=point.best_worst)
            )
            turn = point.turn + 1
            if review.guesses[point.turn].answer.bulls == variant.length:  # it found the code: luck, not a plan
                coach.append(t("review.turning.lucky", language, turn=turn, could=could, guess=guess, loss=loss))
            else:
                left = t("review.turning.left", language, guess=guess, n=point.after)
                coach.append(t("review.turning", language, turn=turn, could=could, left=left, loss=loss))
    if subject.hinted == Hinted.NOTED:
        coach.append(t("review.hints", language))
    elif subject.hinted == Hinted.UNNOTED:
        coach.append(t("review.hints.unnoted", language))
    if not review.exact:
        coach.append(t("review.estimate", language))
    return ReviewBoard(
        title=_title(language, subject),
        rows=rows,
        accuracy=review.accuracy,
        exact=review.exact,
        coach=tuple(coach),
        legend=legend(language),
        turning=None if point is None else point.turn + 1,
    )


def _title(language: str, subject: Subject) -> Html:
    if subject.daily is not None:
        return t("review.title.daily", language, day=date_text(subject.daily, language))
    return t(TITLES[subject.of], language, variant=variant_name(subject.variant, language))


def _row(language: str, subject: Subject, item: GuessReview) -> ReviewRow:
    variant = subject.variant
    won = item.answer.bulls == variant.length
    bits = None if won else math.log2(item.before / item.after)
    best = None if item.among_best or not item.weighed.best else item.weighed.best[0].guess
    shown = {
        "n": item.turn + 1,
        "guess": code_text(variant, item.guess),
        "score": score_text(item.answer, language),
        "before": item.before,
        "label": mark(item.label, item.exact),
        "best": t("review.row.best", language, best=code_text(variant, best)) if best else Html(""),
    }
    if won:
        line = t("review.row.won", language, **shown)
    else:
        line = t("review.row", language, **shown, after=item.after, bits=decimal_text(bits or 0.0, 1, language))
    return ReviewRow(
        number=item.turn + 1,
        guess=item.guess,
        score=item.answer,
        before=item.before,
        after=item.after,
        bits=bits,
        label=item.label,
        loss=item.loss,
        exact=item.exact,
        best=best,
        line=line,
        label_text=label_text(language, item.label, item.exact),
    )


def mark(label: Label, exact: bool = True) -> Html:
    """A label's mark on a row: its emoji, after '≈' where the figures are an estimate."""
    return Html(("" if exact else "≈") + MARKS[label])


def label_text(language: str, label: Label, exact: bool = True) -> Html:
    """A label as the page shows it: its mark and its word ('⭐ best', '≈ 👍 good')."""
    return Html(f"{'' if exact else '≈ '}{MARKS[label]} {t(WORDS[label], language)}")


def _accuracy(language: str, review: GameReview) -> Html:
    lost = sum(max(item.loss, 0.0) for item in review.guesses)
    if not any(item.loss > 0 for item in review.guesses):
        return t("review.perfect", language)
    shown = decimal_text(review.accuracy, 1, language)
    accuracy = Html(shown if review.exact else f"≈{shown}")
    start, gave = decimal_text(review.start, 2, language), decimal_text(lost, 2, language)
    return t("review.accuracy", language, accuracy=accuracy, start=start, lost=gave)


@lru_cache(maxsize=16)
def legend(language: str) -> Html:
    """What the marks mean, and the losses they stand for."""
    cuts = {
        name: decimal_text(value, len(f"{value:g}".partition(".")[2]), language)  # as written: 0.05, 0.2, 1
        for name, value in (
            ("excellent", EXCELLENT_BELOW),
            ("good", GOOD_BELOW),
            ("inaccuracy", INACCURACY_BELOW),
            ("mistake", MISTAKE_BELOW),
        )
    }
    marks = {f"{label.value}_mark": MARKS[label] for label in Label}
    return t("review.legend", language, **cuts, **marks)


def shown(language: str, subject: Subject, review: GameReview) -> Outcome:
    """The review as one message in the chat (what it did: shown, nothing changed)."""
    text = chat_review.text(board(language, subject, review), language)
    return Outcome.say(Reply(text), account=Account(Did.SHOWN, notice=text))


def coming(language: str, pressed: bool) -> Outcome:
    """A review being made: said at once (a button's toast, or a message), the review follows."""
    text = t("review.coming", language)
    if pressed:
        return Outcome(toast=text, account=Account(Did.SHOWN, notice=text))
    return Outcome.text(text)


def refused(language: str, refusal: Refusal, pressed: bool = False) -> Outcome:
    """Why there is no review (a toast for a button, where it is short; else a message)."""
    text = refusal_text(language, refusal)
    if pressed and len(text) <= TOAST_MOST:
        return Outcome.refused(refusal, text, toast=True)
    return Outcome.refused(refusal, text)


def refusal_text(language: str, refusal: Refusal) -> Html:
    """A refusal's words (today's daily challenge: how long until it can be reviewed)."""
    wait = waits(refusal)
    if wait is not None:
        return t(refusal.key, language, wait=wait_text(wait, language))
    return t(refusal.key, language, **refusal.params)


def position(language: str, subject: Subject, number: int, found: PositionReview) -> PositionBoard:
    """The position guess `number` was made in: the codes that fit (a page), the least expected guesses from there,
    and some of the best guesses."""
    variant = subject.variant
    least = decimal_text(found.least, 2, language)
    best = tuple(
        BestGuess(
            item.guess,
            item.worst,
            t("review.position.best.won", language, guess=code_text(variant, item.guess))
            if item.worst == 0
            else t("review.position.best", language, guess=code_text(variant, item.guess), n=item.worst),
        )
        for item in found.best
    )
    return PositionBoard(
        number=number,
        title=t("review.position.title", language, number=number, n=found.count),
        count=found.count,
        codes=found.codes,
        page=found.page,
        pages=found.pages,
        page_text=t("app.possible.page", language, page=found.page + 1, pages=found.pages),
        least=found.least,
        least_text=t("review.position.least", language, least=least if found.exact else Html(f"≈{least}")),
        exact=found.exact,
        best=best,
    )

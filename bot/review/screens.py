"""The game review as the player sees it: a row a guess (its score, the codes that fit before and after it, what it
told, its label, the best guess where it was not among the best), the accuracy and the coach's words on the turning
point, built once as a ReviewBoard (bot/review/board.py) for the chat's message and the Mini App's table; a position of
the game as a PositionBoard; and the buttons and answers around them (reviewing…, why there is no review)."""

from __future__ import annotations

import html
import math
from datetime import UTC
from functools import lru_cache

from bot import callback_data as cb
from bot.boards import chat as chat_board
from bot.boards.model import Choice, Choices, Does
from bot.refusal import Refusal
from bot.replies import Account, Button, Did, Outcome, Reply
from bot.review import chat as chat_review
from bot.review.board import BestGuess, HintRow, PositionBoard, ReviewBoard, ReviewRow
from bot.review.figures import FIXABLE, printed, shown_label
from bot.review.lessons import End, HintTaken, Split
from bot.review.service import Hinted, HowEnded, Made, Reviewed, Subject, waits
from bot.texts import (
    Html,
    code_text,
    colourful,
    colours_text,
    date_text,
    decimal_text,
    score_text,
    t,
    variant_name,
    wait_text,
)
from engine.review import GuessReview, Label, PositionReview
from engine.review.labels import EXCELLENT_BELOW, GOOD_BELOW, INACCURACY_BELOW, MISTAKE_BELOW
from engine.scoring import Score
from engine.variant import Code, Variant

REVIEW = "rv"  # rv:g:<game>, rv:m:<match>: the review of a game, or of the presser's guesses in a match
OF_GAME, OF_MATCH = "g", "m"  # what rv:<g|m>:<id> is a review of: a one-player game, or a match
RETRY = "r"  # rv:r:<g|m>:<game or match>:<n>: the position guess n was made in, as a puzzle (n-1 guesses before it)
RETRIES = 3  # the positions of a review a retry is offered for, at most
WHY_PARTS = 5  # the parts a line names of a best guess's split
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
    return cb.encode(REVIEW, OF_GAME, game_id)


def of_field(of: Reviewed) -> str:
    """What a review is of, as its button's field spells it: OF_GAME or OF_MATCH (a race's, duel's or versus')."""
    return OF_GAME if of == Reviewed.GAME else OF_MATCH


def match_data(match_id: int) -> str:
    """The callback data of the 📊 Review button under a finished versus game (or a duel's end, in private)."""
    return cb.encode(REVIEW, OF_MATCH, match_id)


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


def board(language: str, subject: Subject, made: Made) -> ReviewBoard:
    """The review of the subject's guesses, as the player reads it: how a game not won ended, first; a row a guess,
    the hints where they were taken; the accuracy, the moment that teaches most, where a game not won stopped; and
    the buttons to retry a position or play on."""
    review = made.review
    rows = tuple(_row(language, subject, item) for item in review.guesses)
    coach = [_accuracy(language, subject, made)]
    coach.extend(_moment_lines(language, subject, made))
    if made.end is not None:
        coach.append(_end_line(language, subject, made.end))
    if subject.hinted == Hinted.NOTED and any(subject.known or ()):
        coach.append(t("review.hints", language))
    elif subject.hinted == Hinted.UNNOTED:
        coach.append(t("review.hints.unnoted", language))
    if not review.exact or not review.start_exact:
        coach.append(t("review.estimate", language))
    retries = _retries(subject, made)
    return ReviewBoard(
        title=_title(language, subject),
        rows=rows,
        accuracy=review.accuracy,
        exact=review.exact,
        coach=tuple(coach),
        legend=legend(language),
        turning=None if made.moment is None or not _turning(made) else made.moment.turn + 1,
        choices=_choices(language, subject, retries),
        hints=tuple(HintRow(hint.at, _hint_line(language, subject.variant, hint)) for hint in made.hints),
        ending=None if subject.ended == HowEnded.WON else _ending(language, subject),
        which=_which(language, subject) if subject.older else None,
        retries=retries,
    )


def _title(language: str, subject: Subject) -> Html:
    if subject.daily is not None:
        return t("review.title.daily", language, day=date_text(subject.daily, language))
    return t(TITLES[subject.of], language, variant=variant_name(subject.variant, language))


def _which(language: str, subject: Subject) -> Html:
    """Which game /review shows, when the player played another since (running, or with no guesses of theirs)."""
    if subject.finished_at is None:
        return t("review.which.undated", language)
    when = subject.finished_at.astimezone(UTC)
    day, time = date_text(when.date().isoformat(), language), Html(when.strftime("%H:%M"))
    return t("review.which", language, day=day, time=time)


def _ending(language: str, subject: Subject) -> Html:
    """How a game not won ended for the player (said first)."""
    n = len(subject.turns)
    if subject.ended in (HowEnded.LOST, HowEnded.OUTPLAYED):
        kind = "versus" if subject.of == Reviewed.VERSUS else "race" if subject.of == Reviewed.RACE else "duel"
        name = Html(html.escape(subject.rival or "", quote=False))
        return t(f"review.ended.{subject.ended.value}.{kind}", language, n=n, name=name)
    return t(f"review.ended.{subject.ended.value}", language, n=n)


def _hint_line(language: str, variant: Variant, hint: HintTaken) -> Html:
    """A hint's row: the digit it revealed in its place, and the codes that fitted before and after it."""
    pattern = " ".join(str(hint.digit) if place == hint.position else "_" for place in range(variant.length))
    shown = f"<code>{pattern}</code>"
    if colourful(variant):
        shown += " " + colours_text(pattern.replace(" ", ""))
    return t("review.row.hint", language, pattern=Html(shown), before=hint.before, after=hint.after)


def _row(language: str, subject: Subject, item: GuessReview) -> ReviewRow:
    variant = subject.variant
    won = item.answer.bulls == variant.length
    bits = None if won else math.log2(item.before / item.after)
    label = shown_label(item.loss, item.label)
    best = None if label is Label.BEST or not item.weighed.best else item.weighed.best[0].guess
    shown = {
        "n": item.turn + 1,
        "guess": code_text(variant, item.guess),
        "score": score_text(item.answer, language),
        "before": item.before,
        "label": mark(label, item.exact),
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
        label=label,
        loss=item.loss,
        exact=item.exact,
        best=best,
        line=line,
        label_text=label_text(language, label, item.exact),
    )


def _turning(made: Made) -> bool:
    """Whether the moment is a turning point (its loss, as printed, at least GOOD_BELOW), not a small slip."""
    moment = made.moment
    return moment is not None and printed(made.review.guesses[moment.turn].loss) >= GOOD_BELOW


def _moment_lines(language: str, subject: Subject, made: Made) -> list[Html]:
    """The coach on the moment that teaches most: a small slip, or the turning point, its guess and the best one
    compared like with like (the most codes each could leave, and how many on average)."""
    moment = made.moment
    if moment is None:
        return []
    variant = subject.variant
    item = made.review.guesses[moment.turn]
    turn, loss = moment.turn + 1, decimal_text(printed(item.loss), 2, language)
    guess, best = code_text(variant, item.guess), code_text(variant, moment.best.guess)
    if not _turning(made):
        return [t("review.close", language, turn=turn, guess=guess, loss=loss, best=best)]
    if moment.teaches:
        compared = Html(f"{_side(language, variant, moment.played)}; {_side(language, variant, moment.best)}")
    else:
        average = decimal_text(moment.played.expected, 1, language)
        compared = t("review.split.alike", language, guess=guess, best=best, n=moment.played.worst, average=average)
    if item.answer.bulls == variant.length:  # it found the code: luck, not a plan
        return [t("review.turning.lucky", language, turn=turn, compared=compared, guess=guess, loss=loss)]
    left = t("review.turning.left", language, guess=guess, n=item.after)
    return [t("review.turning", language, turn=turn, compared=compared, left=left, loss=loss)]


def _side(language: str, variant: Variant, split: Split) -> Html:
    """What one guess could leave, as a player can check it: '5678 could leave up to 132 codes, 71.9 on average'."""
    guess = code_text(variant, split.guess)
    if split.codes == 1:
        return t("review.split.won" if split.can_win else "review.split.miss", language, guess=guess)
    if split.identifies:
        key = "review.split.apart.win" if split.can_win else "review.split.apart"
        return t(key, language, guess=guess, n=split.codes)
    average = decimal_text(split.expected, 1, language)
    key = "review.split.leaves.win" if split.can_win else "review.split.leaves"
    return t(key, language, guess=guess, n=split.worst, average=average)


def why_line(language: str, variant: Variant, split: Split) -> Html:
    """What makes a best guess best, in one line a player can check: it is the one code left; it gives every code its
    own score; or the parts its answers split the codes into ('1🐂 1🐄 → 3 · 0🐂 2🐄 → 2 · …')."""
    guess = code_text(variant, split.guess)
    if split.codes == 1 and split.can_win:
        return t("review.why.won", language, guess=guess)
    if split.identifies:
        key = "review.why.apart.win" if split.can_win else "review.why.apart"
        return t(key, language, guess=guess, n=split.codes)
    parts = [
        Html(f"{score_text(Score(b, c), language)} → {'🎉' if b == variant.length else n}")
        for b, c, n in split.parts[:WHY_PARTS]
    ]
    if len(split.parts) > WHY_PARTS or sum(n for _, _, n in split.parts) < split.codes:
        parts.append(Html("…"))
    average = decimal_text(split.expected, 1, language)
    return t("review.why.parts", language, guess=guess, n=split.codes, parts=Html(" · ".join(parts)),
             worst=split.worst, average=average)  # fmt: skip


def _end_line(language: str, subject: Subject, end: End) -> Html:
    """Where a game whose code was not found stopped: the codes that still fitted, the best next guess there and
    what the best play needed from there."""
    variant = subject.variant
    if end.best is None:
        return t("review.end.none", language, n=end.count)
    best = code_text(variant, end.best.guess)
    if end.count == 1:
        return t("review.end.single", language, code=best)
    least = decimal_text(end.least, 2, language)
    average = decimal_text(end.best.expected, 1, language)
    shown_least = least if end.exact else Html(f"≈{least}")
    return t("review.end", language, n=end.count, best=best, worst=end.best.worst, average=average, least=shown_least)


def _retries(subject: Subject, made: Made) -> tuple[int, ...]:
    """The positions (by the number of the guess made there) a retry is offered for: where a game whose code was
    not found stopped, then the guesses that lost most (an inaccuracy or worse), the turning point first."""
    review = made.review
    fixable = [item for item in review.guesses if shown_label(item.loss, item.label) in FIXABLE and item.weighed.best]
    first = made.moment.turn if made.moment is not None else -1
    fixable.sort(key=lambda item: (item.turn != first, -item.loss, item.turn))
    numbers = [item.turn + 1 for item in fixable]
    if made.end is not None and made.end.count > 1:
        numbers.insert(0, len(subject.turns) + 1)
    return tuple(numbers[:RETRIES])


def _choices(language: str, subject: Subject, retries: tuple[int, ...]) -> Choices:
    """A retry of each position named, then a new game in the variant."""
    tried = tuple(
        Choice(t("review.btn.retry", language, n=number), retry_data(subject, number), Does.RETRY) for number in retries
    )
    play = Choice(t("review.btn.play", language), cb.encode(cb.NEW, cb.REFEREE, subject.variant.name), Does.NEW)
    return tuple(row for row in (tried, (play,)) if row)


def retry_data(subject: Subject, number: int) -> str:
    """The callback data of '🔁 Retry #n': the position guess `number` was made in, as a puzzle."""
    return cb.encode(REVIEW, RETRY, of_field(subject.of), subject.owner_id, number)


def mark(label: Label, exact: bool = True) -> Html:
    """A label's mark on a row: its emoji, after '≈' where the figures are an estimate."""
    return Html(("" if exact else "≈") + MARKS[label])


def label_text(language: str, label: Label, exact: bool = True) -> Html:
    """A label as the page shows it: its mark and its word ('⭐ best', '≈ 👍 good')."""
    return Html(f"{'' if exact else '≈ '}{MARKS[label]} {t(WORDS[label], language)}")


def _accuracy(language: str, subject: Subject, made: Made) -> Html:
    """The accuracy and what it rests on: the best play's expected guesses from the first guess (after the hints
    taken before it, if any; '≈' where it is an estimate) and what the choices gave away. A game without a loss says
    so, but never 'nothing to improve' where hints helped or the code was not found."""
    review = made.review
    if all(shown_label(item.loss, item.label) is Label.BEST for item in review.guesses):
        if not subject.found:
            return t("review.perfect.unfinished", language)
        if made.hints or subject.hinted != Hinted.NONE:
            return t("review.perfect.hinted", language)
        return t("review.perfect", language)
    lost = sum(max(item.loss, 0.0) for item in review.guesses)
    shown = decimal_text(review.accuracy, 1, language)
    accuracy = Html(shown if review.exact else f"≈{shown}")
    start = decimal_text(review.start, 2, language)
    gave = decimal_text(lost, 2, language)
    key = "review.accuracy.hinted" if review.guesses and review.guesses[0].pins else "review.accuracy"
    return t(key, language, accuracy=accuracy, start=start if review.start_exact else Html(f"≈{start}"), lost=gave)


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


def shown(language: str, subject: Subject, review: Made) -> Outcome:
    """The review as one message in the chat, with its buttons to go on (what it did: shown, nothing changed)."""
    drawn = board(language, subject, review)
    text = chat_review.text(drawn, language)
    return Outcome.say(Reply(text, chat_board.keyboard(drawn.choices)), account=Account(Did.SHOWN, notice=text))


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


def position(
    language: str, subject: Subject, number: int, found: PositionReview, splits: tuple[Split, ...] = ()
) -> PositionBoard:
    """The position guess `number` was made in: the codes that fit (a page), the least expected guesses from there
    ('≈' where an estimate), the best guesses with the most codes each could leave and how many on average (`splits`:
    theirs, in order), and what makes the first of them best."""
    variant = subject.variant
    least = decimal_text(found.least, 2, language)
    by_guess = {split.guess: split for split in splits}
    best = tuple(
        _best_guess(language, variant, item.guess, item.worst, by_guess.get(item.guess)) for item in found.best
    )
    first = by_guess.get(found.best[0].guess) if found.best else None
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
        best_heading=t(
            "review.position.best.heading.one" if len(best) == 1 else "review.position.best.heading", language
        ),
        why=None if first is None else why_line(language, variant, first),
        codes_heading=t("review.position.codes", language, n=found.count),
    )


def _best_guess(language: str, variant: Variant, guess: Code, worst: int, split: Split | None) -> BestGuess:
    """One of the best guesses at a position, with the most codes an answer could leave (and how many on average)."""
    shown = code_text(variant, guess)
    if worst == 0 or (split is not None and split.codes == 1):
        return BestGuess(guess, worst, t("review.position.best.won", language, guess=shown))
    if split is None:
        return BestGuess(guess, worst, t("review.position.best", language, guess=shown, n=worst))
    average = decimal_text(split.expected, 1, language)
    line = t("review.position.best.average", language, guess=shown, n=split.worst, average=average)
    return BestGuess(guess, split.worst, line, split.expected)

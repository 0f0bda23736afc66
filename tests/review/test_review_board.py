"""The review's faces: the chat's one message stays within Telegram's 4,096 characters for the longest game the bot
allows (the worst guesses kept, the rest folded), its HTML is what Telegram takes, and the Mini App's JSON is drawn
from the same board. Where no transport delivers reviews later (the console), an update makes its own."""

import random

from bot.games.rules import MAX_GUESSES
from bot.games.status import Status
from bot.page import schema
from bot.review import chat as chat_review
from bot.review import page as page_review
from bot.review import screens as review_board
from bot.review.lessons import Moment, Split
from bot.review.service import Made, Reviewed, Subject, reviewer
from bot.texts import plain
from engine.history import Turn
from engine.review import GameReview, GuessCost, GuessLoss, GuessReview, Label, TurningPoint, label_for
from engine.scoring import score
from engine.variant import variant_named
from tests.bot.fakes import runtime_on
from tests.bot.telegram_html import html_errors

LOSSES = (0.0, 0.03, 0.1, 0.3, 0.7, 1.4)


def synthetic(variant_name: str, count: int = MAX_GUESSES, seed: int = 29) -> tuple[Subject, GameReview]:
    """A review as long and as wide as any game can give: `count` guesses of the variant, every figure an estimate
    with the widest counts, a best move named on every row that lost anything."""
    variant = variant_named(variant_name)
    rng = random.Random(seed)
    secret = variant.code(rng.randrange(variant.size))
    codes = [variant.code(rng.randrange(variant.size)) for _ in range(count - 1)] + [secret]
    turns = tuple(Turn(code, score(secret, code)) for code in codes)
    guesses = []
    for index, turn in enumerate(turns):
        loss = LOSSES[index % len(LOSSES)]
        played = GuessCost(turn.guess, 6.0 + loss, variant.size // 3, False)
        best = (GuessCost(variant.code(rng.randrange(variant.size)), 6.0, variant.size // 4, False),)
        weighed = GuessLoss(played, 6.0, loss, label_for(loss), False, best)
        before, after = variant.size - index, variant.size - index - 1
        guesses.append(GuessReview(index, turn.guess, turn.answer, before, after, (), weighed))
    worst = guesses[5]
    point = TurningPoint(5, worst.guess, worst.loss, 99_999, 88_888, worst.weighed.best[0].guess, 77_777)
    review = GameReview(variant.name, tuple(guesses), 6.2, 61.3, point, False)
    parts = tuple((b, c, 9_999) for b in range(3) for c in range(3))
    played = Split(worst.guess, 999_999, 99_999, 88_888.8, False, True, parts)
    best = Split(worst.weighed.best[0].guess, 999_999, 77_777, 66_666.6, False, True, parts)
    made = Made(review, moment=Moment(5, played, best, True))
    return Subject(Reviewed.GAME, 1, 1, variant, turns, None, status=Status.WON), made


def test_the_longest_game_of_the_widest_codes_fits_one_message_keeping_the_worst_guesses():
    for name in ("6", "mastermind", "mastermind10", "classic"):
        for language in ("en", "ru"):
            subject, review = synthetic(name)
            board = review_board.board(language, subject, review)
            text = chat_review.text(board, language)
            assert chat_review.size(text) <= 4096, (name, language, chat_review.size(text))
            assert html_errors(text) == [], (name, language)
            lines = text.split("\n")
            assert lines[0] == board.title
            assert lines[-1] == board.legend
            assert board.rows[5].line in lines  # the turning point
            kept = [row for row in board.rows if row.line in lines]
            blunders = [row for row in board.rows if row.label == Label.BLUNDER]
            assert len(kept) < len(board.rows)  # folded
            assert sum(row in kept for row in blunders) >= min(len(blunders), 10)  # the worst kept first
            assert any(line.startswith("⋯") for line in lines)


def test_a_short_game_is_shown_whole_without_folding():
    subject, review = synthetic("classic", count=7)
    board = review_board.board("en", subject, review)
    text = chat_review.text(board, "en")
    assert all(row.line in text for row in board.rows)
    assert "⋯" not in text


def test_the_pages_json_is_the_same_board_as_the_chats_message():
    subject, review = synthetic("mastermind", count=9)
    board = review_board.board("ru", subject, review)
    data = schema.builtins(page_review.review(board, subject.variant, "ru"))
    chat = chat_review.text(board, "ru")
    assert [row["guess"] for row in data["rows"]] == [turn.guess for turn in subject.turns]
    assert [(row["before"], row["after"], row["label"]) for row in data["rows"]] == [
        (row.before, row.after, row.label.value) for row in board.rows
    ]
    assert [row["labelText"] for row in data["rows"]] == [plain(row.label_text) for row in board.rows]
    assert data["coach"] == [plain(line) for line in board.coach]
    assert all(line in chat for line in board.coach)
    assert data["title"] == plain(board.title)
    assert [row["turning"] for row in data["rows"]].index(True) == 5


async def test_without_a_transport_to_deliver_later_the_update_makes_its_review(tmp_path):
    from bot.core import Who

    me = Who(5, 5, name="Ann")
    async with runtime_on(tmp_path / "db.sqlite3") as runtime:
        core = runtime.core
        assert core.deps.later is None  # nothing delivers later here: the review is made by the update
        await core.on_command(me, "play")
        game = await core.deps.store.games.active_game(5)
        await core.on_text(me, "0123" if game.secret != "0123" else "4567")
        await core.on_text(me, game.secret)
        outcome = await core.on_command(me, "review")
        [reply] = outcome.replies
        assert reply.text.startswith("📊 <b>Game review</b>")
        assert reviewer(core.deps).made == 1
        assert (await core.on_command(me, "review")).replies[0].text == reply.text
        assert reviewer(core.deps).made == 1  # kept


def test_a_guess_that_loses_nothing_is_best_and_the_labels_follow_the_thresholds():
    cuts = [(0.0, Label.BEST), (0.049, Label.EXCELLENT), (0.05, Label.GOOD), (0.2, Label.INACCURACY)]
    cuts += [(0.5, Label.MISTAKE), (1.0, Label.BLUNDER)]
    for loss, label in cuts:
        assert label_for(loss) == label
        assert review_board.mark(label) == review_board.MARKS[label]
    assert review_board.mark(Label.GOOD, exact=False) == "≈👍"
    assert review_board.label_text("ru", Label.BLUNDER) == "💥 зевок"


async def test_the_longest_game_the_bot_allows_is_reviewed_in_one_message(tmp_path):
    from bot.core import Who

    me = Who(5, 5, name="Ann")
    async with runtime_on(tmp_path / "db.sqlite3") as runtime:
        core = runtime.core
        await core.on_command(me, "play")
        game = await core.deps.store.games.active_game(5)
        classic = game.variant
        codes = [code for code in map(classic.code, range(200)) if code != game.secret][: MAX_GUESSES - 1]
        for code in codes:
            await core.on_text(me, code)
        await core.on_text(me, game.secret)  # the 100th guess, the last one allowed
        done = await core.deps.store.games.latest_game(5, "referee")
        assert len(done.turns) == MAX_GUESSES
        [reply] = (await core.on_command(me, "review")).replies
        assert chat_review.size(reply.text) <= 4096
        assert html_errors(reply.text) == []
        lines = reply.text.split("\n")
        assert any(line.startswith("⋯") for line in lines)  # folded, the worst guesses kept
        assert lines[-1] == review_board.legend("en")


def test_a_long_game_not_won_with_hints_and_every_line_still_fits_one_message():
    from dataclasses import replace
    from datetime import UTC, datetime

    from bot.review.lessons import End, HintTaken
    from bot.review.service import HowEnded

    for name in ("6", "mastermind10"):
        for language in ("en", "ru"):
            subject, made = synthetic(name)
            length = subject.variant.length
            hints = tuple(HintTaken(at, at % length, 9 % subject.variant.symbols, 999_999, 99_999) for at in range(5))
            widest = made.moment.best if made.moment is not None else None
            made = Made(made.review, hints, made.moment, End(999_999, 9.99, False, widest))
            subject = replace(
                subject,
                ended=HowEnded.LOST,
                of=Reviewed.DUEL,
                rival="W" * 64,
                older=True,
                finished_at=datetime(2026, 11, 30, 23, 59, tzinfo=UTC),
            )
            board = review_board.board(language, subject, made)
            text = chat_review.text(board, language)
            assert chat_review.size(text) <= 4096, (name, language, chat_review.size(text))
            assert html_errors(text) == [], (name, language)
            lines = text.split("\n")
            assert lines[1] == board.which
            assert lines[2] == board.ending
            assert all(hint.line in lines for hint in board.hints)

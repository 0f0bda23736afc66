"""The review tells the truth about the game (issue 34), through the whole Application, in English and Russian: each
hint is a row where it was taken and the start figure is said to be after the hints; a game not won says so first and
coaches from where it stopped; the turning point compares like with like; the coach names the review's best move;
3-digit and no-leading-zero reviews are exact; '🔁 Retry #n' makes that position an unrated puzzle; a review ends
with a button to go on, and says which game it shows when the player played another since."""

from __future__ import annotations

import re

import pytest

from bot.puzzles import retry
from bot.review import screens as review_board
from bot.review.figures import shown_label
from bot.texts import code_text, decimal_text, plain, t
from engine.history import Turn, candidates, pinned
from engine.review import Label, guess_loss, position_review, review_game
from engine.scoring import score
from engine.variant import PRESETS, Variant, variant_named
from tests.bot.fakes import USER
from tests.bot.members import Member, sent, toasts
from tests.engine.review_brute import plain_score

CLASSIC = PRESETS["classic"]
HINT_ROW = re.compile(r"^💡 [^·]+ · (?P<before>\d+) → (?P<after>\d+)$")


def player(app, recorded, language: str = "en", user_id: int = USER) -> Member:
    return Member(app, recorded, user_id, "Ann", chat_id=user_id, language_code=language)


async def running(app, chat_id: int = USER):
    return await app.bot_data.runtime.core.deps.store.games.active_game(chat_id)


async def finished(app, chat_id: int = USER):
    return await app.bot_data.runtime.core.deps.store.games.latest_game(chat_id, "referee")


def review_of(calls):
    [review] = [c for c in sent(calls) if c.text.startswith("📊 <b>")]
    return review


def others(secret: str, variant: Variant = CLASSIC, count: int = 2) -> list[str]:
    """A few codes of the variant that are not the secret (the guesses of a game that is not won yet)."""
    return [code for code in map(variant.code, range(0, variant.size, 7)) if code != secret][:count]


def brute_split(variant: Variant, fitting: list[str], guess: str) -> tuple[int, float]:
    """The most codes an answer to `guess` leaves of `fitting`, and how many on average (Σ|part|²/n), by plain
    scoring: what the review's like-with-like sentence must say."""
    parts: dict[tuple[int, int], int] = {}
    for code in fitting:
        answer = plain_score(code, guess)
        parts[answer] = parts.get(answer, 0) + 1
    return max(parts.values()), sum(size * size for size in parts.values()) / len(fitting)


def _weighed(turns: list[Turn], code: str) -> tuple[float, Label]:
    """A guess's loss and label at the position after `turns` (classic), as a retry weighs it."""
    weighed = guess_loss(CLASSIC, turns, None, code)
    return weighed.loss, weighed.label


def fitting_codes(variant: Variant, turns: list[Turn], pins: dict[int, int] | None = None) -> list[str]:
    return [
        code
        for code in map(variant.code, range(variant.size))
        if all(plain_score(code, turn.guess) == tuple(turn.answer) for turn in turns)
        and all(code[p] == str(d) for p, d in (pins or {}).items())
    ]


# -- point 1: hints


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_each_hint_is_a_row_where_it_was_taken_and_a_hinted_game_is_never_nothing_to_improve(
    app, recorded, language
):
    chat = player(app, recorded, language)
    await chat.send("/play")
    for _ in range(3):  # three digits revealed before any guess
        await chat.send("/hint")
    game = await running(app)
    pins = {int(p): int(game.secret[int(p)]) for p in game.hints}
    turns: list[Turn] = []
    while not turns or turns[-1].answer.bulls < 4:  # then the best guess every time, until the code
        guess = position_review(CLASSIC, turns, pins, page_size=1).best[0].guess
        await chat.send(guess)
        turns.append(Turn(guess, score(game.secret, guess)))
    text = review_of(await chat.send("/review")).text
    lines = [plain(line) for line in text.split("\n")]
    hints = [m for line in lines if (m := HINT_ROW.match(line))]
    assert len(hints) == 3
    first_guess = next(i for i, line in enumerate(lines) if line.startswith("#1 "))
    assert all(lines.index(m.string) < first_guess for m in hints)  # taken before the first guess: above it
    known: dict[int, int] = {}
    for hint, position in zip(hints, game.hints, strict=True):  # the codes before and after each, counted here
        before = len(pinned(CLASSIC, candidates(CLASSIC, []), known))
        known[int(position)] = int(game.secret[int(position)])
        after = len(pinned(CLASSIC, candidates(CLASSIC, []), known))
        assert (int(hint["before"]), int(hint["after"])) == (before, after)
    assert int(hints[-1]["after"]) == len(fitting_codes(CLASSIC, [], pins))
    assert plain(t("review.perfect", language)) not in plain(text)  # never "Nothing to improve!" with hints
    assert plain(t("review.perfect.hinted", language)) in plain(text)


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_the_start_figure_is_said_to_be_after_the_hints_and_a_hint_mid_game_sits_between_its_guesses(
    app, recorded, language
):
    chat = player(app, recorded, language)
    await chat.send("/play")
    await chat.send("/hint")
    game = await running(app)
    first, second = [code for code in ("1234", "2143", "5678", "6587") if code != game.secret][:2]
    await chat.send(first)
    await chat.send("/hint")
    await chat.send(second)
    await chat.send(game.secret)
    done = await finished(app)
    text = review_of(await chat.send("/review")).text
    lines = [plain(line) for line in text.split("\n")]
    numbered = {int(line[1 : line.index(" ")]): i for i, line in enumerate(lines) if re.match(r"#\d+ ", line)}
    hint_at = [i for i, line in enumerate(lines) if HINT_ROW.match(line)]
    assert hint_at[0] < numbered[1] < hint_at[1] < numbered[2]  # each where it was taken
    pins_first = {int(done.hints[0]): int(done.secret[int(done.hints[0])])}
    pins_both = {**pins_first, int(done.hints[1]): int(done.secret[int(done.hints[1])])}
    mid = HINT_ROW.match(lines[hint_at[1]])
    assert mid is not None
    assert int(mid["before"]) == len(fitting_codes(CLASSIC, list(done.turns[:1]), pins_first))
    assert int(mid["after"]) == len(fitting_codes(CLASSIC, list(done.turns[:1]), pins_both))
    engine = review_game(CLASSIC, done.turns, [pins_first, pins_both, pins_both])
    assert not all(item.among_best for item in engine.guesses)  # the second guess told little: an accuracy to show
    start = decimal_text(engine.start, 2, language)
    start = start if engine.start_exact else f"≈{start}"
    assert engine.start < review_game(CLASSIC, done.turns).start  # the hint made the start easier ...
    hinted = plain(t("review.accuracy.hinted", language, accuracy="X", start=start, lost="Y"))
    assert hinted.split("X")[1].split("Y")[0] in "\n".join(lines)  # ... and the review says it is after the hints


# -- point 2: games not won


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_given_up_game_says_so_first_and_coaches_from_where_it_stopped(app, recorded, language):
    chat = player(app, recorded, language)
    await chat.send("/play")
    game = await running(app)
    guess = others(game.secret, count=1)[0]
    await chat.send(guess)
    await chat.send("/giveup")
    review = review_of(await chat.send("/review"))
    lines = review.text.split("\n")
    assert lines[1] == t("review.ended.gave_up", language, n=1)  # first, under the title
    assert plain(t("review.perfect", language)) not in plain(review.text)
    turns = [Turn(guess, score(game.secret, guess))]
    left = fitting_codes(CLASSIC, turns)
    stopped = position_review(CLASSIC, turns, None, page_size=1)
    worst, average = brute_split(CLASSIC, left, stopped.best[0].guess)
    where = t(
        "review.end",
        language,
        n=len(left),
        best=code_text(CLASSIC, stopped.best[0].guess),
        worst=worst,
        average=decimal_text(average, 1, language),
        least=decimal_text(stopped.least, 2, language),
    )
    assert where in lines
    labels = [label for label, _ in review.buttons]
    assert labels[0] == t("review.btn.retry", language, n=2)  # where it stopped, retried first
    assert labels[-1] == t("review.btn.play", language)  # and a way to go on


async def test_a_versus_game_resigned_says_so_first(app, recorded):
    ann = player(app, recorded, "en", 11)
    await ann.send("/versus")
    match = await app.bot_data.runtime.core.deps.store.matches.active_match(11)
    first, second = others(match.secret)
    await ann.send(first)
    await ann.send("0 0")  # the answer to my guess at Ann's code
    await ann.send(second)
    await ann.send("/resign")
    review = review_of(await ann.press_label("📊 Review"))
    assert review.text.split("\n")[1] == t("review.ended.resigned", "en", n=2)
    assert plain(t("review.perfect", "en")) not in plain(review.text)


async def test_a_race_lost_says_who_found_the_code_first(app, recorded):
    from tests.bot.members import GROUP

    ann, bob = Member(app, recorded, 11, "Ann"), Member(app, recorded, 22, "Bob")
    await ann.send("/challenge")
    match = await app.bot_data.runtime.core.deps.store.matches.active_match(GROUP)
    [mine] = others(match.secret, count=1)
    await ann.send(f"/g {mine}")
    await bob.send(f"/g {match.secret}")
    review = review_of(await ann.in_private().send(f"/start review_{match.id}"))
    assert review.text.split("\n")[1] == t("review.ended.lost.race", "en", n=1, name="Bob")


# -- point 3: the turning point, like with like


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_the_turning_point_compares_the_worst_case_and_the_average_of_both_guesses(app, recorded, language):
    chat = player(app, recorded, language)
    await chat.send("/play")
    game = await running(app)
    guesses = [code for code in ("1234", "5678", "1256") if code != game.secret][:2]
    for code in guesses:
        await chat.send(code)
    await chat.send("/giveup")
    done = await finished(app)
    text = plain(review_of(await chat.send("/review")).text)
    [line] = [line for line in text.split("\n") if line.startswith("🧭")]
    engine = review_game(CLASSIC, done.turns)
    turn = int(re.search(r"\d+", line.split(":")[0])[0]) - 1
    item = engine.guesses[turn]
    best = item.weighed.best[0].guess
    left = fitting_codes(CLASSIC, list(done.turns[:turn]))
    for guess in (item.guess, best):  # both guesses: the most codes each could leave, and how many on average
        worst, average = brute_split(CLASSIC, left, guess)
        if worst > 1:
            said = t("review.split.leaves", language, guess=guess, n=worst, average=decimal_text(average, 1, language))
            assert plain(said).split(",")[0].removeprefix("после ") in line
            assert decimal_text(average, 1, language) in line
    assert plain(t("review.turning.left", language, guess=item.guess, n=item.after)) in line


# -- point 5: one best move


async def coach_text(chat: Member) -> str:
    [shown] = [c for c in await chat.press_label("🔍") if c.method == "editMessageText"]
    return plain(shown.text)


@pytest.mark.parametrize(("language", "variant"), [("en", "classic"), ("ru", "classic"), ("en", "mastermind")])
async def test_the_coach_names_the_best_move_the_review_names(app, recorded, language, variant):
    chat = player(app, recorded, language)
    await chat.send(f"/play {variant}")
    game = await running(app)
    codes = variant_named(variant)
    guesses = ["0011", "0022"] if variant == "mastermind" else ["1234", "1235"]
    guesses = [code for code in guesses if code != game.secret][:1]
    await chat.send(guesses[0])
    coached = await coach_text(chat)
    await chat.send("/giveup")
    done = await finished(app)
    engine = review_game(codes, done.turns)
    item = engine.guesses[0]
    if item.among_best:
        assert plain(t("ref.review.best", language, guess=item.guess)) in coached
    else:
        best = item.weighed.best[0].guess
        review = plain(review_of(await chat.send("/review")).text)
        assert f"(⭐ {best}" in review  # the review's row names it ...
        named = plain(t("ref.review.measured", language, best=best, guess=item.guess, loss="X", label="Y"))
        assert named.split(":")[0] in coached  # ... and so does the coach
    assert "bits more" not in coached
    assert "бита больше" not in coached


async def test_a_hint_taken_after_a_guess_leaves_the_coachs_verdict_on_it_the_reviews(app, recorded):
    chat = player(app, recorded, "en")
    await chat.send("/play")
    game = await running(app)
    [guess] = [code for code in ("5678", "1234") if code != game.secret][:1]
    await chat.send(guess)
    await chat.send("/hint")  # after the guess: the review weighs it without the digit, and so does the coach
    coached = await coach_text(chat)
    await chat.send("/giveup")
    item = review_game(CLASSIC, (await finished(app)).turns).guesses[0]
    if item.among_best:
        assert plain(t("ref.review.best", "en", guess=item.guess)) in coached
    else:
        named = plain(t("ref.review.measured", "en", best=item.weighed.best[0].guess, guess=guess, loss="X", label="Y"))
        assert named.split(":")[0] in coached


async def test_the_coach_calls_its_pick_a_quick_one_where_the_review_is_an_estimate(app, recorded):
    chat = player(app, recorded, "en")
    await chat.send("/play 5")
    game = await running(app)
    await chat.send("12345" if game.secret != "12345" else "67890")
    coached = await coach_text(chat)
    assert "bits of information" in coached  # what the guess told, counted
    said = [t(key, "en") for key in ("ref.review.good", "ref.review.unweighed")]
    assert any(plain(line) in coached for line in said) or "My quick pick" in coached  # and no exact verdict


# -- points 6 and 7: exact where the shipped tables reach


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_three_digit_review_says_the_best_play_wins_in_3575_over_720_and_marks_nothing(app, recorded, language):
    chat = player(app, recorded, language)
    await chat.send("/play 3")
    game = await running(app)
    guesses = [code for code in ("012", "021", "102") if code != game.secret][:2]  # the second tells little
    for code in guesses:
        await chat.send(code)
    await chat.send(game.secret)
    text = plain(review_of(await chat.send("/review")).text)
    assert decimal_text(3575 / 720, 2, language) in text  # 4.97, the shipped optimum
    assert "≈" not in text


async def test_a_no_leading_zero_review_is_exact(app, recorded):
    chat = player(app, recorded, "en")
    await chat.send("/play nozero")
    game = await running(app)
    for code in [code for code in ("1023", "4567") if code != game.secret][:2]:
        await chat.send(code)
    await chat.send(game.secret)
    text = plain(review_of(await chat.send("/review")).text)
    assert "≈" not in text


# -- point 8: retry a position as a puzzle, and why the best is best


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_retry_makes_the_position_an_unrated_puzzle_that_ends_saying_why_the_best_is_best(
    app, recorded, language
):
    chat = player(app, recorded, language)
    await chat.send("/play")
    game = await running(app)
    [guess] = others(game.secret, count=1)
    await chat.send(guess)
    await chat.send("/giveup")
    await chat.send("/review")
    [puzzle] = sent(await chat.press_label(t("review.btn.retry", language, n=2)))
    assert plain(puzzle.text).startswith(plain(t("puzzle.retry.title", language, n=2, variant="")).split("·")[0])
    turns = [Turn(guess, score(game.secret, guess))]
    left = fitting_codes(CLASSIC, turns)
    assert plain(t("puzzle.retry.fit", language, n=len(left))) in plain(puzzle.text)
    [again] = sent(await chat.send(guess))  # the game's own guess again tells nothing: refused, and it costs nothing
    assert again.text == t("puzzle.next.clue_code", language, code=guess, number=1)
    stopped = position_review(CLASSIC, turns, None, page_size=1)
    best = stopped.best[0].guess
    poor = next(  # a guess that does not solve it: its label, as shown, is worse than good
        code
        for code in map(CLASSIC.code, range(0, CLASSIC.size, 7))
        if code != guess and retry.SOLVES.isdisjoint({shown_label(*_weighed(turns, code))})
    )
    [missed] = sent(await chat.send(poor))
    assert "❌" in missed.text
    assert best not in missed.text  # the best is not named while it is open
    [solved] = sent(await chat.send(best))
    text = plain(solved.text)
    assert plain(t("puzzle.retry.solved.best", language, guess=best, n=2)) in text
    worst, average = brute_split(CLASSIC, left, best)
    [why] = [line for line in text.split("\n") if line.startswith(best)]  # what makes it best, checked by hand
    if worst > 1:
        assert f" {worst}," in why
        assert decimal_text(average, 1, language) in why
    conn = app.bot_data.runtime.store.conn
    assert await conn.execute_fetchall("SELECT * FROM puzzle_ratings") == []  # unrated
    [back] = [label for label, _ in solved.buttons]
    assert back == t("puzzle.retry.btn.back", language)


async def test_a_retry_waits_for_an_open_puzzle_and_refuses_anothers_game(app, recorded):
    chat = player(app, recorded, "en")
    await chat.send("/play")
    game = await running(app)
    await chat.send(others(game.secret, count=1)[0])
    await chat.send("/giveup")
    await chat.send("/review")
    await chat.send("/puzzle")  # the day's puzzle is open now: a retry would leave it unanswered
    [busy] = sent(await chat.press(f"rv:r:g:{game.id}:2"))
    assert busy.text == t("puzzle.retry.busy", "en")
    other = player(app, recorded, "en", USER + 1)
    assert toasts(await other.press(f"rv:r:g:{game.id}:2", message_id=1)) == [t("review.not_yours", "en")]
    for forged in (f"rv:r:g:{game.id}:9", f"rv:r:g:{game.id}:0", "rv:r:q:1:1", f"rv:r:g:{game.id}"):
        assert toasts(await chat.press(forged, message_id=1)) == [t("stale", "en")], forged


# -- words: which game, a button to go on


async def test_review_after_a_newer_game_says_which_game_it_shows(app, recorded):
    chat = player(app, recorded, "en")
    await chat.send("/play")
    game = await running(app)
    await chat.send(game.secret)
    first = review_of(await chat.send("/review")).text
    assert "🗂" not in first  # the last game: nothing to say
    await chat.send("/play")  # a newer game, under way
    again = review_of(await chat.send("/review")).text
    assert again.split("\n")[1].startswith("🗂")
    assert "12:00 UTC" in again.split("\n")[1]  # when it finished (the test clock's noon)


def test_one_best_guess_is_introduced_as_one():
    from bot.review.service import Reviewed, Subject
    from engine.review import GuessCost, PositionReview

    subject = Subject(Reviewed.GAME, 1, 1, CLASSIC, (), None)
    one = PositionReview(0, 1, ("0123",), 0, 1, 1.0, True, (GuessCost("0123", 1.0, 0, True),))
    for language in ("en", "ru"):
        board = review_board.position(language, subject, 1, one)
        assert board.best_heading == t("review.position.best.heading.one", language)
    one_best = t("puzzle.next.best.one", "en", best="0712", least="1.00")
    assert one_best.startswith("⭐ The best guess here: 0712. From here it")
    assert "Лучший ход здесь" in t("puzzle.next.best.one", "ru", best="0712", least="1,00")


def test_a_loss_and_its_label_never_disagree_as_printed():
    from bot.review.figures import printed, shown_label
    from engine.review import Label, label_for

    assert (printed(50 / 256), shown_label(50 / 256, label_for(50 / 256))) == (0.2, Label.INACCURACY)
    assert shown_label(0.0499, label_for(0.0499)) == Label.GOOD  # "0.05" is not "under 0.05"
    assert shown_label(0.001, Label.EXCELLENT) == Label.EXCELLENT  # "0.00", but a loss all the same


async def test_the_ladder_is_not_held_up_by_a_retry_left_open(app, recorded):
    chat = player(app, recorded, "en")
    await chat.send("/play")
    game = await running(app)
    await chat.send(others(game.secret, count=1)[0])
    await chat.send("/giveup")
    await chat.send("/review")
    [retry] = sent(await chat.press_label(t("review.btn.retry", "en", n=2)))
    assert retry.text.startswith("🔁")
    [ladder] = sent(await chat.send("/puzzle mastermind"))
    assert not ladder.text.startswith("🔁")  # the ladder's own puzzle, the retry left
    conn = app.bot_data.runtime.store.conn
    assert await conn.execute_fetchall("SELECT * FROM puzzle_ratings") == []

"""The guesser service: the bot guesses the user's code from answers, and catches contradictions."""

from bot.games.lifecycle import GameStarted, start_game
from bot.games.model import Mode
from bot.refusal import Refusal
from bot.think import service as guesser
from engine.scoring import Score, score
from tests.bot.fakes import USER, runtime_on


async def chat_of(deps):  # type: ignore[no-untyped-def]
    """The private chat's settings and running game, as an update reads them before starting a game."""
    return await deps.store.settings.of_chat(USER), await deps.store.games.active_game(USER)


async def started(deps):
    result = await start_game(deps, USER, USER, Mode.GUESSER, *await chat_of(deps))
    assert isinstance(result, GameStarted)
    return result.game


async def play_honestly(deps, game, secret):
    """Answer every guess truthfully until the bot solves the code."""
    progress = None
    for _ in range(10):
        progress = await guesser.answer(deps, game, USER, score(secret, game.pending_guess))
        if isinstance(progress, guesser.Solved):
            return progress
        game = progress.game
    raise AssertionError("not solved in 10 guesses")


async def test_the_bot_asks_a_first_guess_without_asking_for_the_secret(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        game = await started(rt.core.deps)
        assert game.pending_guess is not None
        assert game.secret is None


async def test_honest_answers_lead_to_the_code(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        solved = await play_honestly(rt.core.deps, await started(rt.core.deps), "5931")
        assert solved.game.secret == "5931"
        assert solved.game.status == "solved"
        assert len(solved.game.turns) <= 7


async def test_an_impossible_answer_is_refused_with_the_reason_and_changes_nothing(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        game = await started(rt.core.deps)
        refused = await guesser.answer(rt.core.deps, game, USER, Score(3, 1))
        assert isinstance(refused, Refusal)
        assert refused.key == "answer.impossible"
        too_many = await guesser.answer(rt.core.deps, game, USER, Score(3, 2))
        assert too_many.key == "answer.too_many"
        assert (await rt.core.deps.store.games.active_game(USER)).revision == game.revision


async def contradicted(deps):
    """Two 'nothing' answers to disjoint guesses leave too few digits for any code."""
    game = await started(deps)
    first = await guesser.answer(deps, game, USER, Score(0, 0))
    second = await guesser.answer(deps, first.game, USER, Score(0, 0))
    return second


async def test_contradictory_answers_are_named_at_once_with_one_answer_fixes(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        result = await contradicted(rt.core.deps)
        assert isinstance(result, guesser.Contradicted)
        assert result.contradiction.conflict == (0, 1)
        assert result.contradiction.corrections
        assert result.game.pending_guess is None


async def test_a_correction_puts_the_game_back_on_track(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        result = await contradicted(rt.core.deps)
        fix = result.contradiction.corrections[0]
        fixed = await guesser.correct(rt.core.deps, result.game, USER, fix.turn, fix.answer)
        assert isinstance(fixed, guesser.Asking)
        assert fixed.remaining == fix.remaining
        assert fixed.game.turns[fix.turn].answer == fix.answer


async def test_undo_takes_back_the_last_answer_and_asks_that_guess_again(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        result = await contradicted(rt.core.deps)
        undone = await guesser.undo(rt.core.deps, result.game, USER)
        assert isinstance(undone, guesser.Asking)
        assert len(undone.game.turns) == 1
        assert undone.game.pending_guess == result.game.turns[1].guess


async def test_undo_with_no_answers_does_nothing(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        assert await guesser.undo(rt.core.deps, await started(rt.core.deps), USER) is None


async def test_revealing_the_code_shows_exactly_which_answers_were_wrong(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        result = await contradicted(rt.core.deps)
        secret = "8" + result.game.turns[0].guess[:3]  # shares three digits with the first guess
        revealed = await guesser.reveal(rt.core.deps, result.game, secret)
        assert [w.turn for w in revealed.wrong] == [
            i for i, turn in enumerate(result.game.turns) if score(secret, turn.guess) != turn.answer
        ]
        assert 0 in [w.turn for w in revealed.wrong]
        assert revealed.game.status == "revealed"


async def test_starting_over_forgets_every_answer(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        result = await contradicted(rt.core.deps)
        again = await guesser.start_over(rt.core.deps, result.game, USER)
        assert again.game.turns == ()
        assert again.game.pending_guess == result.game.turns[0].guess

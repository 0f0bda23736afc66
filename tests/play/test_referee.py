"""The referee service: the user guesses, on a fresh SQLite database per test."""

from dataclasses import replace

from bot.chats.settings import Settings
from bot.games.lifecycle import GameStarted, NeedsConfirmation, cancel, parsed, start_game
from bot.games.model import Mode
from bot.play import service as referee
from bot.refusal import Refusal
from engine.scoring import score
from engine.variant import PRESETS, variant_named
from tests.bot.fakes import USER, Clock, runtime_on


async def chat_of(deps):  # type: ignore[no-untyped-def]
    """The private chat's settings and running game, as an update reads them before starting a game."""
    return await deps.store.settings.of_chat(USER), await deps.store.games.active_game(USER)


async def started(deps, **settings):
    if settings:
        async with deps.transaction():
            await deps.store.settings.save(USER, replace(Settings(), **settings), deps.clock())
    result = await start_game(deps, USER, USER, Mode.REFEREE, *await chat_of(deps))
    assert isinstance(result, GameStarted)
    return result.game


def wrong_code(secret: str) -> str:
    return next(c for c in ("0123", "4567", "8901", "2345") if score(secret, c).bulls < 4)


async def test_a_guess_is_scored_against_the_secret_and_stored(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        game = await started(rt.core.deps)
        guess = wrong_code(game.secret)
        result = await referee.guess(rt.core.deps, game, USER, guess)
        assert isinstance(result, referee.Scored)
        assert result.turn.answer == score(game.secret, guess)
        assert result.ending is None
        stored = await rt.core.deps.store.games.active_game(USER)
        assert stored.turns == (result.turn,)


async def test_an_invalid_guess_gives_the_reason_and_costs_nothing(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        game = await started(rt.core.deps)
        result = await referee.guess(rt.core.deps, game, USER, "1123")
        assert result == Refusal("invalid.repeated", {"digit": "1"})
        assert (await rt.core.deps.store.games.active_game(USER)).turns == ()


async def test_coaching_says_how_many_codes_still_fit_and_the_bits_gained(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        game = await started(rt.core.deps, coaching=True)
        result = await referee.guess(rt.core.deps, game, USER, wrong_code(game.secret))
        assert result.coaching is not None
        assert 0 < result.coaching.remaining < PRESETS["classic"].size
        assert result.coaching.bits > 0


async def test_guessing_the_secret_wins_with_time_taken_and_the_engines_count(tmp_path):
    clock = Clock()
    async with runtime_on(tmp_path / "db.sqlite3", clock=clock) as rt:
        game = await started(rt.core.deps)
        first = await referee.guess(rt.core.deps, game, USER, wrong_code(game.secret))
        clock.advance(75)
        won = await referee.guess(rt.core.deps, first.game, USER, game.secret)
        assert won.ending is not None
        assert won.ending.guesses == 2
        assert won.ending.elapsed.total_seconds() == 75
        assert won.ending.engine_guesses is not None
        assert 2 <= won.ending.engine_guesses <= 8
        assert await rt.core.deps.store.games.active_game(USER) is None
        [result] = await rt.core.deps.store.games.results(USER)
        assert (result.status, result.guesses, result.hinted) == ("won", 2, False)


async def test_the_attempt_limit_ends_the_game_and_reveals_the_secret(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        game = await started(rt.core.deps, attempt_limit=6)
        wrong = [c for c in ("0123", "4567", "8901", "2345", "6789", "1357", "2468") if c != game.secret][:6]
        for code in wrong:  # six different codes: a repeated one would be refused without costing an attempt
            result = await referee.guess(rt.core.deps, game, USER, code)
            game = result.game
        assert result.ending is not None
        assert result.ending.secret == game.secret
        assert game.status == "lost"


async def test_a_hint_reveals_one_digit_in_place_and_marks_the_game_hinted(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        game = await started(rt.core.deps)
        hint = await referee.hint(rt.core.deps, game)
        assert hint is not None
        assert game.secret[hint.position] == hint.digit
        assert referee.hint_pattern(hint.game).count("_") == 3
        assert (await rt.core.deps.store.games.active_game(USER)).hinted


async def test_hints_stop_before_the_last_digit(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        game = await started(rt.core.deps)
        for _ in range(3):
            game = (await referee.hint(rt.core.deps, game)).game
        assert await referee.hint(rt.core.deps, game) is None


async def test_giving_up_reveals_the_secret_and_records_the_result(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        game = await started(rt.core.deps)
        ending = await referee.give_up(rt.core.deps, game)
        assert ending.secret == game.secret
        assert [r.status for r in await rt.core.deps.store.games.results(USER)] == ["gave_up"]


async def test_hard_mode_keeps_no_secret_and_answers_so_many_codes_survive(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        game = await started(rt.core.deps, hard=True)
        assert game.hard
        assert game.secret is None
        result = await referee.guess(rt.core.deps, game, USER, "0123")
        assert result.turn.answer.bulls < 4
        ending = await referee.give_up(rt.core.deps, result.game)
        assert score(ending.secret, "0123") == result.turn.answer


async def test_a_hint_in_hard_mode_fixes_a_secret_that_fits_the_answers(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        game = await started(rt.core.deps, hard=True)
        game = (await referee.guess(rt.core.deps, game, USER, "0123")).game
        hint = await referee.hint(rt.core.deps, game)
        assert hint.pinned
        assert not hint.game.hard
        assert score(hint.game.secret, "0123") == game.turns[0].answer


async def test_starting_a_game_while_one_runs_asks_first_then_abandons_it(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        game = await started(rt.core.deps)
        asked = await start_game(rt.core.deps, USER, USER, Mode.REFEREE, *await chat_of(rt.core.deps))
        assert isinstance(asked, NeedsConfirmation)
        assert asked.running.id == game.id
        replaced = await start_game(
            rt.core.deps, USER, USER, Mode.REFEREE, *await chat_of(rt.core.deps), replacing=game.id
        )
        assert isinstance(replaced, GameStarted)
        assert replaced.game.id != game.id
        assert (await rt.core.deps.store.games.game(game.id)).status == "abandoned"


async def test_cancel_abandons_the_game_and_nothing_is_left_running(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        await started(rt.core.deps)
        cancelled = await cancel(rt.core.deps, await rt.core.deps.store.games.active_game(USER))
        assert cancelled is not None
        assert cancelled.game.status == "abandoned"
        assert await cancel(rt.core.deps, await rt.core.deps.store.games.active_game(USER)) is None


async def test_a_game_may_use_a_variant_other_than_the_chats(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        result = await start_game(
            rt.core.deps, USER, USER, Mode.REFEREE, *await chat_of(rt.core.deps), PRESETS["mastermind"]
        )
        assert result.game.variant == PRESETS["mastermind"]
        assert set(result.game.secret) <= set("012345")


def test_a_typed_code_is_parsed_to_the_code_or_to_why_it_is_not_one_for_every_mode():
    classic = variant_named("classic")
    assert parsed(classic, "0123") == "0123"
    assert parsed(classic, "1123") == Refusal("invalid.repeated", {"digit": "1"})


async def test_a_guess_already_made_is_refused_for_free_with_its_earlier_score(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        deps = rt.core.deps
        game = await started(deps, attempt_limit=8)
        guess = wrong_code(game.secret)
        first = await referee.guess(deps, game, USER, guess)
        assert isinstance(first, referee.Scored)
        again = await referee.guess(deps, await deps.store.games.active_game(USER), USER, guess)
        assert again == Refusal(
            "guess.again", {"guess": guess, "bulls": first.turn.answer.bulls, "cows": first.turn.answer.cows}
        )
        assert len((await deps.store.games.active_game(USER)).turns) == 1  # no guess, no attempt spent


async def test_a_repeated_guess_is_answered_with_the_earlier_score_in_the_chat(chat):
    await chat.send("/play")
    [first] = [c for c in await chat.send("0123") if c.method == "sendMessage"]
    [again] = [c for c in await chat.send("0123") if c.method == "sendMessage"]
    assert "You already tried <code>0123</code>" in again.text
    score_part = first.text.split("→ ", 1)[1].split("\n", 1)[0]
    assert score_part in again.text


async def test_a_game_without_an_attempt_limit_still_ends_after_max_guesses(tmp_path):
    from bot.games.rules import MAX_GUESSES
    from engine.variant import PRESETS

    classic = PRESETS["classic"]
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        deps = rt.core.deps
        game = await started(deps, coaching=False)
        codes = (classic.code(i) for i in range(classic.size) if classic.code(i) != game.secret)
        for _ in range(MAX_GUESSES):
            result = await referee.guess(deps, game, USER, next(codes))
            game = result.game
        assert result.ending is not None
        assert game.status == "lost"
        assert await deps.store.games.active_game(USER) is None


async def test_a_coached_move_is_reviewed_on_the_loop_in_the_engines_tree_and_as_engine_work_off_it(
    tmp_path, monkeypatch
):
    from engine.analysis import review_move
    from engine.guesser import next_guess
    from engine.history import Turn, candidates

    classic = PRESETS["classic"]
    review_move(classic, [Turn("0123", score("4567", "0123"))])  # as the bot's warm-up does before any update
    handed: list[str] = []
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        deps = rt.core.deps
        queue = deps.engine._queue

        def recording(owner, name, work):
            handed.append(name)
            return queue(owner, name, work)

        monkeypatch.setattr(deps.engine, "_queue", recording)
        game = await started(deps, coaching=True)
        tree_move = next_guess(classic, ())
        if score(game.secret, tree_move).bulls < 4:  # the engine's own first guess: its review is a tree lookup
            result = await referee.guess(deps, game, USER, tree_move)
            assert isinstance(result, referee.Scored)
            assert result.coaching is not None
            assert "coach" not in handed
            await cancel(deps, await deps.store.games.active_game(USER))
            game = await started(deps, coaching=True)
        # off the tree with hundreds of codes still fitting: the engine's pick is a search, so it is engine work
        first = next(
            c
            for c in ("5678", "4567", "6789", "3456", "2345")
            if c != tree_move and len(candidates(classic, [Turn(c, score(game.secret, c))])) > 100
        )
        played = await referee.guess(deps, game, USER, first)
        assert isinstance(played, referee.Scored)
        second = next(c for c in ("9012", "8901", "7890", "1289") if score(game.secret, c).bulls < 4)
        result = await referee.guess(deps, played.game, USER, second)
        assert isinstance(result, referee.Scored)
        assert result.coaching is not None
        assert "coach" in handed


async def test_moves_written_without_a_read_back_match_the_stored_ones(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        deps = rt.core.deps
        game = await started(deps)
        async with deps.transaction():  # inside a transaction the game's turns are the stored moves
            first = await referee.guess(deps, game, USER, wrong_code(game.secret))
            assert isinstance(first, referee.Scored)
            fresh = [c for c in ("5678", "6789", "9012") if c != first.turn.guess]
            second = next(c for c in fresh if score(game.secret, c).bulls < 4)
            again = await referee.guess(deps, first.game, USER, second)
        assert isinstance(again, referee.Scored)
        stored = await deps.store.games.active_game(USER)
        assert stored.turns == (first.turn, again.turn)
        assert await deps.store.games.game(game.id) == stored
        assert await deps.store.matches.any_active(USER, USER) is False

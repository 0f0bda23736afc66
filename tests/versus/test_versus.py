"""Versus the bot, in-process: alternate turns on one board, answers checked like the guesser's, undo, changing any
answer, equal turns at the end, and a rematch."""

from bot.matches.model import BOT_ID
from bot.texts import t
from engine.consistency import Consistent, check_history
from engine.scoring import Score, score
from tests.bot.members import Member, sent, toasts

MINE = "9876"  # the code the user thinks of


def label(answer) -> str:
    return f"{answer.bulls}🐂 {answer.cows}🐄"


def button(call, text):
    return next(data for shown, data in call.buttons if shown == text)


def edits(calls):
    return [c for c in calls if c.method == "editMessageText"]


async def versus_of(app, user):
    return await app.bot_data.runtime.core.deps.store.matches.active_match(user.chat_id)


async def bot_turns(app, match):
    """The bot's guesses in a match, with the user's answers."""
    return await app.bot_data.runtime.core.deps.store.matches.turns(match.id, BOT_ID)


async def results(app):
    async with app.bot_data.runtime.store.conn.execute(
        "SELECT user_id, guesses, outcome FROM game_results WHERE mode = 'versus'"
    ) as cursor:
        return [tuple(row) async for row in cursor]


def asked(board) -> str:
    """The bot's guess the board asks about."""
    return board.text.split("→ ?")[0].rsplit("<code>", 1)[1].split("</code>")[0]


async def answer_truly(user, board):
    """Press the button that scores the bot's guess against MINE; the board as edited comes back."""
    [edited] = edits(await user.press(button(board, label(score(MINE, asked(board))))))
    return edited


def wrong_codes(secret):
    """Different codes that are not the secret, one per guess (a guess made before is refused)."""
    codes = ("0123", "4567", "8901", "2345", "6789", "1357", "2468", "3579", "1470", "2581")
    return iter([c for c in codes if c != secret])


async def test_the_board_shows_both_sides_and_the_user_wins_after_the_bots_equal_turn(app, recorded):
    ann = Member(app, recorded, 11, "Ann", chat_id=11)
    [started] = sent(await ann.send("/versus"))
    assert "You vs me" in started.text
    secret = (await versus_of(app, ann)).secret
    wrong = "0123" if secret != "0123" else "4567"

    calls = await ann.send(wrong)
    [board] = sent(calls)
    mark = score(secret, wrong)
    assert f"1. you <code>{wrong}</code> → {label(mark)} · me <code>0123</code> → ?" in board.text
    assert "My guess #1" in board.text
    assert label(score(MINE, "0123")) in [shown for shown, _ in board.buttons]
    # the intro had no buttons: nothing to take away (an edit that changes nothing is refused by Telegram)
    assert [c.method for c in calls if c.method.startswith("edit")] == []

    edited = await answer_truly(ann, board)
    assert f"me <code>0123</code> → {label(score(MINE, '0123'))}" in edited.text
    assert "Your turn" in edited.text
    assert [shown for shown, _ in edited.buttons] == ["↩️ Undo", "✏️ Change an answer"]

    calls = await ann.send(secret)
    [last] = sent(calls)
    [tidied] = [c for c in calls if c.method == "editMessageReplyMarkup"]  # the board before it loses its buttons
    assert tidied.params["message_id"] == board.params["_sent_id"]
    assert f"2. you <code>{secret}</code> → 4🐂 0🐄" in last.text
    assert "You found it in 2! My last chance to draw, #2" in last.text
    ending = await answer_truly(ann, last)
    assert f"1. you <code>{wrong}</code>" in ending.text  # the whole game, to the end
    assert f"You win! You found <b>{secret}</b> in 2 guesses." in ending.text
    assert [shown for shown, _ in ending.buttons] == [
        "🔁 Play again",
        "📊 Review",
    ]  # not a "rematch"; the review of the user's half
    assert await results(app) == [(11, 2, "won")]
    assert await versus_of(app, ann) is None


async def test_the_bot_wins_when_it_finds_the_code_first(app, recorded):
    ann = Member(app, recorded, 11, "Ann", chat_id=11)
    await ann.send("/versus")
    secret = (await versus_of(app, ann)).secret
    wrong = wrong_codes(secret)
    for _ in range(10):
        [board] = sent(await ann.send(next(wrong)))
        typed = label(score(MINE, asked(board))).replace("🐂", "b").replace("🐄", "c")
        [board] = sent(await ann.send(typed))
        if "I win" in board.text:
            break
    assert f"I win: your code is <b>{MINE}</b>" in board.text
    assert f"Mine was <b>{secret}</b>" in board.text
    assert [shown for shown, _ in board.buttons] == ["🔁 Rematch", "📊 Review"]  # the loser's
    [(user, guesses, outcome)] = await results(app)
    assert (user, outcome) == (11, "lost")
    assert guesses >= 1


async def test_typed_moves_out_of_turn_impossible_and_contradictory_answers_are_refused(app, recorded):
    ann = Member(app, recorded, 11, "Ann", chat_id=11)
    await ann.send("/versus")
    secret = (await versus_of(app, ann)).secret
    [nudge] = sent(await ann.send("hello"))
    assert "Your turn to guess" in nudge.text
    wrong = wrong_codes(secret)
    await ann.send(next(wrong))
    [first] = sent(await ann.send("4567"))
    assert "First answer my guess" in first.text
    [impossible] = sent(await ann.send("3 1"))
    assert "cannot happen" in impossible.text
    await ann.send("0 4")  # my code has the bot's guess's digits, all misplaced
    [board] = sent(await ann.send(next(wrong)))
    [contradiction] = sent(await ann.send("0 0"))  # impossible now: its next guess shares all four digits
    assert "can't all be true: #1 and #2" in contradiction.text
    assert "By #2 the code has no 0, 1, 2 or 3, so #1 <code>0123</code> has at most 0" in contradiction.text  # why
    stale = button(board, "0🐂 0🐄")
    [reply] = sent(await ann.send("/resign"))
    assert f"You resign. My code was <b>{secret}</b>." in reply.text
    assert toasts(await ann.press(stale)) == ["That button is out of date."]
    assert await results(app) == [(11, 2, "resigned")]


async def test_versus_waits_for_a_running_solo_game_and_reminds_of_its_own(app, recorded):
    ann = Member(app, recorded, 11, "Ann", chat_id=11)
    await ann.send("/play")
    [asked] = sent(await ann.send("/versus"))
    assert "Abandon it" in asked.text
    await ann.send("/cancel")
    await ann.send("/versus mastermind")
    assert (await versus_of(app, ann)).variant.name == "mastermind"
    [again] = sent(await ann.send("/versus"))
    assert "Your turn to guess" in again.text
    [nothing] = sent(await Member(app, recorded, 12, "Bob", chat_id=12).send("/resign"))
    assert "No versus game running" in nothing.text


async def contradicted(app, ann):
    """Guess, answer 0🐂 4🐄 to the bot's 0123, guess again, answer 0🐂 0🐄: a contradiction; its board."""
    await ann.send("/versus")
    wrong = wrong_codes((await versus_of(app, ann)).secret)
    await ann.send(next(wrong))
    await ann.send("0 4")
    await ann.send(next(wrong))
    [board] = sent(await ann.send("0 0"))
    return board


async def test_a_contradiction_offers_one_answer_fixes_and_taking_one_carries_on(app, recorded):
    ann = Member(app, recorded, 11, "Ann", chat_id=11)
    board = await contradicted(app, ann)
    assert "If one answer was a slip" in board.text
    fixes = [(shown, data) for shown, data in board.buttons if data.split(":")[3] == "f"]
    assert fixes
    assert all(len(data.encode()) <= 64 for _, data in board.buttons)
    shown, data = next((shown, data) for shown, data in fixes if shown.startswith("#1 "))
    [edited] = edits(await ann.press(data))
    assert "2. you " in edited.text
    assert "Your turn" in edited.text
    match = await versus_of(app, ann)
    turns = await bot_turns(app, match)
    assert shown.startswith(f"#1 → {label(turns[0].answer)}")
    assert turns[1].answer == (0, 0)
    assert isinstance(check_history(match.variant, turns), Consistent)
    assert toasts(await ann.press(data)) == ["That button is out of date."]  # an old fix button is stale


async def test_undo_takes_back_the_last_answer_and_asks_that_guess_again(app, recorded):
    ann = Member(app, recorded, 11, "Ann", chat_id=11)
    await ann.send("/versus")
    secret = (await versus_of(app, ann)).secret
    [nothing] = sent(await ann.send("/undo"))
    assert nothing.text == t("undo.nothing")
    wrong = wrong_codes(secret)
    await ann.send(next(wrong))
    [board] = sent(await ann.send("1 1"))  # a slip: the user's turn now
    [undone] = edits(await ann.press(button(board, "↩️ Undo")))
    assert "me <code>0123</code> → ?" in undone.text
    assert "My guess #1" in undone.text
    [again] = edits(await ann.press(button(undone, label(score(MINE, "0123")))))
    assert f"me <code>0123</code> → {label(score(MINE, '0123'))}" in again.text
    assert (await bot_turns(app, await versus_of(app, ann)))[0].answer == score(MINE, "0123")


async def test_undo_after_a_later_guess_lets_the_bot_catch_up_one_guess_at_a_time(app, recorded):
    ann = Member(app, recorded, 11, "Ann", chat_id=11)
    await ann.send("/versus")
    wrong = wrong_codes((await versus_of(app, ann)).secret)
    await ann.send(next(wrong))
    await ann.send("1 1")
    await ann.send(next(wrong))  # the bot asks its guess #2; undo takes back the answer to #1
    [undone] = sent(await ann.send("/undo"))
    assert "My guess #1: <code>0123</code>" in undone.text
    [caught_up] = sent(await ann.send(label(score(MINE, "0123")).replace("🐂", "b").replace("🐄", "c")))
    assert "My guess #2" in caught_up.text  # the user has guessed twice: the bot asks again
    match = await versus_of(app, ann)
    assert (match.seated(1).guesses, match.seated(2).guesses, match.turn_user) == (2, 1, BOT_ID)


async def test_two_slips_are_no_dead_end_changing_an_earlier_answer_then_fixing_the_other(app, recorded):
    ann = Member(app, recorded, 11, "Ann", chat_id=11)
    await ann.send("/versus")
    wrong = wrong_codes((await versus_of(app, ann)).secret)
    truths = []
    for _ in range(8):  # two slips (#1 and #2), then honest answers until the bot objects
        [board] = sent(await ann.send(next(wrong)))
        truth = score(MINE, asked(board))
        truths.append(truth)
        given = Score(truth.bulls, truth.cows + 1) if len(truths) <= 2 and sum(truth) < 4 else truth
        [board] = sent(await ann.send(f"{given.bulls} {given.cows}"))
        if "🤔" in board.text:
            break
    else:
        raise AssertionError("the slips were never caught")
    for index in range(2):  # change each slipped answer directly to the truth
        match = await versus_of(app, ann)
        if (await bot_turns(app, match))[index].answer == truths[index]:
            continue
        if f"✏️ #{index + 1}" not in [shown for shown, _ in board.buttons]:  # no contradiction left: pick it first
            [board] = edits(await ann.press(button(board, "✏️ Change an answer")))
        [board] = edits(await ann.press(button(board, f"✏️ #{index + 1}")))
        assert f"✏️ #{index + 1} <code>" in board.text
        [board] = edits(await ann.press(button(board, label(truths[index]))))
    assert "🤔" not in board.text
    match = await versus_of(app, ann)
    answered = await bot_turns(app, match)
    assert [turn.answer for turn in answered] == truths[: len(answered)]


async def test_a_rematch_starts_the_same_variant_again(app, recorded):
    ann = Member(app, recorded, 11, "Ann", chat_id=11)
    await ann.send("/versus 5")
    [ended] = sent(await ann.send("/resign"))
    [started] = sent(await ann.press(button(ended, "🔁 Rematch")))
    assert "5 digits, no repeats" in started.text
    assert (await versus_of(app, ann)).variant.length == 5
    bob = Member(app, recorded, 12, "Bob", chat_id=12)
    assert toasts(await bob.press(button(ended, "🔁 Rematch"))) == ["That button is out of date."]  # not his chat


async def test_unknown_versus_options_are_explained_with_a_versus_example(app, recorded):
    [reply] = sent(await Member(app, recorded, 11, "Ann", chat_id=11).send("/versus 9"))
    assert "I don't understand “9”" in reply.text
    assert "<code>/versus 5</code>" in reply.text
    assert "/challenge" not in reply.text
    assert await versus_of(app, Member(app, recorded, 11, "Ann", chat_id=11)) is None


async def test_a_running_versus_game_holds_back_other_games_started_by_command_or_deep_link(app, recorded):
    ann = Member(app, recorded, 11, "Ann", chat_id=11)
    await ann.send("/versus")
    for text in ("/daily", "/play", "/think", "/start daily", "/start play", "/start think"):  # Yes resigns for it
        [asked] = sent(await ann.send(text))
        assert asked.text == t("vs.confirm.leave"), text
    assert await versus_of(app, ann) is not None
    assert await app.bot_data.runtime.core.deps.store.games.active_game(ann.chat_id) is None

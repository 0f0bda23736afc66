"""Versus the bot, in-process: alternate turns, answers checked like the guesser's, equal turns at the end."""

from bot.telegram_io.handlers import RUNTIME
from bot.texts import t
from engine.consistency import Consistent, check_history
from engine.scoring import score
from tests.bot.members import Member, sent, toasts

MINE = "9876"  # the code the user thinks of


def label(answer) -> str:
    return f"{answer.bulls}🐂 {answer.cows}🐄"


def button(call, text):
    return next(data for shown, data in call.buttons if shown == text)


async def versus_of(app, user):
    return await app.bot_data[RUNTIME].core.deps.matches.active_match(user.chat_id)


async def results(app):
    async with app.bot_data[RUNTIME].store.conn.execute(
        "SELECT user_id, guesses, outcome FROM game_results WHERE mode = 'versus'"
    ) as cursor:
        return [tuple(row) async for row in cursor]


async def answer_truly(user, ask):
    """Press the button that scores the bot's guess against MINE; the calls come back."""
    guess = ask.text.split("<code>")[1].split("</code>")[0]
    return await user.press(button(ask, label(score(MINE, guess))), 1)


def wrong_codes(secret):
    """Different codes that are not the secret, one per guess (a guess made before is refused)."""
    codes = ("0123", "4567", "8901", "2345", "6789", "1357", "2468", "3579", "1470", "2581")
    return iter([c for c in codes if c != secret])


async def test_the_user_wins_after_the_bot_has_had_its_equal_turn(app, recorded):
    ann = Member(app, recorded, 11, "Ann", chat_id=11)
    [started] = sent(await ann.send("/versus"))
    assert "You vs me" in started.text
    secret = (await versus_of(app, ann)).secret
    wrong = "0123" if secret != "0123" else "4567"

    scored, ask = sent(await ann.send(wrong))
    assert scored.text.startswith(f"You #1 <code>{wrong}</code> → ")
    assert "My guess #1" in ask.text
    assert label(score(MINE, "0123")) in [shown for shown, _ in ask.buttons]
    [edited] = [c for c in await answer_truly(ann, ask) if c.method == "editMessageText"]
    assert "Me #1 " in edited.text
    assert "Your turn" in edited.text

    scored, last = sent(await ann.send(secret))
    assert "You found it in 2! My last chance to draw, #2" in last.text
    calls = await answer_truly(ann, last)
    [ending] = [c for c in calls if c.method == "editMessageText"]
    assert f"You win! You found <b>{secret}</b> in 2 guesses." in ending.text
    assert await results(app) == [(11, 2, "won")]
    assert await versus_of(app, ann) is None


async def test_the_bot_wins_when_it_finds_the_code_first(app, recorded):
    ann = Member(app, recorded, 11, "Ann", chat_id=11)
    await ann.send("/versus")
    secret = (await versus_of(app, ann)).secret
    wrong = wrong_codes(secret)
    for _ in range(10):
        _, ask = sent(await ann.send(next(wrong)))
        guess = ask.text.split("<code>")[1].split("</code>")[0]
        [reply] = sent(await ann.send(label(score(MINE, guess)).replace("🐂", "b").replace("🐄", "c")))
        if "I win" in reply.text:
            break
    assert f"I win: your code is <b>{MINE}</b>" in reply.text
    assert f"Mine was <b>{secret}</b>" in reply.text
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
    _, ask = sent(await ann.send(next(wrong)))
    [first] = sent(await ann.send("4567"))
    assert "First answer my guess" in first.text
    [impossible] = sent(await ann.send("3 1"))
    assert "cannot happen" in impossible.text
    await ann.send("0 4")  # my code has the bot's guess's digits, all misplaced
    _, ask = sent(await ann.send(next(wrong)))
    [contradiction] = sent(await ann.send("0 0"))  # impossible now: its next guess shares all four digits
    assert "can't be right together with your earlier answers (#1, #2)" in contradiction.text
    stale = button(ask, "0🐂 0🐄")
    [reply] = sent(await ann.send("/resign"))
    assert f"You resign. My code was <b>{secret}</b>." in reply.text
    assert toasts(await ann.press(stale)) == ["That button is out of date."]
    assert await results(app) == [(11, 2, "resigned")]


async def test_versus_waits_for_a_running_solo_game_and_reminds_of_its_own(app, recorded):
    ann = Member(app, recorded, 11, "Ann", chat_id=11)
    await ann.send("/play")
    [busy] = sent(await ann.send("/versus"))
    assert "Finish or /cancel" in busy.text
    await ann.send("/cancel")
    await ann.send("/versus mastermind")
    assert (await versus_of(app, ann)).variant.name == "mastermind"
    [again] = sent(await ann.send("/versus"))
    assert "Your turn to guess" in again.text
    [nothing] = sent(await Member(app, recorded, 12, "Bob", chat_id=12).send("/resign"))
    assert "No versus game running" in nothing.text


async def test_a_contradiction_offers_one_answer_fixes_and_taking_one_carries_on(app, recorded):
    ann = Member(app, recorded, 11, "Ann", chat_id=11)
    await ann.send("/versus")
    secret = (await versus_of(app, ann)).secret
    wrong = wrong_codes(secret)
    await ann.send(next(wrong))
    await ann.send("0 4")
    await ann.send(next(wrong))
    [contradiction] = sent(await ann.send("0 0"))
    assert "the likeliest fixes are below" in contradiction.text
    fixes = [(label, data) for label, data in contradiction.buttons if data.split(":")[3] == "f"]
    assert fixes
    assert all(len(data.encode()) <= 64 for _, data in fixes)
    label, data = next((label, data) for label, data in fixes if label.startswith("#1 "))
    [edited] = [c for c in await ann.press(data) if c.method == "editMessageText"]
    assert "Me #2 " in edited.text
    assert "Your turn" in edited.text
    match = await versus_of(app, ann)
    bot_turns = await app.bot_data[RUNTIME].core.deps.matches.turns(match.id, 0)
    assert label.startswith(f"#1 → {bot_turns[0].answer.bulls}🐂 {bot_turns[0].answer.cows}🐄")
    assert bot_turns[1].answer == (0, 0)
    assert isinstance(check_history(match.variant, bot_turns), Consistent)
    assert toasts(await ann.press(data)) == ["That button is out of date."]  # an old fix button is stale


async def test_unknown_versus_options_are_explained_with_a_versus_example(app, recorded):
    [reply] = sent(await Member(app, recorded, 11, "Ann", chat_id=11).send("/versus 9"))
    assert "I don't understand “9”" in reply.text
    assert "<code>/versus 5</code>" in reply.text
    assert "/challenge" not in reply.text
    assert await versus_of(app, Member(app, recorded, 11, "Ann", chat_id=11)) is None


async def test_a_running_versus_game_holds_back_other_games_started_by_command_or_deep_link(app, recorded):
    ann = Member(app, recorded, 11, "Ann", chat_id=11)
    await ann.send("/versus")
    running = t("vs.running")
    for text in ("/daily", "/play", "/think", "/start daily", "/start play", "/start think"):
        [held] = sent(await ann.send(text))
        assert held.text == running, text
    assert await versus_of(app, ann) is not None
    assert await app.bot_data[RUNTIME].core.deps.games.active_game(ann.chat_id) is None

"""Every finished one-player game ends with one tap to play it again: the same mode, variant and settings; the
other mode's button keeps the variant too (issue 21, bug 5)."""

from bot.texts import t
from tests.bot.fakes import USER
from tests.bot.members import Chat


def sent(calls, method="sendMessage"):
    return [c for c in calls if c.method == method]


async def active(app):
    return await app.bot_data.runtime.core.deps.store.games.active_game(USER)


async def test_after_giving_up_a_5_digit_game_the_play_button_starts_a_5_digit_game(chat: Chat, app):
    await chat.send("/play 5")
    [ended] = sent(await chat.send("/giveup"))
    play = next(data for label, data in ended.buttons if label.startswith("🎯"))
    [started] = sent(await chat.press(play))
    assert "5 digits, no repeats" in started.text
    assert (await active(app)).variant.length == 5


async def test_same_again_replays_the_variant_and_the_settings_of_the_game(chat: Chat, app):
    await chat.press("s:h")  # hard mode on for the next game
    await chat.press("s:a")  # and an attempt limit
    await chat.send("/play 5")
    before = await active(app)
    await chat.press("s:h")  # the chat's settings change afterwards: the replay keeps the game's
    [ended] = sent(await chat.send("/giveup"))
    assert next(label for label, _ in ended.buttons) == "🔁 Same again"
    [started] = sent(await chat.press_label("🔁 Same again"))
    assert "5 digits, no repeats" in started.text
    again = await active(app)
    assert (again.mode, again.variant, again.hard, again.attempt_limit, again.coaching) == (
        before.mode,
        before.variant,
        before.hard,
        before.attempt_limit,
        before.coaching,
    )
    assert again.id != before.id


async def test_same_again_after_the_bot_guessed_asks_to_think_of_a_code_of_that_variant(chat: Chat, app):
    await chat.send("/think 3")
    [done] = sent(await chat.press_label("3🐂 0🐄"))  # the bot's first guess was it
    assert "Got it in 1 guess" in done.text
    assert next(label for label, _ in done.buttons) == "🔁 Same again"
    [intro, _] = sent(await chat.press_label("🔁 Same again"))
    assert "Think of a code: 3 digits, no repeats" in intro.text


async def test_a_same_again_button_of_another_chat_or_an_unknown_game_is_stale(chat: Chat, app):
    await chat.send("/play")
    await chat.send("/giveup")
    game = await app.bot_data.runtime.core.deps.store.games.latest_game(USER, "referee")
    other = Chat(chat.app, chat.request, chat_id=USER + 1, user_id=USER + 1)
    [answer] = await other.press(f"ag:{game.id}", message_id=1)
    assert answer.params["text"] == t("stale")
    [answer] = await chat.press("ag:999999", message_id=1)
    assert answer.params["text"] == t("stale")


async def test_same_again_during_todays_challenge_warns_before_leaving_it(chat: Chat, app):
    await chat.send("/play 5")
    [ended] = sent(await chat.send("/giveup"))
    await chat.send("/daily")
    daily = await active(app)
    [warning] = sent(await chat.press(next(data for label, data in ended.buttons if label == "🔁 Same again")))
    assert warning.text == t("daily.confirm.leave", progress=t("daily.progress.none"))
    assert (await active(app)).id == daily.id  # nothing left yet

"""Whole conversations through Application.process_update, with a Bot API stand-in that records calls."""

from bot.telegram_io.menus import decorate
from bot.texts import t
from engine.scoring import score
from tests.bot.fakes import USER, RecordingRequest, telegram_app
from tests.bot.members import Chat, without_awards


def sent(calls, method="sendMessage"):
    return [c for c in calls if c.method == method]


async def test_decoration_registers_the_command_menu_for_private_chats_and_groups_in_every_language(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        assert await decorate(app.bot) == 8
        calls = request.calls
        menus = [(c.params["scope"]["type"], c.params.get("language_code", "")) for c in sent(calls, "setMyCommands")]
        assert menus == [
            ("all_private_chats", ""),
            ("all_group_chats", ""),
            ("all_private_chats", "ru"),
            ("all_group_chats", "ru"),
        ]
        described = [(c.method, c.params.get("language_code", "")) for c in calls if "Description" in c.method]
        methods = ("setMyDescription", "setMyShortDescription")
        assert set(described) == {(method, code) for method in methods for code in ("", "ru")}


async def test_start_offers_both_modes_and_handles_a_deep_link_payload(chat):
    [welcome] = sent(await chat.send("/start"))
    assert [data for _, data in welcome.buttons][:2] == ["n:r", "n:g"]
    [started] = sent(await chat.send("/start play"))
    assert "picked a secret" in started.text
    [odd] = sent(await chat.send("/start something-else"))
    assert "confirm" not in odd.text.lower()
    assert odd.buttons


async def test_a_finished_game_is_recorded_once_for_its_player(chat, app):
    await chat.send("/play")
    await chat.send("/giveup")
    [result] = await app.bot_data.runtime.core.deps.store.games.results(USER)
    assert (result.user_id, result.status, result.mode) == (USER, "gave_up", "referee")


async def test_a_referee_game_scores_guesses_and_ends_with_a_summary(chat, app):
    await chat.send("/play")
    secret = (await app.bot_data.runtime.core.deps.store.games.active_game(USER)).secret
    guess = "0123" if secret != "0123" else "4567"
    [reply] = sent(await chat.send(guess))
    expected = score(secret, guess)
    first = f"#1 <code>{guess}</code> → {expected.bulls}🐂 {expected.cows}🐄"
    assert reply.text.startswith("🎯 <b>Your guesses</b> · 4 digits, no repeats\n" + first)
    assert "codes left" in reply.text
    assert [label for label, _ in reply.buttons] == ["🔍 How am I doing?", "💡 Hint", "🏳️ Give up"]
    [invalid] = sent(await chat.send("12"))
    assert "4 digits" in invalid.text
    calls = await chat.send(secret)
    [won] = without_awards(sent(calls))
    assert first in won.text  # the newest board shows the whole game
    assert f"#2 <code>{secret}</code> → 4🐂 0🐄" in won.text
    assert "got it in 2 guesses" in won.text
    assert "I'd have needed" in won.text
    [tidied] = sent(calls, "editMessageText")  # the board before it, cut down to its last guess
    assert tidied.params["message_id"] == reply.params["_sent_id"]
    assert tidied.text == first
    assert not tidied.buttons


async def test_the_guesser_board_is_edited_in_place_and_offers_only_possible_answers(chat):
    calls = await chat.send("/think")
    intro, board = sent(calls)
    assert "Think of a code: 4 digits, no repeats" in intro.text
    labels = [label for label, _ in board.buttons]
    assert "1🐂 2🐄" in labels
    assert "3🐂 1🐄" not in labels
    calls = await chat.press_label("1🐂 2🐄")
    assert [c.method for c in calls] == ["answerCallbackQuery", "editMessageText"]
    assert calls[1].params["message_id"] == board.params["_sent_id"]
    assert "→ 1🐂 2🐄" in calls[1].text


async def test_typed_answers_work_and_impossible_ones_are_refused(chat):
    await chat.send("/think")
    [refusal] = sent(await chat.send("3 1"))
    assert "cannot happen" in refusal.text
    calls = await chat.send("1b2c")
    [board] = sent(calls)
    assert "→ 1🐂 2🐄" in board.text
    stripped = [c for c in calls if c.method == "editMessageReplyMarkup"]
    assert len(stripped) == 1  # the old board loses its buttons; the new one has them


async def test_a_button_from_an_old_board_answers_stale_and_does_nothing(chat, recorded):
    await chat.send("/think")
    old = next(data for label, data in recorded.calls[-1].buttons if label == "0🐂 1🐄")
    await chat.press_label("1🐂 2🐄")
    calls = await chat.press(old)
    assert [c.method for c in calls] == ["answerCallbackQuery"]
    assert "older board" in calls[0].params["text"]


async def test_a_contradiction_is_shown_at_once_and_fixed_with_the_correction_button(chat):
    await chat.send("/think")
    await chat.press_label("0🐂 0🐄")
    [_, board] = await chat.press_label("0🐂 0🐄")
    assert "can't all be true: #1 and #2" in board.text
    fixes = [(label, data) for label, data in board.buttons if data.startswith("f:")]
    assert fixes
    assert "fit)" in fixes[0][0]
    assert {"↩️ Undo", "🔄 Start over"} <= {label for label, _ in board.buttons}
    [_, fixed] = await chat.press(fixes[0][1])
    assert "bulls and cows?" in fixed.text


async def test_reveal_after_a_contradiction_names_the_wrong_answers(chat):
    await chat.send("/think")
    await chat.press_label("0🐂 0🐄")
    await chat.press_label("0🐂 0🐄")
    [reply] = sent(await chat.send("/reveal 8901"))
    assert "this answer was wrong" in reply.text  # one answer: the singular
    assert "#1" in reply.text


async def test_settings_are_one_message_edited_in_place_and_not_modified_is_ignored(chat, recorded):
    [board] = sent(await chat.send("/settings"))
    calls = await chat.press("s:l:5", board.params["_sent_id"])
    [edit] = [c for c in calls if c.method == "editMessageText"]
    assert "Game: 5 digits, no repeats" in edit.text
    assert edit.params["message_id"] == board.params["_sent_id"]
    recorded.fail_edits_with = "Bad Request: message is not modified: specified new message content is the same"
    calls = await chat.press("s:l:5", board.params["_sent_id"])
    assert [c.method for c in calls] == ["answerCallbackQuery", "editMessageText"]
    recorded.fail_edits_with = None
    [started] = sent(await chat.send("/play"))
    assert "5 digits, no repeats" in started.text


async def test_starting_a_new_game_asks_before_abandoning_the_running_one(chat):
    await chat.send("/play")
    [question] = sent(await chat.send("/think"))
    assert "Abandon it" in question.text
    calls = await chat.press_label("No, keep playing")
    assert [c.method for c in calls] == ["answerCallbackQuery"]
    calls = await chat.press_label("Yes, new game")
    assert "Think of a code" in sent(calls)[0].text


async def test_groups_get_a_short_note_and_never_a_game(app, recorded):
    group = Chat(app, recorded, chat_id=-100123)
    [note] = sent(await group.send("/play"))
    assert "/challenge" in note.text
    assert "t.me/bullscows_test_bot?start=play" in note.text
    assert sent(await group.send("1234")) == []
    assert await app.bot_data.runtime.core.deps.store.games.active_game(-100123) is None


async def test_commands_for_another_bot_are_ignored(app, recorded):
    assert await Chat(app, recorded).send("/play@someone_else_bot") == []


async def test_a_broken_button_is_answered_with_a_toast(app, recorded):
    calls = await Chat(app, recorded).press("zz:1:2", 5)
    assert [c.method for c in calls] == ["answerCallbackQuery"]


def test_the_recording_request_is_a_real_base_request():
    assert RecordingRequest().read_timeout == 1.0


async def test_play_takes_a_variant_for_that_game_only(chat):
    [five] = sent(await chat.send("/play 5"))
    assert "5 digits, no repeats" in five.text
    await chat.send("/cancel")
    [mastermind] = sent(await chat.send("/play mastermind"))
    assert "Mastermind 4×6 (colours)" in mastermind.text
    assert "a colour may appear more than once" in mastermind.text
    await chat.send("/cancel")
    [unknown] = sent(await chat.send("/play bogus"))
    assert "don't know the game" in unknown.text
    [classic] = sent(await chat.send("/play"))
    assert "4 digits, no repeats" in classic.text


async def test_hint_then_giveup_reveal_the_secret_only_in_the_private_chat(chat, app):
    await chat.send("/play")
    secret = (await app.bot_data.runtime.core.deps.store.games.active_game(USER)).secret
    [hint] = sent(await chat.send("/hint"))
    assert "Hint: <code>" in hint.text
    assert "Digit " in hint.text
    [gave_up] = sent(await chat.send("/giveup"))
    assert f"The secret was <b>{secret}</b>" in gave_up.text
    assert "Hint: <code>" in gave_up.text  # the board, with the hint so far
    [nothing] = sent(await chat.send("/giveup"))
    assert "No game running" in nothing.text


async def test_undo_as_a_command_sends_a_fresh_board(chat):
    await chat.send("/think")
    await chat.press_label("0🐂 2🐄")
    [board] = sent(await chat.send("/undo"))
    assert "#1: <code>0123</code>" in board.text
    [nothing] = sent(await chat.send("/undo"))
    assert "Nothing to undo" in nothing.text


async def test_a_text_that_is_not_a_guess_gets_a_short_nudge(chat):
    [idle] = sent(await chat.send("hello"))
    assert "/play" in idle.text
    await chat.send("/play")
    [nudge] = sent(await chat.send("hello"))
    assert "Send a guess like" in nudge.text


async def test_updates_of_one_chat_are_handled_in_order_even_when_they_arrive_together(tmp_path):
    import asyncio

    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        chat = Chat(app, request)
        await asyncio.gather(chat.send("/think"), chat.send("0 1"))
        texts = [c.text for c in request.calls if c.method == "sendMessage"]
        assert not any("No game running" in text for text in texts)
        assert "1. <code>0123</code> → 0🐂 1🐄" in texts[-1]


async def test_a_replaced_or_cancelled_guesser_game_leaves_its_board_without_buttons(chat):
    _, board = sent(await chat.send("/think"))
    await chat.send("/play")
    calls = await chat.press_label(t("btn.confirm"))
    [closed] = [c for c in calls if c.method == "editMessageText"]
    assert closed.params["message_id"] == board.params["_sent_id"]
    assert "Game ended" in closed.text
    assert not closed.buttons
    assert any("picked a secret" in c.text for c in sent(calls))

    await chat.send("/cancel")
    _, board = sent(await chat.send("/think"))
    calls = await chat.send("/cancel")
    [closed] = [c for c in calls if c.method == "editMessageText"]
    assert closed.params["message_id"] == board.params["_sent_id"]
    assert not closed.buttons


async def test_tampered_buttons_of_a_running_game_get_the_stale_toast_and_log_no_error(tmp_path, caplog):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        chat = Chat(app, request)
        await chat.send("/think")
        game = await app.bot_data.runtime.core.deps.store.games.active_game(USER)
        board = f"{game.id}:{game.revision}"
        for data in (f"a:{board}", f"a:{board}:zz", f"a:{board}:123", f"f:{board}:1:zz", f"f:{board}:1"):
            calls = await chat.press(data)
            assert [(c.method, c.params.get("text")) for c in calls] == [("answerCallbackQuery", t("stale", "en"))]
        await chat.send("/cancel")
        await chat.send("/versus")
        match = await app.bot_data.runtime.core.deps.store.matches.active_match(USER)
        board = f"{match.id}:{match.revision}"
        for data in (f"m:{board}:a:zz", f"m:{board}:a:1", f"m:{board}:f:0:zz:10", f"m:{board}:f:0:10:x"):
            calls = await chat.press(data)
            assert [c.method for c in calls] == ["answerCallbackQuery"]
            assert calls[0].params.get("text") in (t("stale", "en"), t("match.stale", "en"))
        assert not [r for r in caplog.records if r.levelname == "ERROR"]

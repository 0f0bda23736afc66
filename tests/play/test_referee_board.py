"""The referee's one board: every guess so far in the newest message, the old board cut down to its last line, a
quiet coach (one line) with the full review behind a button, hints and giving up from the board, Mastermind in
colours."""

from datetime import timedelta

from bot.texts import PEGS, colours_text, date_text, variant_name, wait_text
from engine.scoring import score
from engine.variant import PRESETS, variant_named
from tests.bot.fakes import USER
from tests.bot.members import GROUP, Chat, Member, sent


def wrong_codes(secret: str, variant=PRESETS["classic"]) -> list[str]:
    pool = ("0123", "4567", "8901", "2345", "6789", "1357", "2468", "0011", "2233", "4455", "1234", "5043")
    return [c for c in pool if variant.is_valid(c) and c != secret]


async def test_each_guess_is_answered_by_a_board_with_every_guess_and_the_old_board_is_tidied(chat: Chat, app):
    await chat.send("/play")
    secret = (await app.bot_data.runtime.core.deps.store.games.active_game(USER)).secret
    codes = wrong_codes(secret)[:4]
    boards = []
    for n, code in enumerate(codes, start=1):
        calls = await chat.send(code)
        [board] = sent(calls)
        lines = board.text.split("\n")
        assert lines[0] == "🎯 <b>Your guesses</b> · 4 digits, no repeats"
        for i, earlier in enumerate(codes[:n], start=1):
            answer = score(secret, earlier)
            assert lines[i] == f"#{i} <code>{earlier}</code> → {answer.bulls}🐂 {answer.cows}🐄"
        assert lines[n + 1].startswith("📉 ")  # the quiet coach: one line
        assert len(lines) == n + 2
        if boards:
            [tidied] = [c for c in calls if c.method == "editMessageText"]
            assert tidied.params["message_id"] == boards[-1].params["_sent_id"]
            assert tidied.text == lines[n - 1]  # the old board keeps only its own last guess
            assert not tidied.buttons
        boards.append(board)


async def test_the_coach_button_shows_the_full_review_in_place(chat: Chat, app):
    await chat.send("/play")
    secret = (await app.bot_data.runtime.core.deps.store.games.active_game(USER)).secret
    for code in wrong_codes(secret)[:2]:
        [board] = sent(await chat.send(code))
    calls = await chat.press_label("How am I doing?")
    [review] = [c for c in calls if c.method == "editMessageText"]
    assert review.params["message_id"] == board.params["_sent_id"]
    assert "cut the codes that fit from " in review.text
    assert "bits of information (each bit halves them)" in review.text
    assert "How am I doing?" not in [label for label, _ in review.buttons]
    assert [label for label, _ in review.buttons] == ["💡 Hint", "🏳️ Give up"]


async def test_the_hint_and_give_up_buttons_edit_the_board_in_place(chat: Chat, app):
    await chat.send("/play")
    secret = (await app.bot_data.runtime.core.deps.store.games.active_game(USER)).secret
    [board] = sent(await chat.send(wrong_codes(secret)[0]))
    calls = await chat.press_label("💡 Hint")
    [hinted] = [c for c in calls if c.method == "editMessageText"]
    assert hinted.params["message_id"] == board.params["_sent_id"]
    assert "💡 Hint: <code>" in hinted.text
    [asked] = sent(await chat.press_label("🏳️ Give up"))  # a tap asks first: it may have been meant for a hint
    assert asked.text == "🏳️ Give up this game and see the code?"
    assert await app.bot_data.runtime.core.deps.store.games.active_game(USER) is not None
    calls = await chat.press_label("🏳️ Yes, give up")
    [ended] = [c for c in calls if c.method == "editMessageText"]
    assert ended.params["message_id"] == board.params["_sent_id"]
    assert f"The secret was <b>{secret}</b>" in ended.text
    assert await app.bot_data.runtime.core.deps.store.games.active_game(USER) is None


async def test_cancel_leaves_the_board_without_buttons(chat: Chat, app):
    await chat.send("/play")
    secret = (await app.bot_data.runtime.core.deps.store.games.active_game(USER)).secret
    [board] = sent(await chat.send(wrong_codes(secret)[0]))
    calls = await chat.send("/cancel")
    [closed] = [c for c in calls if c.method == "editMessageText"]
    assert closed.params["message_id"] == board.params["_sent_id"]
    assert not closed.buttons


async def test_mastermind_is_named_and_shown_in_colours(chat: Chat, app):
    [started] = sent(await chat.send("/play mastermind"))
    assert "Colours: 0🔴 1🟡 2🟢 3🔵 4🟣 5🟠" in started.text
    secret = (await app.bot_data.runtime.core.deps.store.games.active_game(USER)).secret
    code = wrong_codes(secret, PRESETS["mastermind"])[0]
    [board] = sent(await chat.send(code))
    assert board.text.startswith("🎯 <b>Your guesses</b> · Mastermind 4×6 (colours)\n")
    assert f"#1 <code>{code}</code> {colours_text(code)} → " in board.text


def test_names_colours_dates_and_waits_read_as_people_write_them():
    assert variant_name(variant_named("6r6")) == "Mastermind 6×6 (colours)"
    assert variant_name(variant_named("6"), "ru") == "6 цифр без повторов"
    assert colours_text("0152") == PEGS[0] + PEGS[1] + PEGS[5] + PEGS[2]
    assert date_text("2026-11-25", "ru") == "25 ноября"
    assert date_text("2026-11-25") == "25 November"
    assert wait_text(timedelta(hours=14, minutes=10, seconds=1)) == "14\u00a0h 11\u00a0min"
    assert wait_text(timedelta(seconds=5), "ru") == "1\u00a0мин"


async def test_give_up_keeps_its_place_whatever_help_comes_and_goes(chat: Chat, app):
    await chat.send("/settings")
    await chat.send("/play")
    secret = (await app.bot_data.runtime.core.deps.store.games.active_game(USER)).secret
    [board] = sent(await chat.send(wrong_codes(secret)[0]))
    rows = [[button["text"] for button in row] for row in board.markup]
    assert rows[-1] == ["🏳️ Give up"]  # alone on the last row, before and after the hints run out
    for _ in range(2):
        await chat.press_label("💡 Hint")
    [again] = sent(await chat.send(wrong_codes(secret)[1]))
    assert [[button["text"] for button in row] for row in again.markup][-1] == ["🏳️ Give up"]
    kept = await chat.press_label("🏳️ Give up")
    assert any("Give up this game" in (c.text or "") for c in kept)
    assert await app.bot_data.runtime.core.deps.store.games.active_game(USER) is not None


async def test_the_rules_end_with_the_buttons_that_start_a_game_in_private_and_none_in_a_group(app, recorded):
    [said] = sent(await Chat(app, recorded).send("/rules"))
    assert [[button["text"] for button in row] for row in said.markup] == [["🎯 You guess my code", "🤖 I guess yours"]]
    group = Member(app, recorded, 2002, "Bob", chat_id=GROUP)
    [told] = sent(await group.send("/rules"), GROUP)
    assert told.markup == []

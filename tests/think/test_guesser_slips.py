"""The player hunting their own slip in /think: /reveal with a typo, every likely fix, changing any answer."""

from bot.texts import t
from engine.scoring import Score, score
from tests.bot.fakes import USER
from tests.bot.members import Chat


def sent(calls, method="sendMessage"):
    return [c for c in calls if c.method == method]


async def test_reveal_with_a_mistyped_code_says_what_is_wrong_and_keeps_the_game(chat: Chat):
    await chat.send("/think")
    await chat.press_label("0🐂 2🐄")
    for typed, expected in (
        ("1123", t("invalid.repeated", digit="1") + "\n" + t("reveal.usage", example="1234")),
        ("12", t("reveal.wrong_length", expected=4, got=2, example="1234")),  # its own words, not a guess's
        ("abcd", t("invalid.not_digit", char="a") + "\n" + t("reveal.usage", example="1234")),
    ):
        [reply] = sent(await chat.send(f"/reveal {typed}"))
        assert reply.text == expected, typed
    [board] = sent(await chat.send("/undo"))
    assert "0🐂 2🐄" not in board.text  # the game is still on: the answer could be taken back


def label(answer) -> str:
    return f"{answer.bulls}🐂 {answer.cows}🐄"


async def pending(app):
    return (await app.bot_data.runtime.core.deps.store.games.active_game(USER)).pending_guess


async def slip_at_two(chat: Chat, app, secret: str = "2047"):
    """/think with `secret` in mind: #1 true, #2 one cow short, then true answers until the bot objects; the board
    that names the contradiction comes back."""
    await chat.send("/think")
    truth = score(secret, await pending(app))
    await chat.press_label(label(truth))
    truth = score(secret, await pending(app))
    await chat.press_label(label(Score(truth.bulls, truth.cows - 1)))
    for _ in range(8):
        guess = await pending(app)
        calls = await chat.press_label(label(score(secret, guess)))
        [board] = [c for c in calls if c.method == "editMessageText"]
        if "🤔" in board.text:
            return board
    raise AssertionError("the slip was never caught")


async def test_the_true_fix_of_a_slip_at_two_is_offered_with_every_fix_as_likely(chat: Chat, app):
    board = await slip_at_two(chat, app)
    fixes = [shown for shown, data in board.buttons if data.startswith("f:")]
    assert "#2 → 1🐂 1🐄 (1 code)" in fixes
    assert len(fixes) == 4  # the three likeliest and the one tied with the third
    [more] = [(shown, data) for shown, data in board.buttons if data.startswith("x:")]
    assert more[0] == "➕ 2 more fixes"
    assert "➕ shows 2 more" in board.text
    [every] = [c for c in await chat.press(more[1]) if c.method == "editMessageText"]
    assert len([data for _, data in every.buttons if data.startswith("f:")]) == 6
    [_, fixed] = await chat.press_label("#2 → 1🐂 1🐄 (1 code)")
    assert "2. <code>1245</code> → 1🐂 1🐄" in fixed.text
    assert "🤔" not in fixed.text


async def test_a_contradiction_says_why_in_a_sentence(chat: Chat, app):
    board = await slip_at_two(chat, app)
    assert "can't all be true: #1, #2, #4 and #5." in board.text
    # the other answers of the conflict leave 6 codes (2047 among them), and none answers 0🐂 2🐄 to 0123
    why = "6 codes fit #2, #4 and #5, and they would answer #1 <code>0123</code> with 0🐂 1🐄, never 0🐂 2🐄."
    assert why in board.text


async def test_any_answer_can_be_changed_directly_from_a_contradiction(chat: Chat, app):
    board = await slip_at_two(chat, app)
    changes = [shown for shown, data in board.buttons if data.startswith("c:")]
    assert changes == ["✏️ #1", "✏️ #2", "✏️ #3", "✏️ #4", "✏️ #5"]
    [asked] = [c for c in await chat.press_label("✏️ #2") if c.method == "editMessageText"]
    assert "✏️ #2 <code>1245</code>: you said 1🐂 0🐄. What should it be?" in asked.text
    labels = [shown for shown, _ in asked.buttons]
    assert "1🐂 0🐄" not in labels  # what was said already
    assert "4🐂 0🐄" not in labels  # an earlier guess right would have ended the game
    assert "⬅️ Back" in labels
    [back] = [c for c in await chat.press_label("⬅️ Back") if c.method == "editMessageText"]
    assert back.text == board.text
    await chat.press_label("✏️ #2")
    [_, fixed] = await chat.press_label("1🐂 1🐄")
    assert "🤔" not in fixed.text
    assert "2. <code>1245</code> → 1🐂 1🐄" in fixed.text


async def test_an_earlier_answer_can_be_changed_before_any_contradiction(chat: Chat, app):
    await chat.send("/think")
    await chat.press_label("0🐂 2🐄")
    [_, board] = await chat.press_label("1🐂 0🐄")
    assert "✏️ Change an answer" in [shown for shown, _ in board.buttons]
    [picking] = [c for c in await chat.press_label("✏️ Change an answer") if c.method == "editMessageText"]
    assert "Which answer do you want to change?" in picking.text
    await chat.press_label("✏️ #2")
    [_, changed] = await chat.press_label("1🐂 1🐄")
    assert "2. <code>1245</code> → 1🐂 1🐄" in changed.text
    assert "bulls and cows?" in changed.text


async def test_tampered_change_more_and_again_buttons_get_the_stale_toast_and_log_no_error(tmp_path, caplog):
    from tests.bot.fakes import telegram_app

    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        chat = Chat(app, request)
        await chat.send("/think")
        await chat.press_label("0🐂 2🐄")
        game = await app.bot_data.runtime.core.deps.store.games.active_game(USER)
        board = f"{game.id}:{game.revision}"
        tampered = (f"c:{board}:9", f"c:{board}:x", f"c:{board}:99999999999999999999", f"f:{board}:0:44", "ag:x", "ag:")
        for data in (*tampered, "ag:1:2", "rm:x", "rm:", f"ag:{game.id}", "rm:12345"):
            calls = await chat.press(data, message_id=1)
            assert [c.method for c in calls] == ["answerCallbackQuery"], data
            assert calls[0].params.get("text") in (t("stale"), t("match.stale")), data
        await chat.send("/cancel")
        await chat.send("/versus")
        match = await app.bot_data.runtime.core.deps.store.matches.active_match(USER)
        board = f"{match.id}:{match.revision}"
        for data in (f"m:{board}:c:9", f"m:{board}:c:0:zz", f"m:{board}:x:zz", f"m:{board}:u:1", f"m:{board}:v:1:2"):
            calls = await chat.press(data, message_id=1)
            assert [c.method for c in calls] == ["answerCallbackQuery"], data
            assert calls[0].params.get("text") in (t("stale"), t("match.stale")), data
        assert not [r for r in caplog.records if r.levelname == "ERROR"]

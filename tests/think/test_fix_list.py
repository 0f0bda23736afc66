"""The fixes of contradicting answers: each button counts the codes it leaves with their noun («4 кода», "4 codes"),
never a form field's «(подходит: 4)», and a line under the fixes says why they come in their order (likeliest first,
which is not always the most codes first), in English and Russian, in /think and versus."""

import pytest

from bot.texts import plain, score_text, t
from engine.consistency import check_history
from engine.scoring import Score
from tests.bot.fakes import USER
from tests.bot.members import Member
from tests.think.test_guesser_slips import slip_at_two

ORDER = {
    "en": "Likeliest first: the more codes a fix leaves, the likelier it is,",
    "ru": "Сначала самые вероятные: чем больше кодов остаётся после исправления, тем оно вероятнее,",
}


@pytest.mark.parametrize(
    ("language", "count", "label"),
    [
        ("en", 1, "#2 → 1🐂 1🐄 (1 code)"),
        ("en", 4, "#2 → 1🐂 1🐄 (4 codes)"),
        ("ru", 1, "№2 → 1🐂 1🐄 (1 код)"),
        ("ru", 4, "№2 → 1🐂 1🐄 (4 кода)"),
        ("ru", 9, "№2 → 1🐂 1🐄 (9 кодов)"),
        ("ru", 11, "№2 → 1🐂 1🐄 (11 кодов)"),
        ("ru", 21, "№2 → 1🐂 1🐄 (21 код)"),
        ("ru", 22, "№2 → 1🐂 1🐄 (22 кода)"),
    ],
)
def test_a_fix_counts_its_codes_with_their_noun(language, count, label):
    score = score_text(Score(1, 1), language)
    assert t("btn.fix.codes", language, n=2, score=score, remaining=count) == label


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_the_fix_list_counts_codes_and_says_why_its_order(app, recorded, language):
    chat = Member(app, recorded, USER, "Ann", chat_id=USER, language_code=language)
    board = await slip_at_two(chat, app)
    game = await app.bot_data.runtime.core.deps.store.games.active_game(USER)
    found = check_history(game.variant, game.turns)
    fixes = [shown for shown, data in board.buttons if data.startswith("f:")]
    assert len(fixes) >= 2
    for shown, fix in zip(fixes, found.corrections, strict=False):
        score = score_text(fix.answer, language)
        assert shown == t("btn.fix.codes", language, n=fix.turn + 1, score=score, remaining=fix.remaining)
    assert not any("подходит" in shown or "fit)" in shown for shown in fixes)
    text = plain(board.text)
    [order] = [line for line in text.split("\n") if line.startswith(ORDER[language])]
    assert text.split("\n")[-1] == order  # right above the fixes it explains


async def test_versus_fixes_say_why_their_order_too(app, recorded):
    ann = Member(app, recorded, 11, "Ann", chat_id=11)
    await ann.send("/versus")
    secret = (await app.bot_data.runtime.core.deps.store.matches.active_match(11)).secret
    wrong = iter(c for c in ("0123", "4567", "8901") if c != secret)
    await ann.send(next(wrong))
    await ann.send("0 4")
    await ann.send(next(wrong))
    [board] = [c for c in await ann.send("0 0") if c.method == "sendMessage"]
    fixes = [shown for shown, data in board.buttons if data.split(":")[3] == "f"]
    if len(fixes) > 1:
        assert ORDER["en"] in plain(board.text)
    assert all(shown.endswith(("code)", "codes)")) for shown in fixes)

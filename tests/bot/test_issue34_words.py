"""Issue 34 §5's words, in English and Russian: /daily promises no coaching while the game runs and says when its
review opens (it did say «без разбора ходов», then offered «📊 Разбор партии»); Puzzle Storm's prompt reads «Под все
эти ответы подходит ровно один код», as the puzzles' own does."""

from __future__ import annotations

import pytest

from bot.texts import plain, t
from tests.bot.members import Member, sent


@pytest.mark.parametrize(
    ("language", "promised", "not_said"),
    [
        ("en", "its review opens once the day is over for everyone", "no coaching;"),
        ("ru", "разбор откроется, когда день закончится для всех", "без разбора ходов"),
    ],
)
async def test_the_daily_says_its_review_opens_when_the_day_is_over(app, recorded, language, promised, not_said):
    member = Member(app, recorded, 1001, "Ann", language_code=language).in_private()
    started = plain(sent(await member.send("/daily"))[0].text)
    assert promised in started
    assert not_said not in started


def test_storms_prompt_says_which_code_fits_as_the_puzzles_does():
    assert t("storm.prompt", "ru") == "Под все эти ответы подходит ровно один код. Какой? Напиши его."
    assert t("storm.prompt", "ru").split(".")[0] == t("puzzle.prompt", "ru").split(".")[0]
    assert t("storm.prompt", "en").startswith("Exactly one code gives all these scores.")


def test_the_daily_game_and_the_puzzle_of_the_day_are_told_apart_in_russian():
    # «задача» reads as a puzzle: the daily game is «код дня» (📅), the puzzle of the day «головоломка дня» (🧩)
    from bot.i18n import po_path

    said = [line for line in po_path("ru").read_text().splitlines() if line.startswith(("msgstr", '"'))]
    kept = {
        '"Задача — отгадать код за наименьшее число ходов."',  # the rules: the player's task
        'msgstr "код, задача, задачи, ежедневная"',  # /review задача still asks for the daily's review
        'msgstr "Задачи"',  # the page's bar: the puzzles, in a word short enough for it (a задача is a puzzle)
    }
    assert [line for line in said if "задач" in line.lower() and line not in kept] == []
    assert t("daily.btn.play", "ru") == "📅 Код дня"
    assert t("app.tab.daily", "ru") == "Код дня"
    assert t("puzzle.btn.daily", "ru") == "🧩 Головоломка дня"


async def test_review_takes_the_daily_by_its_new_russian_name_and_its_old_one(app, recorded):
    anya = Member(app, recorded, 11, "Аня", language_code="ru").in_private()
    for word in ("код", "задача"):
        [said] = sent(await anya.send(f"/review {word}"))
        assert said.text == t("review.none.daily", "ru")  # the daily's own answer: none played yet

"""Issue 34 §5 and §6 on the puzzles, in the chat and through the page's API, in English and Russian: a best next
guess given up says so before the answer; a ladder puzzle over keeps its rating line (rated at the first answer, it
is not dropped when the player gives up or solves it later); the day's board ends with a way to go on in a private
chat (none in a group, where puzzles are not begun)."""

from __future__ import annotations

import pytest

from bot import callback_data as cb
from bot.puzzles import screens
from bot.texts import plain, t
from tests.bot.members import Member, sent
from tests.puzzles.test_puzzle_next import reach_next
from tests.webapp.harness import mini_app

NEXT, BOARD = cb.encode(screens.ACTION, screens.NEXT), cb.encode(screens.ACTION, screens.BOARD)


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_best_next_guess_given_up_says_so_before_the_answer(app, recorded, language):
    member = Member(app, recorded, 1001, "Ann", language_code=language).in_private()
    row, _, _ = await reach_next(app, member, 1001)
    [gave_up] = sent(await member.press(f"pz:g:{row.id}"))
    said = gave_up.text.split("\n")
    given = t("puzzle.next.gave_up", language)
    assert given in said
    best = next(i for i, line in enumerate(said) if line.startswith("⭐"))
    assert said.index(given) < best  # the answer follows, named as the answer, not as the player's
    assert ("Given up" if language == "en" else "Сдаёшься") in given


async def act(web, key: str, language: str, **sent_: object) -> dict:
    status, answer = await web.call("POST", "/api/act", {"key": key, **sent_}, language=language)
    assert status == 200, answer
    return answer


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_ladder_puzzle_given_up_after_a_rated_miss_keeps_its_rating_line(tmp_path, language):
    async with mini_app(tmp_path) as web:
        board = (await act(web, "ladder-1", language, data=NEXT))["screen"]
        clued = {clue["guess"] for clue in board["clues"]}
        missed = next(code for code in ("0123", "4567", "8901", "2345") if code not in clued)
        answered = (await act(web, "ladder-2", language, command="puzzle", args=missed))["screen"]
        if answered["solved"]:  # the one chance in 5,040
            return
        changed = [line for line in answered["ending"] if line.startswith("📈")]
        assert len(changed) == 1  # rated at this first answer: the change
        [give_up] = answered["choices"]
        gave_up = (await act(web, "ladder-3", language, data=give_up["data"]))["screen"]
        assert gave_up["over"] is True
        kept = [line for line in gave_up["ending"] if line.startswith("📈")]
        shown = f"{gave_up['rating']}?" if gave_up["provisional"] else str(gave_up["rating"])
        assert kept == [plain(t("puzzle.rating.kept", language, rating=shown))]  # the line stays, counted once
        assert gave_up["rating"] == answered["rating"]  # giving up rated nothing more
        assert gave_up["ending"][0].startswith("🏳️")  # and says it was given up


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_the_days_board_ends_with_the_next_puzzle_in_private_and_nothing_in_a_group(app, recorded, language):
    member = Member(app, recorded, 1001, "Ann", language_code=language)
    go_on = [(plain(t("puzzle.btn.next", language)), NEXT)]
    [board] = sent(await member.in_private().press(BOARD, message_id=1))
    assert board.text.startswith("🏆")
    assert board.buttons == go_on
    [top] = sent(await member.in_private().send("/puzzle top"))
    assert top.buttons == go_on
    [in_group] = sent(await member.send("/puzzle top"))  # a group begins no puzzle: nothing to press there
    assert in_group.text.startswith("🏆")
    assert in_group.buttons == []

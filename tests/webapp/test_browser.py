"""The Mini App in a real browser (headless Chromium): a referee game won with the keypad, the notepad, the
possibilities tab against the engine, a /think game with a contradiction and its fix, in English and Russian, in
the light and the dark theme. With SCREENSHOTS=DIR, a screenshot of each tab goes there."""

from __future__ import annotations

import asyncio
import re

import pytest

try:
    from playwright.async_api import expect
except ImportError:  # the tests skip, saying why (tests/webapp/browser.py)
    expect = None

from bot import callback_data as cb
from bot.days import day_of
from bot.texts import plain
from engine.history import candidates
from tests.bot.fakes import USER
from tests.webapp.browser import go, needs_browser, open_page, screenshot
from tests.webapp.harness import init_data, mini_app

pytestmark = [pytest.mark.browser, needs_browser, pytest.mark.asyncio(loop_scope="module")]

WAIT = 15_000  # ms: generous on a busy machine; every wait ends as soon as the page is ready
NEXT = "#puzzle-choices button[data-data^='pz:n']"  # the puzzles' buttons: the chat's own (pz:n[:<variant>])
GIVE_UP = "#puzzle-choices button[data-data^='pz:g:']"


async def key_in(page, code: str) -> None:
    for digit in code:
        await page.click(f"#keypad button[data-digit='{digit}']")
    await page.click("#tg-main-button")


async def turns_shown(page, n: int) -> None:
    await expect(page.locator("#turns tr")).to_have_count(n, timeout=WAIT)


BOTH = [("en", False), ("en", True), ("ru", False), ("ru", True)]


@pytest.mark.parametrize(("language", "dark"), BOTH)
async def test_a_referee_game_is_won_with_the_keypad(browser, tmp_path, language, dark):
    async with mini_app(tmp_path) as web:
        page = await open_page(browser, web.url, init_data(language=language), dark=dark)
        await page.wait_for_selector("#new-play", state="visible", timeout=WAIT)
        assert await page.text_content("#tab-game .label") == ("Game" if language == "en" else "Игра")
        await page.click("#new-play")
        await page.wait_for_selector("#keypad button", timeout=WAIT)
        game = await web.runtime.store.games.active_game(USER)
        assert game is not None
        assert game.secret
        await web.flush()
        assert web.request.calls[-1].params["chat_id"] == USER  # the chat was told the game began

        # the keypad lets only codes of the variant through: a digit once, four of them
        await page.click("#keypad button[data-digit='1']")
        assert await page.is_disabled("#keypad button[data-digit='1']")
        assert await page.is_disabled("#tg-main-button")
        await page.click("#erase")
        first = "0123" if game.secret != "0123" else "4567"
        sent = len(web.request.calls)
        await key_in(page, first)
        await turns_shown(page, 1)
        await web.flush()
        assert any(first in call.text for call in web.request.calls[sent:])  # the chat's reply to the page's move

        # the notepad: a digit ruled out in place 1, another certain, kept across a reload
        await page.click("#notepad summary")
        await page.click("#notes button[data-note='0:5']")
        await page.click("#notes button[data-note='1:7']")
        await page.click("#notes button[data-note='1:7']")
        await page.wait_for_timeout(700)  # the page saves 0.4 s after the last tap
        await page.reload()
        await page.wait_for_selector("#notes button[data-note='1:7'].o", state="attached", timeout=WAIT)
        assert "x" in (await page.get_attribute("#notes button[data-note='0:5']", "class") or "")

        theme = "dark" if dark else "light"
        await page.click("#notepad summary")
        await screenshot(page, f"game-{language}-{theme}")

        # the possibilities: the engine's count
        await go(page, "possible")
        await page.wait_for_selector("#codes tr", timeout=WAIT)
        stored = await web.runtime.store.games.active_game(USER)
        assert stored is not None
        expected = len(candidates(stored.variant, stored.turns))
        count = await page.text_content("#count")
        assert count is not None
        assert int(re.sub(r"\D", "", count)) == expected
        # each code's bits as the player's language writes a number: 2.48 in English, 2,48 in Russian
        mark = "," if language == "ru" else "."
        bits = await page.text_content("#codes tr:first-child td:last-child") or ""
        assert re.fullmatch(rf"\d{re.escape(mark)}\d\d", bits), bits
        assert mark in (await page.text_content("#bits") or "")
        await screenshot(page, f"possible-{language}-{theme}")

        # the win
        await page.click("#tab-game")
        sent = len(web.request.calls)
        await key_in(page, game.secret)
        await page.wait_for_selector("#ending", state="visible", timeout=WAIT)
        assert game.secret in (await page.text_content("#ending") or "")
        assert await page.is_visible("#again-play")
        await web.flush()
        assert any(game.secret in call.text for call in web.request.calls[sent:])
        await screenshot(page, f"won-{language}-{theme}")

        # after the game, the coach's view: each guess reviewed
        await go(page, "possible")
        await expect(page.locator("#coach-moves li")).to_have_count(2, timeout=WAIT)
        await screenshot(page, f"coach-{language}-{theme}")
        await page.context.close()


@pytest.mark.parametrize(("language", "dark"), BOTH)
async def test_the_daily_is_played_and_shared_from_its_tab(browser, tmp_path, language, dark):
    async with mini_app(tmp_path) as web:
        page = await open_page(browser, web.url, init_data(language=language), dark=dark)
        await page.wait_for_selector("#new-play", state="visible", timeout=WAIT)
        await page.click("#tab-daily")
        await page.click("#daily-play")
        await page.wait_for_selector("#keypad button", timeout=WAIT)  # on the game tab, today's game
        game = await web.runtime.store.games.active_game(USER)
        assert game is not None
        assert game.daily is not None
        assert game.secret
        await go(page, "possible")
        await page.wait_for_selector("#possible-hidden", state="visible", timeout=WAIT)  # the daily is played bare
        await page.click("#tab-game")
        await key_in(page, game.secret)
        await page.wait_for_selector("#ending", state="visible", timeout=WAIT)
        await page.click("#tab-daily")
        await page.wait_for_selector("#daily-share", state="visible", timeout=WAIT)
        grid = await page.text_content("#daily-share") or ""
        assert "🐂🐂🐂🐂" in grid
        assert game.secret not in grid  # spoiler-free
        assert await page.is_visible("#daily-streak")
        await screenshot(page, f"daily-{language}-{'dark' if dark else 'light'}")
        await page.click("#daily-share-button")
        calls = await page.evaluate("window.__tgCalls")
        assert ["switchInlineQuery", "daily", ["users", "groups", "channels"]] in calls
        await page.context.close()


@pytest.mark.parametrize(("language", "dark"), [("en", True), ("ru", False)])
async def test_a_think_game_meets_a_contradiction_and_a_fix_from_the_board(browser, tmp_path, language, dark):
    async with mini_app(tmp_path) as web:
        page = await open_page(browser, web.url, init_data(language=language), dark=dark)
        await page.wait_for_selector("#new-think", state="visible", timeout=WAIT)
        await page.click("#new-think")
        await page.wait_for_selector("#board-buttons button", timeout=WAIT)
        await web.flush()  # the chat shows the board: the page's answers edit it in place
        for done in (1, 2):  # nothing matches, twice: 0123 and 4567 leave too few digits for four distinct ones
            await page.click("#board-buttons button >> nth=0")
            await turns_shown(page, done)
        game = await web.runtime.store.games.active_game(USER)
        assert game is not None
        assert game.pending_guess is None  # stuck: the answers cannot all be true
        await web.flush()
        shown = await page.locator("#board-lines p").all_text_contents()
        chat = plain(web.request.calls[-1].text)
        assert all(line in chat for line in shown[:-1])  # the chat's own words: why the answers cannot all be true
        assert "/reveal" in chat  # ... and what to do, the chat naming its command, the page its own check
        assert "/reveal" not in shown[-1]
        assert "🔍" in shown[-1]
        assert await page.is_visible("#reveal summary")
        theme = "dark" if dark else "light"
        await screenshot(page, f"think-{language}-{theme}")
        fixes = page.locator(f"#board-buttons button[data-data^='{cb.FIX}:']")
        shown_fixes = await fixes.count()
        assert shown_fixes >= 1
        sent = len(web.request.calls)
        await page.click(f"#board-buttons button[data-data^='{cb.MORE}:']")  # every fix, on the page alone
        await expect(fixes).not_to_have_count(shown_fixes, timeout=WAIT)
        assert await fixes.count() > shown_fixes
        await web.flush()
        assert len(web.request.calls) == sent  # a look: the chat's board is left as it was
        await fixes.first.click()
        await expect(fixes).to_have_count(0, timeout=WAIT)
        fixed = await web.runtime.store.games.active_game(USER)
        assert fixed is not None
        assert fixed.pending_guess is not None
        await web.flush()
        edited = web.request.calls[-1]
        assert edited.method == "editMessageText"  # the chat's board, in place
        assert f"{fixed.pending_guess}" in edited.text
        await page.context.close()


async def test_a_move_typed_in_the_chat_shows_in_the_page(browser, tmp_path):
    async with mini_app(tmp_path) as web:
        chat = web.chat()
        await chat.send("/play")
        page = await open_page(browser, web.url, init_data())
        await page.wait_for_selector("#keypad button", timeout=WAIT)
        await chat.send("3456")
        await turns_shown(page, 1)
        assert await page.text_content("#turns td.code") == "3456"
        await page.context.close()


@pytest.mark.parametrize(("language", "dark"), [("en", False), ("ru", True)])
async def test_the_puzzle_tab_solves_the_day_then_takes_a_rated_ladder_puzzle(browser, tmp_path, language, dark):
    from bot.puzzles import service as puzzles
    from bot.puzzles.store import SqlitePuzzleRepository
    from engine.review.puzzle import NextGuessPuzzle

    async with mini_app(tmp_path) as web:
        page = await open_page(browser, web.url, init_data(language=language), dark=dark)
        await page.wait_for_selector("#new-play", state="visible", timeout=WAIT)
        tab = page.locator("#tab-puzzle")
        await expect(tab.locator(".label")).to_have_text("Puzzles" if language == "en" else "Задачи", timeout=WAIT)
        await tab.click()
        begin = page.locator("#puzzle-choices button[data-data='pz:d']")
        await expect(begin).to_be_visible(timeout=WAIT)  # no clue shown before the player asks: no clock yet
        assert await page.locator("#puzzle-clues tr").count() == 0
        await begin.click()
        await expect(page.locator("#puzzle-clues tr").first).to_be_visible(timeout=WAIT)
        deps = web.runtime.core.deps
        day = await puzzles.day_puzzle(deps, day_of(deps.clock()))
        assert await page.locator("#puzzle-clues tr").count() == len(day.clues)
        clued = {clue.guess for clue in day.clues}  # a clue's own code costs nothing: it would be no wrong try
        wrong = next(code for code in ("0123", "4567", "8901") if code != day.solution and code not in clued)
        await page.fill("#puzzle-code", wrong)
        await page.click("#puzzle-answer")
        await expect(page.locator("#puzzle-clues tr.broken").first).to_be_visible(timeout=WAIT)
        await page.fill("#puzzle-code", day.solution)
        await page.press("#puzzle-code", "Enter")
        await expect(page.locator("#puzzle-share")).to_be_visible(timeout=WAIT)
        grid = await page.text_content("#puzzle-share") or ""
        assert grid.endswith("🟥🟩")
        assert day.solution not in grid  # spoiler-free
        await screenshot(page, f"puzzle-{language}-{'dark' if dark else 'light'}")
        await page.click(NEXT)
        await expect(page.locator("#puzzle-title h2")).to_contain_text("?", timeout=WAIT)  # Which code is it?
        await expect(page.locator(GIVE_UP)).to_be_visible(timeout=WAIT)
        assert await page.locator("#puzzle-choices button").count() == 1  # the chat's: no way to park it
        await page.click(GIVE_UP)
        await expect(page.locator("#puzzle-said")).to_contain_text("🏳️", timeout=WAIT)
        await expect(page.locator("#puzzle-said")).to_contain_text("📈", timeout=WAIT)  # a loss, rated
        stocked = await asyncio.to_thread(puzzles.made_next, puzzles.DAILY_VARIANT, [0], set())
        async with deps.transaction():
            await deps.store.repository(SqlitePuzzleRepository).add(stocked, deps.clock())
        best = NextGuessPuzzle.from_data(stocked[0].data).best[0]
        await page.click(NEXT)  # the other kind's turn: the best next guess
        await expect(page.locator("#puzzle-title h2")).to_contain_text("🧠", timeout=WAIT)
        await page.fill("#puzzle-code", best)
        await page.press("#puzzle-code", "Enter")
        await expect(page.locator("#puzzle-said")).to_contain_text(f"✅ {best}", timeout=WAIT)
        await expect(page.locator(NEXT)).to_be_visible(timeout=WAIT)
        await screenshot(page, f"puzzle-next-{language}-{'dark' if dark else 'light'}")


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_think_games_answers_are_checked_against_the_code_on_the_page(browser, tmp_path, language):
    async with mini_app(tmp_path) as web:
        page = await open_page(browser, web.url, init_data(language=language))
        await page.wait_for_selector("#new-think", state="visible", timeout=WAIT)
        await page.click("#new-think")
        await page.wait_for_selector("#board-buttons button", timeout=WAIT)
        for done in (1, 2):  # nothing matches, twice: the answers cannot all be true
            await page.click("#board-buttons button >> nth=0")
            await turns_shown(page, done)
        await page.click("#reveal summary")
        await page.fill("#reveal-code", "8901")  # the player's code: 0123 has two cows in it
        await page.click("#reveal-check")
        await expect(page.locator("#notice")).to_contain_text("8901", timeout=WAIT)
        said = await page.text_content("#notice") or ""
        assert "0123" in said  # the answer the code shows wrong
        await page.wait_for_selector("#ending", state="visible", timeout=WAIT)  # the game ends, as /reveal ends it
        assert await page.is_visible("#again-think")
        await page.context.close()

"""The Ranked, League and Storm tabs in a real browser (headless Chromium): a ranked game played with the game tab's
keypad and, once over, both games side by side on the Ranked tab; the league's table; a short Storm run with a wrong
answer's penalty on the server's clock. In English and Russian, in the light and the dark theme. With
SCREENSHOTS=DIR, a screenshot of each tab goes there."""

from __future__ import annotations

import pytest

try:
    from playwright.async_api import expect
except ImportError:  # the tests skip, saying why (tests/webapp/browser.py)
    expect = None

from bot.storm import service as storm
from tests.bot.fakes import EPOCH, USER, Clock
from tests.bot.members import Member
from tests.storm.stock import solution, stock, wrong
from tests.webapp.browser import go, needs_browser, open_page, screenshot
from tests.webapp.harness import MiniApp, init_data, mini_app

pytestmark = [pytest.mark.browser, needs_browser, pytest.mark.asyncio(loop_scope="module")]

WAIT = 15_000  # ms: generous on a busy machine; every wait ends as soon as the page is ready
BOB = 1002
MISSES = ("5678", "6789", "7890", "8901", "9012")
CASES = [("en", False), ("ru", True)]
WIDTHS = {"en": 390, "ru": 360}  # Russian's longer words on the narrowest phone


async def key_in(page, code: str) -> None:
    for digit in code:
        await page.click(f"#keypad button[data-digit='{digit}']")
    await page.click("#tg-main-button")


async def bobs_mark(web: MiniApp, clock: Clock) -> list[str]:
    """Bob sets the mark in the chat: one miss, then the code; his guesses."""
    bob = Member(web.app, web.request, BOB, "Bob", BOB)
    await bob.send("/ranked")
    game = await web.runtime.store.games.active_game(BOB)
    guesses = [*[g for g in MISSES if g != game.secret][:4], game.secret]
    for guess in guesses:
        clock.advance(20)
        await bob.send(guess)
    return guesses


@pytest.mark.parametrize(("language", "dark"), CASES)
async def test_a_ranked_game_is_played_on_the_page_and_both_games_shown_side_by_side(browser, tmp_path, language, dark):
    clock = Clock(EPOCH)
    async with mini_app(tmp_path, clock=clock) as web:
        bobs = await bobs_mark(web, clock)
        width = WIDTHS[language]
        page = await open_page(browser, web.url, init_data(language=language), dark=dark, width=width)
        tab = page.locator("#tab-ranked")
        await expect(tab.locator(".label")).to_have_text(
            "Ranked" if language == "en" else "Рейтинговые партии", timeout=WAIT
        )
        await go(page, "ranked")
        await page.click("#ranked-start")
        await page.wait_for_selector("#keypad button", timeout=WAIT)  # the game tab's keypad plays it
        game = await web.runtime.store.games.active_game(USER)
        assert game.ranked is not None
        assert game.secret == bobs[-1]
        # before she finishes, the Ranked tab shows nothing of Bob's game
        await go(page, "ranked")
        await expect(page.locator("#ranked-to-game")).to_be_visible(timeout=WAIT)
        assert await page.locator("#ranked-vs").is_hidden()
        assert bobs[0] not in (await page.text_content("#ranked") or "")
        await page.click("#ranked-to-game")
        await key_in(page, game.secret)  # solved at once: she wins
        await expect(page.locator("#ranked-vs")).to_be_visible(timeout=WAIT)  # the tab comes forward with both games
        mine = page.locator(".ranked-side.mine tbody tr")
        theirs = page.locator(".ranked-side.theirs tbody tr")
        await expect(mine).to_have_count(1)
        await expect(theirs).to_have_count(len(bobs))
        assert [await theirs.nth(i).locator("td.code").text_content() for i in range(len(bobs))] == bobs
        labels = [await theirs.nth(i).locator("td.label").text_content() for i in range(len(bobs))]
        assert all(labels)  # the review's labels: each mark, and its word in the legend
        assert await page.text_content("#ranked-legend")
        assert "Bob" in (await page.text_content(".ranked-side.theirs h3") or "")
        win = "You win" if language == "en" else "Победа за тобой"
        await expect(page.locator("#ranked-verdict")).to_contain_text(win)
        assert await page.evaluate("document.documentElement.scrollWidth") <= width  # both games fit side by side
        await screenshot(page, f"ranked-{language}-{'dark' if dark else 'light'}")
        await page.context.close()


@pytest.mark.parametrize(("language", "dark"), CASES)
async def test_the_league_tab_shows_the_division_table(browser, tmp_path, language, dark):
    clock = Clock(EPOCH)
    async with mini_app(tmp_path, clock=clock) as web:
        await bobs_mark(web, clock)  # Bob is placed in this week's division
        ann = web.chat()
        await ann.send("/ranked")
        game = await web.runtime.store.games.active_game(USER)
        await ann.send(game.secret)
        page = await open_page(browser, web.url, init_data(language=language), dark=dark)
        await expect(page.locator("#tab-league .label")).not_to_have_text("", timeout=WAIT)
        await go(page, "league")
        rows = page.locator("#league-rows tr")
        await expect(rows).to_have_count(2, timeout=WAIT)
        assert "mine" in (await rows.nth(0).get_attribute("class") or "")
        assert await rows.nth(1).locator("td.name").text_content() == "Bob"
        assert int(await rows.nth(0).locator("td.points").text_content() or 0) > 0
        await expect(page.locator("#league-title")).to_contain_text("1")
        assert await page.locator("#league-notes p").count() >= 2  # the week's end, who moves
        await page.click("#league-refresh")
        await expect(rows).to_have_count(2, timeout=WAIT)
        await screenshot(page, f"league-{language}-{'dark' if dark else 'light'}")
        await page.context.close()


@pytest.mark.parametrize(("language", "dark"), CASES)
async def test_a_short_storm_run_shows_a_wrong_answers_penalty_on_the_servers_clock(browser, tmp_path, language, dark):
    clock = Clock(EPOCH)
    async with mini_app(tmp_path, clock=clock) as web:
        deps = web.runtime.core.deps
        await stock(deps)
        page = await open_page(browser, web.url, init_data(language=language), dark=dark)
        await expect(page.locator("#tab-storm .label")).not_to_have_text("", timeout=WAIT)
        await go(page, "storm")
        await expect(page.locator("#storm-start")).to_be_visible(timeout=WAIT)  # looking starts no clock
        await page.click("#storm-start")
        await expect(page.locator("#storm-clues tr").first).to_be_visible(timeout=WAIT)
        await expect(page.locator("#storm-clock")).to_have_text("⏱ 3:00", timeout=WAIT)
        miss = await wrong(deps, USER)
        await page.fill("#storm-code", miss)
        await page.click("#storm-answer")
        await expect(page.locator("#storm-verdict")).to_contain_text("−10", timeout=WAIT)  # the penalty, said
        await expect(page.locator("#storm-clock")).to_contain_text("2:5", timeout=WAIT)  # and on the clock
        await expect(page.locator("#storm-tally")).to_have_text("✅ 0 · ❌ 1 · 🔥 0")
        run = await storm.open_run(deps, USER)
        assert run.tally.penalty == 10  # the server's clock is the one that moved
        await page.fill("#storm-code", await solution(deps, USER))
        await page.press("#storm-code", "Enter")
        await expect(page.locator("#storm-tally")).to_have_text("✅ 1 · ❌ 1 · 🔥 1", timeout=WAIT)
        await page.click("#storm-choices button[data-data^='sm:x:']")  # stop: the end, and the boards
        await expect(page.locator("#storm-ending p").first).to_be_visible(timeout=WAIT)
        assert await page.locator("#storm-form").is_hidden()
        await expect(page.locator("#storm-boards ol").first.locator("li")).to_have_count(1, timeout=WAIT)
        await expect(page.locator("#storm-yours")).to_be_hidden()  # the ending says the bests: not twice
        await screenshot(page, f"storm-{language}-{'dark' if dark else 'light'}")
        await page.context.close()

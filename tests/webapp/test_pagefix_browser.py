"""Issue 34 §6 in a real browser (headless Chromium), at 360 and 390 px, English light and Russian dark: the Puzzle
tab's answer box in Telegram's colours (no bright white field in the dark theme, its text readable), the day's
result shared through Telegram's own share screen, a puzzle given up saying so; the review's "5040 → 1260" and a
label's mark and word each on one line at 360 px; an achievement held shows what it is for, with its mark."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest

try:
    from playwright.async_api import expect
except ImportError:  # the tests skip, saying why (tests/webapp/browser.py)
    expect = None

from bot.days import day_of
from bot.texts import plain, t
from tests.bot.fakes import USER
from tests.webapp.browser import go, needs_browser, open_page, screenshot
from tests.webapp.harness import init_data, mini_app
from tests.webapp.test_contrast import ratio

pytestmark = [pytest.mark.browser, needs_browser, pytest.mark.asyncio(loop_scope="module")]

WAIT = 15_000
FACES = [("en", False, 390), ("en", False, 360), ("ru", True, 390), ("ru", True, 360)]
COLOURS = """(el) => {
  const rgb = (css) => css.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const style = getComputedStyle(el);
  const page = rgb(getComputedStyle(document.body).backgroundColor);
  return { field: rgb(style.backgroundColor), text: rgb(style.color), page };
}"""
# How many lines an element's text takes: the distinct tops of its text's boxes
LINES = """(el) => {
  const range = document.createRange();
  range.selectNodeContents(el);
  return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
}"""


def brightness(colour: list[float]) -> float:
    return sum(colour) / 3


@pytest.mark.parametrize(("language", "dark", "width"), FACES)
async def test_the_puzzle_answer_box_is_themed_and_the_days_result_is_shared_through_telegram(
    browser, tmp_path, language, dark, width
):
    from bot.puzzles import service as puzzles

    async with mini_app(tmp_path) as web:
        page = await open_page(browser, web.url, init_data(language=language), dark=dark, width=width)
        tab = page.locator("#tab-puzzle")
        await expect(tab.locator(".label")).to_have_text("Puzzles" if language == "en" else "Задачи", timeout=WAIT)
        await tab.click()
        await page.locator("#puzzle-choices button[data-data='pz:d']").click(timeout=WAIT)
        box = page.locator("#puzzle-code")
        await expect(box).to_be_visible(timeout=WAIT)
        colours = await box.evaluate(COLOURS)
        if dark:  # no bright white field: a shade of the dark theme, its text light on it
            assert brightness(colours["field"]) < 80, colours
            assert colours["field"] != [255, 255, 255]
        assert ratio(colours["text"], colours["field"]) >= 4.5, colours
        assert colours["field"] != colours["page"]  # a field to type in, seen against the page
        await box.fill("0123")
        await screenshot(page, f"pagefix-puzzle-box-{language}-{'dark' if dark else 'light'}-{width}")
        deps = web.runtime.core.deps
        day = await puzzles.day_puzzle(deps, day_of(deps.clock()))
        await box.fill(day.solution)
        await box.press("Enter")
        share = page.locator("#puzzle-share-button")
        await expect(share).to_be_visible(timeout=WAIT)
        assert await share.text_content() == plain(t("daily.btn.share", language))
        grid = await page.text_content("#puzzle-share") or ""
        await share.click()
        calls = await page.evaluate("window.__tgCalls")
        [link] = [call[1] for call in calls if call[0] == "openTelegramLink"]
        shared = urlparse(link)
        assert (shared.netloc, shared.path) == ("t.me", "/share/url")
        assert parse_qs(shared.query)["url"] == [grid]  # the result as shown, spoiler-free
        assert day.solution not in link
        assert await page.locator("#puzzle-choices button[data-data='pz:d']").count() == 0  # not itself, open
        await page.context.close()


@pytest.mark.parametrize(("language", "dark"), [("en", False), ("ru", True)])
async def test_the_puzzle_of_the_day_given_up_on_the_page_says_so_and_offers_not_itself(
    browser, tmp_path, language, dark
):
    async with mini_app(tmp_path) as web:
        page = await open_page(browser, web.url, init_data(language=language), dark=dark, width=360)
        tab = page.locator("#tab-puzzle")
        await expect(tab.locator(".label")).to_have_text("Puzzles" if language == "en" else "Задачи", timeout=WAIT)
        await tab.click()
        await page.locator("#puzzle-choices button[data-data='pz:d']").click(timeout=WAIT)
        await expect(page.locator("#puzzle-clues tr").first).to_be_visible(timeout=WAIT)
        assert await page.locator("#puzzle-choices button[data-data='pz:d']").count() == 0  # open: not offered
        await page.locator("#puzzle-choices button[data-data^='pz:g:']").click()
        await expect(page.locator("#puzzle-said")).to_contain_text("🏳️", timeout=WAIT)
        assert await page.is_visible("#puzzle-share-button")
        assert await page.locator("#puzzle-choices button[data-data='pz:d']").count() == 0
        await page.context.close()


@pytest.mark.parametrize(("language", "dark", "width"), FACES)
async def test_the_reviews_counts_and_labels_stay_on_one_line(browser, tmp_path, language, dark, width):
    async with mini_app(tmp_path) as web:
        chat = web.chat()
        await chat.send(f"/language {language}")
        await chat.send("/play")
        game = await web.runtime.store.games.active_game(USER)
        for code in ("0123", "4567", "8901", "2345"):
            if code != game.secret:
                await chat.send(code)
        await chat.send("/giveup")  # typed: the player's own word, asked nothing
        page = await open_page(browser, web.url, init_data(language=language), dark=dark, width=width)
        await expect(page.locator("#tab-review .label")).to_have_text(
            "Review" if language == "en" else "Разбор", timeout=WAIT
        )
        await go(page, "review")
        counts = page.locator("#review-rows td.counts")
        await expect(counts.first).to_contain_text("5040 → ", timeout=WAIT)
        for n in range(await counts.count()):
            assert await counts.nth(n).evaluate(LINES) == 1, await counts.nth(n).text_content()
        words = page.locator("#review-rows td.label .word")
        assert await words.count() >= 1
        for n in range(await words.count()):
            assert await words.nth(n).evaluate(LINES) == 1, await words.nth(n).text_content()
        await screenshot(page, f"pagefix-review-{language}-{'dark' if dark else 'light'}-{width}")
        await page.context.close()


@pytest.mark.parametrize(("language", "dark", "width"), [("en", False, 390), ("ru", True, 360)])
async def test_an_achievement_held_shows_what_it_is_for_with_a_mark_plain_to_see(
    browser, tmp_path, language, dark, width
):
    async with mini_app(tmp_path) as web:
        chat = web.chat()
        await chat.send(f"/language {language}")
        await chat.send("/play")
        game = await web.runtime.store.games.active_game(USER)
        await chat.send(game.secret)  # Classic in four, held
        page = await open_page(browser, web.url, init_data(language=language), dark=dark, width=width)
        await expect(page.locator("#tab-achievements .label")).not_to_have_text("", timeout=WAIT)
        await go(page, "achievements")
        held = page.locator("#achievements li.held")
        await expect(held).to_have_count(1, timeout=WAIT)
        assert (await held.locator(".mark").text_content() or "").strip() == "🏅"
        how = await held.locator("p").text_content() or ""
        assert how.startswith(
            "a classic game (4 digits, no repeats)" if language == "en" else "классический код (4 цифры без повторов)"
        )
        others = page.locator("#achievements li:not(.held)")
        assert await others.count() >= 1
        marks = {(text or "").strip() for text in await others.locator(".mark").all_text_contents()}
        assert marks == {"🔒"}  # not the barely visible "▫️"
        assert "▫️" not in (await page.text_content("#achievements") or "")
        await page.context.close()

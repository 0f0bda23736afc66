"""The Review tab in a real browser (headless Chromium): a won game's review drawn as a table, a row a guess with its
counts and label, the coach's words; a tap on a guess opens its position (the codes that fit, paged, and the best
guesses), in English and Russian, light and dark. With SCREENSHOTS=DIR, a screenshot of each goes there."""

from __future__ import annotations

import pytest

try:
    from playwright.async_api import expect
except ImportError:  # the tests skip, saying why (tests/webapp/browser.py)
    expect = None

from engine.history import candidates
from tests.bot.fakes import USER
from tests.webapp.browser import go, needs_browser, open_page, screenshot
from tests.webapp.harness import init_data, mini_app

pytestmark = [pytest.mark.browser, needs_browser, pytest.mark.asyncio(loop_scope="module")]

WAIT = 15_000


@pytest.mark.parametrize(("language", "dark"), [("en", False), ("ru", True)])
async def test_the_review_tab_draws_the_table_and_a_tap_opens_the_position(browser, tmp_path, language, dark):
    async with mini_app(tmp_path) as web:
        chat = web.chat()
        await chat.send(f"/language {language}")
        await chat.send("/play")
        game = await web.runtime.store.games.active_game(USER)
        for code in ("0123", "4567"):
            if code != game.secret:
                await chat.send(code)
        await chat.send(game.secret)
        done = await web.runtime.store.games.latest_game(USER, "referee")

        page = await open_page(browser, web.url, init_data(language=language), dark=dark)
        # labelled once the page's session (its texts) has come: wait for it, not only for the button
        await expect(page.locator("#tab-review .label")).to_have_text(
            "Review" if language == "en" else "Разбор", timeout=WAIT
        )
        await go(page, "review")
        rows = page.locator("#review-rows tr")
        await expect(rows).to_have_count(len(done.turns), timeout=WAIT)
        for index, turn in enumerate(done.turns):
            cells = await rows.nth(index).locator("td").all_text_contents()
            assert cells[0] == str(index + 1)
            assert cells[1] == turn.guess
            before = len(candidates(done.variant, list(done.turns[:index])))
            assert cells[4].startswith(f"{before} → ")
            if cells[5]:  # the bits told, written as the language writes numbers
                assert ("," if language == "ru" else ".") in cells[5]
        assert await page.locator("#review-coach p").count() >= 1
        assert "⭐" in (await page.text_content("#review-legend") or "")
        theme = "dark" if dark else "light"
        await screenshot(page, f"review-{language}-{theme}")

        await rows.nth(1).click()  # the position the second guess was made in
        await page.wait_for_selector("#review-position:not([hidden])", timeout=WAIT)
        fitted = candidates(done.variant, list(done.turns[:1]))
        await expect(page.locator("#position-codes span")).to_have_count(min(40, len(fitted)), timeout=WAIT)
        shown = await page.locator("#position-codes span").all_text_contents()
        assert shown == [done.variant.code(int(i)) for i in fitted[:40]]
        assert str(len(fitted)) in (await page.text_content("#position-title") or "")
        assert await page.locator("#position-best li").count() >= 1
        if len(fitted) > 40:
            await page.click("#position-next")
            await expect(page.locator("#position-page")).to_contain_text("2", timeout=WAIT)
        await screenshot(page, f"review-position-{language}-{theme}")
        await page.context.close()


@pytest.mark.parametrize(("language", "dark", "width"), [("en", False, 390), ("ru", True, 360)])
async def test_a_position_opens_under_its_row_with_headings_and_closes_and_hints_sit_where_taken(
    browser, tmp_path, language, dark, width
):
    async with mini_app(tmp_path) as web:
        chat = web.chat()
        await chat.send(f"/language {language}")
        await chat.send("/play")
        await chat.send("/hint")  # before the first guess: its row comes first
        game = await web.runtime.store.games.active_game(USER)
        for code in ("0123", "4567"):
            if code != game.secret:
                await chat.send(code)
        await chat.send("/giveup")
        page = await open_page(browser, web.url, init_data(language=language), dark=dark, width=width)
        await expect(page.locator("#tab-review .label")).to_have_text(
            "Review" if language == "en" else "Разбор", timeout=WAIT
        )
        await go(page, "review")
        await expect(page.locator("#review-rows tr.hint")).to_have_count(1, timeout=WAIT)
        first = await page.evaluate("document.querySelector('#review-rows tr').className")
        assert first == "hint"  # taken before the first guess
        assert await page.is_visible("#review-ending")  # given up: said first
        counts = page.locator("#review-rows td.counts").first
        assert await counts.evaluate("cell => getComputedStyle(cell).whiteSpace") == "nowrap"
        await page.locator("#review-rows tr[data-turn='2']").click()
        await page.wait_for_selector("#review-position:not([hidden])", timeout=WAIT)
        under = "document.querySelector('#review-rows tr[data-turn=\"2\"]').nextElementSibling"
        assert await page.evaluate(f"{under}.contains(document.getElementById('review-position'))")
        assert (await page.text_content("#position-best-heading") or "").endswith(":")
        assert (await page.text_content("#position-codes-heading") or "").endswith(":")
        theme = "dark" if dark else "light"
        await screenshot(page, f"review-position-under-{language}-{theme}-{width}")
        await page.click("#position-close")
        await expect(page.locator("#review-position")).to_be_hidden(timeout=WAIT)
        await page.locator("#review-rows tr[data-turn='1']").click()  # and opens again under another row
        await page.wait_for_selector("#review-position:not([hidden])", timeout=WAIT)
        under = "document.querySelector('#review-rows tr[data-turn=\"1\"]').nextElementSibling"
        assert await page.evaluate(f"{under}.contains(document.getElementById('review-position'))")
        await page.context.close()

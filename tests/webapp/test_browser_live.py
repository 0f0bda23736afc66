"""The Mini App in a real browser (headless Chromium), live: a move typed in the chat is pushed to the page (no poll),
or polled when the stream is refused; a versus game played in the page, both boards; every label of the page's rows
of actions on one line at a phone's width, in English and Russian (the navigation's: test_browser_nav.py); and the
page behind a proxy that serves it under a path of its own. With SCREENSHOTS=DIR, a screenshot of the versus game goes
there."""

from __future__ import annotations

import asyncio
from urllib.parse import urlparse

import pytest

try:
    from playwright.async_api import expect
except ImportError:  # the tests skip, saying why (tests/webapp/browser.py)
    expect = None

from bot import callback_data as cb
from bot.page import push
from tests.bot.fakes import USER
from tests.webapp.browser import go, needs_browser, open_page, screenshot
from tests.webapp.harness import MiniApp, init_data, mini_app

pytestmark = [pytest.mark.browser, needs_browser, pytest.mark.asyncio(loop_scope="module")]

WAIT = 15_000  # ms: generous on a busy machine; every wait ends as soon as the page is ready


def paths(page) -> list[str]:
    """The paths of every request the page makes from now on."""
    seen: list[str] = []
    page.on("request", lambda request: seen.append(urlparse(request.url).path))
    return seen


async def streaming(web: MiniApp) -> None:
    """Wait until the page's stream is open at the server."""
    page_streams = web.context.streams
    for _ in range(300):
        if len(page_streams):
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the page opened no stream")


async def test_a_move_typed_in_the_chat_is_pushed_to_the_page_which_does_not_poll(browser, tmp_path):
    async with mini_app(tmp_path) as web:
        chat = web.chat()
        await chat.send("/play")
        page = await open_page(browser, web.url, init_data())
        await page.wait_for_selector("#keypad button", timeout=WAIT)
        await streaming(web)
        asked = paths(page)
        await chat.send("3456")
        await expect(page.locator("#turns tr")).to_have_count(1, timeout=WAIT)
        assert await page.text_content("#turns td.code") == "3456"
        assert "/api/state" not in asked  # pushed: the page asked for nothing
        await page.context.close()


async def test_a_page_whose_stream_is_refused_polls_and_still_shows_a_chat_move(browser, tmp_path):
    async with mini_app(tmp_path, streams=push.Streams(limit=0)) as web:
        chat = web.chat()
        await chat.send("/play")
        page = await open_page(browser, web.url, init_data())
        await page.wait_for_selector("#keypad button", timeout=WAIT)
        async with page.expect_request("**/api/state*", timeout=WAIT):  # no stream: the page polls
            pass
        await chat.send("3456")
        await expect(page.locator("#turns tr")).to_have_count(1, timeout=WAIT)
        await page.context.close()


@pytest.mark.parametrize(("language", "dark"), [("en", False), ("ru", True)])
async def test_a_versus_game_is_played_in_the_page_both_boards(browser, tmp_path, language, dark):
    async with mini_app(tmp_path) as web:
        page = await open_page(browser, web.url, init_data(language=language), dark=dark)
        await page.wait_for_selector("#new-versus", state="visible", timeout=WAIT)
        await page.click("#new-versus")
        board = page.locator("#board-versus")
        await expect(board).to_be_visible(timeout=WAIT)
        await page.wait_for_selector("#keypad button", timeout=WAIT)
        for digit in "0123":
            await page.click(f"#keypad button[data-digit='{digit}']")
        await page.click("#tg-main-button")
        answers = board.locator(f"button[data-data^='{cb.MATCH}:']")
        await expect(answers.first).to_be_visible(timeout=WAIT)  # the bot's guess at the player's code, asked
        await expect(board.locator("table").first.locator("tbody tr")).to_have_count(1)
        assert await page.is_hidden("#keys")  # the answer first, then the next guess
        await web.flush()
        assert any("0123" in call.text for call in web.request.calls)  # the chat's board shows the page's guess
        await answers.first.click()
        await expect(board.locator("table").nth(1).locator("tbody tr")).to_have_count(1, timeout=WAIT)
        await page.wait_for_selector("#keypad button", timeout=WAIT)  # the player's turn again

        await streaming(web)
        await web.chat().send("4567")  # a guess typed in the chat: on the page at once
        await expect(board.locator("table").first.locator("tbody tr")).to_have_count(2, timeout=WAIT)
        await expect(answers.first).to_be_visible(timeout=WAIT)
        await screenshot(page, f"versus-{language}-{'dark' if dark else 'light'}")

        await page.click("#vs-resign")  # confirmed (the stub says yes)
        rematch = board.locator(f"button[data-data^='{cb.REMATCH}:']")
        await expect(rematch).to_be_visible(timeout=WAIT)
        ended = await board.locator(".lines").text_content() or ""
        match = await web.runtime.store.matches.match(1)
        assert match is not None
        assert match.secret in ended  # the bot's code, now that it is over
        assert await page.is_visible("#again-play")
        await rematch.click()
        await expect(board.locator("table").first.locator("tbody tr")).to_have_count(0, timeout=WAIT)
        assert await web.runtime.store.matches.active_match(USER) is not None
        await page.context.close()


WRAPPED = """(selector) => [...document.querySelectorAll(selector)].filter((el) => el.offsetParent !== null)
  .map((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    return [el.textContent, tops.size];
  }).filter(([, lines]) => lines > 1).map(([text]) => text)"""
ROWS = (
    "#start .row button, #again button, #referee .row button, .pager button, #board-versus .row button,"
    " #puzzle .row button"
)


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("width", [360, 390])
async def test_every_label_in_a_row_of_actions_keeps_to_one_line_at_a_phones_width(browser, tmp_path, language, width):
    async with mini_app(tmp_path) as web:
        page = await open_page(browser, web.url, init_data(language=language), width=width)
        await page.wait_for_selector("#new-play", state="visible", timeout=WAIT)
        assert await page.evaluate(WRAPPED, ROWS) == []  # 🎯 / 🤖 / ⚔️ to start
        await page.click("#new-play")
        await page.wait_for_selector("#giveup", state="visible", timeout=WAIT)
        assert await page.evaluate(WRAPPED, ROWS) == []  # hint, give up
        await page.click("#giveup")
        await page.wait_for_selector("#again-play", state="visible", timeout=WAIT)
        assert await page.evaluate(WRAPPED, ROWS) == []  # the same again
        await go(page, "possible")
        await page.wait_for_selector("#next", state="visible", timeout=WAIT)
        assert await page.evaluate(WRAPPED, ROWS) == []  # ‹ Back, Next › («Дальше ›»)
        await page.click("#tab-game")
        await page.click("#again-versus")
        await page.wait_for_selector("#vs-resign", state="visible", timeout=WAIT)
        assert await page.evaluate(WRAPPED, ROWS) == []  # resign
        await page.click("#tab-puzzle")
        await page.click("#puzzle-choices button[data-data='pz:d']", timeout=WAIT)
        give_up = "#puzzle-choices button[data-data^='pz:g:']"
        await page.wait_for_selector(give_up, state="visible", timeout=WAIT)
        assert await page.evaluate(WRAPPED, ROWS) == []  # give up («Сдаться»)
        await page.click(give_up)
        await page.wait_for_selector("#puzzle-choices button[data-data='pz:n']", state="visible", timeout=WAIT)
        assert await page.evaluate(WRAPPED, ROWS) == []  # the next puzzle, the day's board («Следующая головоломка»)
        await page.context.close()


async def test_the_page_works_behind_a_proxy_that_serves_it_under_a_path_of_its_own(browser, tmp_path):
    async with mini_app(tmp_path) as web:
        prefix = web.url + "/app/"
        missed: list[str] = []

        async def proxy(route):  # as docs/operators/miniapp.md's Caddy and nginx snippets do: /app/… to the server's /…
            url = route.request.url
            if not url.startswith(prefix) or "/api/events" in url:  # the stream: polled instead, here
                if not url.startswith(prefix):
                    missed.append(url)
                await route.abort()
                return
            answer = await route.fetch(url=web.url + "/" + url.removeprefix(prefix))
            await route.fulfill(response=answer)

        page = await open_page(browser, prefix, init_data(), route=proxy)
        await page.wait_for_selector("#new-play", state="visible", timeout=WAIT)
        await page.click("#new-play")
        await page.wait_for_selector("#keypad button", timeout=WAIT)
        assert await web.runtime.store.games.active_game(USER) is not None
        assert missed == []  # every call went through /app/
        await page.context.close()

"""Every text of the Mini App reads at WCAG AA (4.5:1 at least) in Telegram's light and dark themes, measured in a
real browser from the computed styles of the page as it stands (a game under way with its notepad open, the
possibilities, a won game and its coach, its review and a position of it, the daily, a /think board); and the
notepad and the ending are boxes that show against the page."""

from __future__ import annotations

import pytest

from tests.bot.fakes import USER
from tests.records.progress import seed_two_variants
from tests.webapp.browser import go, needs_browser, open_page
from tests.webapp.harness import init_data, mini_app

try:
    from playwright.async_api import expect
except ImportError:  # the tests skip, saying why (tests/webapp/browser.py)
    expect = None

pytestmark = [pytest.mark.browser, needs_browser, pytest.mark.asyncio(loop_scope="module")]

WAIT = 15_000
AA = 4.5
# Every visible text's colour and the colour it is drawn on, as the browser computes them (opacity and half-clear
# colours blended onto the background below); disabled controls are left out (WCAG exempts inactive components),
# and so is the stand-in for Telegram's own main button, which Telegram draws
TEXTS = """() => {
  const rgba = (css) => {
    const v = css.match(/[\\d.]+/g).map(Number);
    return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1];
  };
  const ground = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) return c;
    }
    return [255, 255, 255, 1];
  };
  const faded = (el) => {
    let o = 1;
    for (let e = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
    return o;
  };
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim(), el = node.parentElement;
    if (!/[\\p{L}\\p{N}]/u.test(text) || !el.getClientRects().length) continue;
    if (el.closest("button:disabled, #tg-main-button, [hidden]")) continue;
    const [r, g, b, a] = rgba(getComputedStyle(el).color), bg = ground(el), alpha = a * faded(el);
    const fg = [r, g, b].map((v, i) => v * alpha + bg[i] * (1 - alpha));
    const where = el.id || el.getAttribute("class") || el.parentElement.getAttribute("class") || el.tagName;
    found.push({ text: text.slice(0, 40), where, fg, bg: bg.slice(0, 3) });
  }
  return found;
}"""


def luminance(colour: list[float]) -> float:
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: list[float], b: list[float]) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


async def unreadable(page, seen: set[str]) -> list[str]:
    """The texts on show below AA, each as 'where: text (ratio)'; `seen` collects every place measured."""
    found = await page.evaluate(TEXTS)
    seen.update(item["where"] for item in found)
    return [
        f"{item['where']}: {item['text']!r} ({ratio(item['fg'], item['bg']):.2f})"
        for item in found
        if ratio(item["fg"], item["bg"]) < AA
    ]


async def background(page, selector: str) -> list[float]:
    css = await page.eval_on_selector(selector, "e => getComputedStyle(e).backgroundColor")
    return [float(v) for v in css[css.index("(") + 1 : css.index(")")].split(",")[:3]]


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
async def test_every_text_reads_at_aa_and_the_boxes_show(browser, tmp_path, dark):
    async with mini_app(tmp_path) as web:
        page = await open_page(browser, web.url, init_data(), dark=dark)
        await page.wait_for_selector("#new-play", state="visible", timeout=WAIT)
        seen: set[str] = set()
        problems = await unreadable(page, seen)  # no game yet

        await page.click("#new-play")
        await page.wait_for_selector("#keypad button", timeout=WAIT)
        game = await web.runtime.store.games.active_game(USER)
        first = "0123" if game.secret != "0123" else "4567"
        for digit in first:
            await page.click(f"#keypad button[data-digit='{digit}']")
        await page.click("#tg-main-button")
        await expect(page.locator("#turns tr")).to_have_count(1, timeout=WAIT)
        await page.click("#notepad summary")
        await page.click("#notes button[data-note='0:5']")  # a digit crossed out: still legible
        await page.click("#keypad button[data-digit='9']")
        problems += await unreadable(page, seen)
        page_bg = await background(page, "body")
        assert ratio(await background(page, "#notepad"), page_bg) >= 1.1  # the notepad is a box that shows

        await go(page, "possible")
        await page.wait_for_selector("#codes tr", timeout=WAIT)
        problems += await unreadable(page, seen)

        await page.click("#tab-game")
        await page.click("#erase")
        for digit in game.secret:
            await page.click(f"#keypad button[data-digit='{digit}']")
        await page.click("#tg-main-button")
        await page.wait_for_selector("#ending", state="visible", timeout=WAIT)
        problems += await unreadable(page, seen)
        assert ratio(await background(page, "#ending"), page_bg) >= 1.1  # and so is the ending
        await go(page, "possible")
        await expect(page.locator("#coach-moves li")).to_have_count(2, timeout=WAIT)
        problems += await unreadable(page, seen)

        await go(page, "review")  # the won game's review, and the position at its first guess
        await expect(page.locator("#review-rows tr")).to_have_count(2, timeout=WAIT)
        await page.click("#review-rows tr >> nth=1")
        await page.wait_for_selector("#position-codes span", timeout=WAIT)
        problems += await unreadable(page, seen)

        await page.click("#tab-daily")
        await page.wait_for_selector("#daily-title:not(:empty)", timeout=WAIT)
        problems += await unreadable(page, seen)

        await page.click("#tab-more")  # More's list of screens
        problems += await unreadable(page, seen)

        await seed_two_variants(web.runtime.core.deps, USER, offset=1000)  # the variant choice shown too
        await page.click("#tab-stats")  # the charts' words: counts, guesses, the scales, the legend; the <select>
        await page.wait_for_selector("#stats-ratings .legend li", timeout=WAIT)
        problems += await unreadable(page, seen)

        await page.click("#tab-game")
        await page.click("#again-think")
        await page.wait_for_selector("#board-buttons button", timeout=WAIT)
        problems += await unreadable(page, seen)
        await page.context.close()
    assert problems == []
    assert {"variant", "th-guess", "label", "hint", "notepad-help", "x", "count", "ending", "won"} <= seen
    assert {"axis", "legend", "choice"} <= seen  # the Stats tab's (its variant choice's label too)
    assert {"review-legend", "position-title", "position-least"} <= seen

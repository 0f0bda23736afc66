"""The page's navigation and its Stats tab in a real browser (headless Chromium): the bottom bar is one row of five
entries whose labels fit, nothing leaves the page's width, every screen is reachable (the bar's at once, the rest
under More), by mouse and by keyboard, at 360 and 390 px, in English (light) and Russian (dark); the Stats tab draws
known data as bars and lines of known sizes, switches between the variants the player has played (a <select> on one
row at 360 px, in the theme's colours), and a new player gets its empty state. With SCREENSHOTS=DIR, a
screenshot of the Stats tab and of More goes there."""

from __future__ import annotations

import pytest

try:
    from playwright.async_api import expect
except ImportError:  # the tests skip, saying why (tests/webapp/browser.py)
    expect = None

from tests.bot.fakes import USER
from tests.records.progress import (
    ACCURACY,
    DISTRIBUTION,
    MASTERMIND_ACCURACY,
    MASTERMIND_DISTRIBUTION,
    seed,
    seed_two_variants,
)
from tests.webapp.browser import go, needs_browser, open_page, screenshot
from tests.webapp.harness import init_data, mini_app

pytestmark = [pytest.mark.browser, needs_browser, pytest.mark.asyncio(loop_scope="module")]

WAIT = 15_000  # ms: generous on a busy machine; every wait ends as soon as the page is ready
LOOKS = [("en", False), ("ru", True)]  # English in the light theme, Russian in the dark
BAR = ["game", "daily", "puzzle", "stats", "more"]
MORE = ["possible", "review", "achievements", "ranked", "league", "storm"]
LABELS = {
    "en": ["Game", "Daily", "Puzzles", "Stats", "More"],
    "ru": ["Игра", "Сегодня", "Задачи", "Прогресс", "Ещё"],
}

# what sticks out: the page wider than the window, or a bar entry past the bar, or a label wider than its entry
OVERFLOW = """() => {
  const out = [];
  const wide = document.documentElement.scrollWidth;
  if (wide > window.innerWidth) out.push("page " + wide);
  const bar = document.getElementById("bar").getBoundingClientRect();
  for (const button of document.querySelectorAll("#bar button, #more-list button")) {
    if (button.offsetParent === null) continue;
    const box = button.getBoundingClientRect();
    const label = button.querySelector(".label");
    if (box.left < -0.5 || box.right > window.innerWidth + 0.5) out.push(button.id + " outside");
    const onBar = button.closest("#bar");
    if (onBar && (box.left < bar.left - 0.5 || box.right > bar.right + 0.5)) out.push(button.id + " off the bar");
    const past = label.getBoundingClientRect().right > box.right + 0.5;
    if (label.scrollWidth > label.clientWidth + 0.5 || past) out.push(button.id + " label");
  }
  return out;
}"""
# the rows the bar's entries and their labels take (one each: the same top, one line of text)
ROWS = """() => {
  const buttons = [...document.querySelectorAll("#bar button")];
  const tops = new Set(buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
  const wrapped = buttons.filter((b) => {
    const range = document.createRange();
    range.selectNodeContents(b.querySelector(".label"));
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size > 1;
  }).map((b) => b.id);
  return [tops.size, wrapped];
}"""


async def shown_panel(page) -> list[str]:
    return await page.evaluate("() => [...document.querySelectorAll('main > section:not([hidden])')].map((p) => p.id)")


@pytest.mark.parametrize(("language", "dark"), LOOKS)
@pytest.mark.parametrize("width", [360, 390])
async def test_the_bar_is_one_row_nothing_overflows_and_every_screen_is_reachable(
    browser, tmp_path, language, dark, width
):
    async with mini_app(tmp_path) as web:
        page = await open_page(browser, web.url, init_data(language=language), dark=dark, width=width)
        await expect(page.locator("#tab-more .label")).to_have_text(LABELS[language][-1], timeout=WAIT)
        await page.click("#new-play")  # a game under way: the possibilities are open to it
        await page.wait_for_selector("#keypad button", timeout=WAIT)
        assert await page.locator("#bar button").evaluate_all("(bs) => bs.map((b) => b.id)") == [
            "tab-" + name for name in BAR
        ]
        assert [text.strip() for text in await page.locator("#bar .label").all_text_contents()] == LABELS[language]
        assert await page.evaluate(ROWS) == [1, []]
        assert await page.evaluate(OVERFLOW) == []
        assert await page.get_attribute("#tab-game", "aria-current") == "page"
        assert await page.get_attribute("#bar", "aria-label")
        for name in BAR[1:4]:  # the bar's, at once
            await page.click(f"#tab-{name}")
            assert await page.get_attribute(f"#tab-{name}", "aria-current") == "page"
            assert len(await shown_panel(page)) == 1
        await page.click("#tab-more")
        assert await shown_panel(page) == ["more"]
        assert await page.evaluate(OVERFLOW) == []  # More's list too
        await screenshot(page, f"more-{language}-{'dark' if dark else 'light'}-{width}")
        for name in MORE:  # the rest, under More, one tap away
            await go(page, name)
            panel = await page.get_attribute(f"#tab-{name}", "data-tab")
            assert await shown_panel(page) == [panel]
            assert await page.get_attribute(f"#tab-{name}", "aria-current") == "page"
            assert await page.get_attribute("#tab-more", "aria-current") == "page"  # the bar says where it is
            assert await page.evaluate(OVERFLOW) == []
            if name == "achievements":  # the shelf /stats shows, on a screen of its own now
                await expect(page.locator("#achievements li").first).to_be_visible(timeout=WAIT)
        for name in ("ranked", "league", "storm"):  # drawn by their own scripts (ranked.js...): no placeholder
            assert await page.locator(f"#{name} .soon").count() == 0
            assert await page.locator(f"#{name} > *").count() > 0
        # by keyboard: the arrows move along the bar, Enter opens
        await page.focus("#tab-game")
        await page.keyboard.press("ArrowRight")
        assert await page.evaluate("() => document.activeElement.id") == "tab-daily"
        await page.keyboard.press("ArrowLeft")
        await page.keyboard.press("ArrowLeft")
        assert await page.evaluate("() => document.activeElement.id") == "tab-more"
        await page.keyboard.press("Home")
        await page.keyboard.press("ArrowRight")
        await page.keyboard.press("Enter")
        assert await shown_panel(page) == ["daily"]
        await page.context.close()


@pytest.mark.parametrize(("language", "dark"), LOOKS)
async def test_the_stats_tab_draws_known_data_as_bars_and_lines_of_known_sizes(browser, tmp_path, language, dark):
    async with mini_app(tmp_path) as web:
        await seed(web.runtime.core.deps, USER)
        page = await open_page(browser, web.url, init_data(language=language), dark=dark, width=360)
        await expect(page.locator("#tab-stats .label")).to_have_text(LABELS[language][3], timeout=WAIT)
        await page.click("#tab-stats")
        bars = page.locator("#stats-distribution rect.bar")
        await expect(bars).to_have_count(len(DISTRIBUTION), timeout=WAIT)
        drawn = await bars.evaluate_all(
            "(rects) => rects.map((r) => [+r.dataset.guesses, +r.dataset.count, +r.getAttribute('height')])"
        )
        assert [(guesses, count) for guesses, count, _ in drawn] == list(DISTRIBUTION.items())
        tallest = max(height for _, _, height in drawn)
        top = max(DISTRIBUTION.values())
        assert [round(height / tallest, 3) for _, _, height in drawn] == [
            round(count / top, 3) for count in DISTRIBUTION.values()
        ]  # 1/3, 1, 2/3, 0 (the gap), 1/3
        assert await page.locator("#stats-accuracy circle.point").count() == len(ACCURACY)
        assert await page.locator("#stats-ratings polyline.line").count() == 2  # matches, puzzles; ranked: one dot
        assert await page.locator("#stats-ratings .legend li").count() == 3
        note = await page.text_content("#stats-accuracy p")
        assert note == (
            "Your last 4\u00a0reviewed games · 76.9 on average"
            if language == "en"
            else "Последние 4\u00a0разобранные игры · в среднем 76,9"
        )
        # the bars are drawn in the theme's button colour, the words in its text colour
        fill, button = await page.evaluate(
            "() => [getComputedStyle(document.querySelector('rect.bar')).fill,"
            " getComputedStyle(document.body).getPropertyValue('--button')]"
        )
        assert fill == ("rgb(82, 136, 193)" if dark else "rgb(36, 129, 204)"), (fill, button)
        assert await page.evaluate(OVERFLOW) == []
        await screenshot(page, f"stats-{language}-{'dark' if dark else 'light'}")
        await page.context.close()


# the variant choice's row: the label and the box on one line, inside the window, the box's colours, its options
CHOICE = """() => {
  const row = document.getElementById("stats-choice").getBoundingClientRect();
  const label = document.querySelector("#stats-choice label");
  const box = document.getElementById("stats-variant");
  const [l, b] = [label.getBoundingClientRect(), box.getBoundingClientRect()];
  const range = document.createRange();
  range.selectNodeContents(label);
  const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  const style = getComputedStyle(box);
  return {
    oneRow: Math.abs((l.top + l.bottom) / 2 - (b.top + b.bottom) / 2) < 2 && lines === 1 && row.height < 60,
    inside: row.left >= -0.5 && b.right <= window.innerWidth - 11.5,
    colours: [style.backgroundColor, style.color],
    options: [...box.options].map((o) => [o.value, o.textContent]),
    value: box.value,
  };
}"""
RGB = {  # Telegram's secondary background and text colours, as the browser computes them
    False: ["rgb(239, 239, 244)", "rgb(0, 0, 0)"],
    True: ["rgb(35, 46, 60)", "rgb(245, 245, 245)"],
}
CHOICES = {
    "en": [["classic", "4 digits, no repeats"], ["mastermind", "Mastermind 4×6 (colours)"]],
    "ru": [["classic", "4 цифры без повторов"], ["mastermind", "Мастермайнд 4×6 (цвета)"]],
}


async def drawn_bars(page) -> dict[int, int]:
    counted = await page.locator("#stats-distribution rect.bar").evaluate_all(
        "(rects) => rects.map((r) => [+r.dataset.guesses, +r.dataset.count])"
    )
    return dict(counted)


@pytest.mark.parametrize(("language", "dark"), LOOKS)
async def test_the_stats_tab_switches_between_the_variants_played_at_360_px(browser, tmp_path, language, dark):
    async with mini_app(tmp_path) as web:
        await seed_two_variants(web.runtime.core.deps, USER)
        asked: list[str] = []
        page = await open_page(browser, web.url, init_data(language=language), dark=dark, width=360)
        page.on("request", lambda request: asked.append(request.url) if "/api/stats" in request.url else None)
        await expect(page.locator("#tab-stats .label")).to_have_text(LABELS[language][3], timeout=WAIT)
        await go(page, "stats")
        bars = page.locator("#stats-distribution rect.bar")
        await expect(bars).to_have_count(len(DISTRIBUTION), timeout=WAIT)
        choice = await page.evaluate(CHOICE)
        assert choice["options"] == CHOICES[language]  # the variants played, most played first
        assert choice["value"] == "classic"  # the chat's, chosen
        assert (choice["oneRow"], choice["inside"]) == (True, True), choice
        assert choice["colours"] == RGB[dark]
        assert await page.text_content("#stats-choice label") == ("Variant" if language == "en" else "Вариант")
        assert await drawn_bars(page) == DISTRIBUTION
        assert await page.locator("#stats-accuracy circle.point").count() == len(ACCURACY)
        # the other variant: its own distribution and accuracy, its family's ratings, the title saying which
        await page.select_option("#stats-variant", "mastermind")
        await expect(bars).to_have_count(len(MASTERMIND_DISTRIBUTION), timeout=WAIT)
        assert await drawn_bars(page) == MASTERMIND_DISTRIBUTION
        assert await page.locator("#stats-accuracy circle.point").count() == len(MASTERMIND_ACCURACY)
        assert await page.locator("#stats-ratings .legend li").count() == 1  # the colours' puzzle rating alone
        colours = "Mastermind 4×6 (colours)" if language == "en" else "Мастермайнд 4×6 (цвета)"
        assert (await page.text_content("#stats-title")).endswith(colours)
        family = await page.locator("#stats-ratings p").all_text_contents()
        assert family[-1].startswith("Ratings are kept per family" if language == "en" else "Рейтинг ведётся не по")
        assert asked[-1].endswith("/api/stats?variant=mastermind")
        choice = await page.evaluate(CHOICE)
        assert choice["value"] == "mastermind"
        assert (choice["oneRow"], choice["inside"]) == (True, True), choice
        assert await page.evaluate(OVERFLOW) == []
        await screenshot(page, f"stats-variant-{language}-{'dark' if dark else 'light'}")
        # the choice is kept when the tab is opened again, and the chat's variant is one choice away
        await go(page, "game")
        await go(page, "stats")
        await expect(page.locator("#stats-variant")).to_have_value("mastermind", timeout=WAIT)
        await page.select_option("#stats-variant", "classic")
        await expect(bars).to_have_count(len(DISTRIBUTION), timeout=WAIT)
        assert await drawn_bars(page) == DISTRIBUTION
        await page.context.close()


@pytest.mark.parametrize(("language", "dark"), LOOKS)
async def test_a_new_player_sees_the_stats_tabs_empty_state(browser, tmp_path, language, dark):
    async with mini_app(tmp_path) as web:
        page = await open_page(browser, web.url, init_data(language=language), dark=dark, width=360)
        await expect(page.locator("#tab-stats .label")).to_have_text(LABELS[language][3], timeout=WAIT)
        await page.click("#tab-stats")
        await page.wait_for_selector("#stats-empty", state="visible", timeout=WAIT)
        assert (await page.text_content("#stats-empty")).startswith(
            "Nothing here yet" if language == "en" else "Здесь пока пусто"
        )
        assert await page.locator("#stats-body").is_hidden()
        assert await page.locator("svg.chart").count() == 0
        await page.context.close()


# a tab script of its own, as a feature's face plugs in (loaded before app.js starts, as a deferred script is): a name
# no navigation entry has, so it gets one under More, which sends the chat's /puzzle each time it is opened
PROBE = """
let real;
Object.defineProperty(window, "BullsCows", { configurable: true, get: () => real, set(api) {
  real = api;
  api.addTab({
    name: "probe", icon: "🧪", label: () => "Probe", send: { command: "puzzle" },
    setup(panel) { panel.append("the probe's panel"); },
    answered(answer, panel) { window.__answered = (window.__answered || 0) + 1; panel.dataset.did = answer.did; },
  });
} });
"""


async def test_a_tab_script_plugs_in_under_more_and_its_entry_sends_what_the_chat_would(browser, tmp_path):
    async with mini_app(tmp_path) as web:
        page = await open_page(browser, web.url, init_data())
        await page.context.add_init_script(PROBE)
        await page.reload()
        await expect(page.locator("#tab-probe .label")).to_have_text("Probe", timeout=WAIT)
        assert await page.locator("#bar button").count() == 5  # the bar keeps its five
        await go(page, "probe")
        assert await shown_panel(page) == ["probe"]
        # the chat began a puzzle, and said so to the tab
        await expect(page.locator("#probe")).to_have_attribute("data-did", "made", timeout=WAIT)
        assert await page.text_content("#probe") == "the probe's panel"
        assert await page.evaluate("window.__answered") == 1
        assert await page.get_attribute("#tab-more", "aria-current") == "page"
        await page.context.close()

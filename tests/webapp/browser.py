"""Headless Chromium for the Mini App's tests: Debian's /usr/bin/chromium driven by Playwright (no browser is ever
downloaded), with Telegram's script replaced by a stub and initData signed with the test token."""

from __future__ import annotations

import json
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
TELEGRAM_SCRIPT = "https://telegram.org/js/telegram-web-app.js"
STUB = Path(__file__).with_name("telegram-web-app.stub.js")
# SCREENSHOTS=DIR keeps a screenshot of each tab there (docs/miniapp/ holds a few, shrunk with pngquant)
SCREENS = Path(os.environ["SCREENSHOTS"]) if os.environ.get("SCREENSHOTS") else None
# The flags this machine's Chromium needs (its closed network refuses Google's background calls, and root has no
# sandbox); Playwright gives each launch a fresh profile of its own.
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Telegram's two themes as its apps send them (themeParams): the light one's hint and link on its secondary background
# are the colours a page must make readable itself (2.5:1 and 3.6:1 as they come)
LIGHT = {
    "bg_color": "#ffffff",
    "text_color": "#000000",
    "hint_color": "#999999",
    "link_color": "#2481cc",
    "button_color": "#2481cc",
    "button_text_color": "#ffffff",
    "secondary_bg_color": "#efeff4",
    "header_bg_color": "#f7f7f7",
    "accent_text_color": "#2481cc",
    "section_bg_color": "#ffffff",
    "section_header_text_color": "#6d6d72",
    "subtitle_text_color": "#999999",
    "destructive_text_color": "#ff3b30",
}
DARK = {
    "bg_color": "#17212b",
    "text_color": "#f5f5f5",
    "hint_color": "#708499",
    "link_color": "#6ab3f3",
    "button_color": "#5288c1",
    "button_text_color": "#ffffff",
    "secondary_bg_color": "#232e3c",
    "header_bg_color": "#17212b",
    "accent_text_color": "#6ab2f2",
    "section_bg_color": "#17212b",
    "section_header_text_color": "#6ab3f3",
    "subtitle_text_color": "#708499",
    "destructive_text_color": "#ec3942",
}


def why_no_browser() -> str | None:
    """Why the browser tests cannot run here (None: they can)."""
    if not Path(CHROMIUM).exists():
        return f"no {CHROMIUM}: apt-get install chromium (scripts/test does, as root)"
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        return "the playwright package is missing: ./scripts/test installs the dev requirements"
    return None


needs_browser = pytest.mark.skipif(why_no_browser() is not None, reason=why_no_browser() or "")


@asynccontextmanager
async def chromium() -> AsyncIterator[Any]:
    """Debian's Chromium, headless."""
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        try:
            yield browser
        finally:
            await browser.close()


async def open_page(
    browser: Any, url: str, init_data: str, dark: bool = False, width: int = 390, route: Any = None
) -> Any:
    """A phone-sized page at `url` (`width` CSS pixels wide) as Telegram would open it: the stub for Telegram's script,
    with this initData and the light or dark theme; `route`, if given, answers every other request the page makes
    (Playwright's route handler: a proxy in front of the server)."""
    context = await browser.new_context(viewport={"width": width, "height": 844}, device_scale_factor=2)
    given = {"initData": init_data, "colorScheme": "dark" if dark else "light", "themeParams": DARK if dark else LIGHT}
    await context.add_init_script(f"window.__tg = {json.dumps(given)};")
    stub = STUB.read_text()
    if route is not None:
        await context.route("**/*", route)
    await context.route(TELEGRAM_SCRIPT, lambda route: route.fulfill(body=stub, content_type="text/javascript"))
    page = await context.new_page()
    await page.goto(url)
    return page


# the page's navigation at its foot for a screenshot of a page longer than the window (fixed to the window, it would
# show where the window ends), and back (set through the CSSOM: the page's Content-Security-Policy allows no inline
# style sheet)
UNFIXED = """(unfixed) => {
  const bar = document.getElementById("bar");
  const main = document.getElementById("tg-main-button"); // the stub's: Telegram draws its own below the page
  const shown = main && !main.hidden;
  if (!bar) return;
  if (unfixed && document.documentElement.scrollHeight <= window.innerHeight) { // all in the window: the bar above it
    if (shown) {
      Object.assign(main.style, { position: "fixed", left: "0", right: "0", bottom: "0", margin: "0" });
      bar.style.bottom = main.offsetHeight + "px";
    }
    return;
  }
  Object.assign(bar.style, unfixed ? { position: "static", margin: "12px -12px 0" } : { position: "", margin: "" });
  document.body.style.paddingBottom = unfixed ? "0" : "";
  bar.style.bottom = "";
  const flow = { position: unfixed ? "static" : "sticky", left: "", right: "", margin: "12px 0 0" };
  if (main) Object.assign(main.style, flow);
}"""


async def screenshot(page: Any, name: str) -> None:
    """Keep a screenshot of the page in the folder SCREENSHOTS names, when it is set."""
    if SCREENS is not None:
        SCREENS.mkdir(parents=True, exist_ok=True)
        await page.evaluate(UNFIXED, True)
        await page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=True)
        await page.evaluate(UNFIXED, False)


async def go(page: Any, name: str) -> None:
    """Open the page's screen `name` (its navigation entry #tab-<name>) as a player does: on the bar, or under More."""
    entry = page.locator(f"#tab-{name}")
    if not await entry.is_visible():
        await page.click("#tab-more")
    await entry.click()

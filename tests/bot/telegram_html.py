"""What Telegram accepts in HTML parse mode, checked without Telegram: its tags, balanced, and escaped text."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

TAGS = {"b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "code", "pre", "a", "tg-spoiler", "blockquote"}
ENTITIES = {"lt", "gt", "amp", "quot"}
MAX_MESSAGE = 4096  # characters of a message after its entities are parsed


class _Checker(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.open: list[str] = []
        self.errors: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in TAGS:
            self.errors.append(f"tag <{tag}> is not supported")
        self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open.pop() != tag:
            self.errors.append(f"</{tag}> closes nothing open")

    def handle_entityref(self, name: str) -> None:
        if name not in ENTITIES:
            self.errors.append(f"&{name}; is not an entity Telegram knows")

    def handle_data(self, data: str) -> None:
        for char in "<>&":
            if char in data:
                self.errors.append(f"unescaped {char!r} in {data!r}")


def html_errors(text: str) -> list[str]:
    """Why Telegram would refuse `text` in HTML parse mode (nothing when it is fine)."""
    checker = _Checker()
    checker.feed(text)
    checker.close()
    if checker.open:
        checker.errors.append(f"unclosed {checker.open}")
    if len(visible(text)) > MAX_MESSAGE:
        checker.errors.append(f"{len(visible(text))} characters, over {MAX_MESSAGE}")
    return checker.errors


def visible(text: str) -> str:
    """The text a user sees: tags dropped, entities decoded."""
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def tags(text: str) -> list[str]:
    """The tags of an HTML template in order, as written ('<b>', '</b>')."""
    return re.findall(r"</?[a-z-]+[^>]*>", text)

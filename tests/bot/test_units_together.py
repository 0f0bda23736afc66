"""Numbers never part from their units at a line's end (issue 34 §6): a wait or a duration is written with no-break
spaces ('1 h 53 min', «через 1 ч 52 мин»), in the chat as on the page, and no catalogue string puts a plain space
between a number's placeholder and its time unit."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from bot.i18n import po_path
from bot.texts import duration_text, wait_text

NBSP = "\u00a0"
# a placeholder, a plain (breakable) space, then a unit of time: "{h} h", "{m} мин", "{s} с"
BROKEN = re.compile(r"\{\w+\} (h|min|s|sec|ч|мин|с|сек)(?![\w])")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_wait_and_a_duration_keep_each_number_with_its_unit(language):
    for text in (
        wait_text(timedelta(hours=1, minutes=52, seconds=1), language),
        wait_text(timedelta(minutes=9), language),
        duration_text(timedelta(hours=1, minutes=5), language),
        duration_text(timedelta(seconds=133), language),
        duration_text(timedelta(seconds=45), language),
    ):
        assert not re.search(r"\d [^\W\d]", text), text  # no plain space after a number
    assert wait_text(timedelta(hours=1, minutes=53), language) == (
        f"1{NBSP}h 53{NBSP}min" if language == "en" else f"1{NBSP}ч 53{NBSP}мин"
    )


@pytest.mark.parametrize("language", ["en", "ru"])
def test_no_catalogue_string_breaks_a_number_from_its_time_unit(language):
    broken = [line for line in po_path(language).read_text().splitlines() if line.startswith(("msgstr", '"'))]
    assert [line for line in broken if BROKEN.search(line)] == []

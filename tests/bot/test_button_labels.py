"""Button labels are plain text: Telegram shows a label as it is, so a catalogue text's HTML ('Bulls &amp; Cows')
is read as what it says. Every in-process test checks the labels its bot sent (tests/bot/conftest.py); here every
label text of every catalogue, and the inline stats card that once showed '&amp;'."""

import pytest

from bot.replies import Button
from bot.texts import t
from tests.bot.fakes import marked_up
from tests.bot.test_catalogues import BUTTONS, ENGLISH, LANGUAGES, NOT_BUTTONS, fields
from tests.inline.test_inline import answer, ask, by_id

LABELS = [*sorted(key for key in ENGLISH if key.startswith(BUTTONS) and key not in NOT_BUTTONS), "app.button"]


def test_the_label_keys_include_the_inline_play_button_whose_text_is_html():
    assert "inline.btn.play" in LABELS
    assert "&amp;" in ENGLISH["inline.btn.play"][0]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_label_of_every_catalogue_is_plain_text_on_its_button(language):
    for key in LABELS:
        for count in (1, 2, 5):
            params = {name: "R&D <5>" for name in fields(ENGLISH[key][-1])} | {"n": count}
            label = Button(t(key, language, **params)).label
            assert marked_up([label]) == [], (language, key, label)
            if params.keys() - {"n"}:
                assert "R&D <5>" in label, (language, key, label)  # a parameter reads as it was given


@pytest.mark.parametrize(("language", "label"), [("en", "🎯 Play Bulls & Cows"), ("ru", "🎯 Играть в «Быки и коровы»")])
async def test_the_inline_stats_cards_button_reads_as_text(app, recorded, language, label):
    found = by_id(answer(await ask(app, recorded, language=language))["results"])
    [[button]] = found["stats"]["reply_markup"]["inline_keyboard"]
    assert button["text"] == label

"""The English and Russian catalogues: complete, in step with each other, and valid Telegram HTML once rendered."""

import re
import string

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from bot.i18n import COUNT_PARAMS, DOMAIN, LOCALES, Catalogues, count_param, po_path
from bot.texts import EN, t
from tests.bot.telegram_html import html_errors, tags, visible

COUNTS = (0, 1, 2, 5, 11, 21, 22, 101)
BUTTONS = ("btn.", "set.", "top.btn.", "daily.btn.", "inline.btn.")
TOASTS = (
    "stale", "kept", "match.stale", "set.closed", "stats.foreign", "group.private_only", "flood", "error",
    "lang.admins", "set.same",
)  # fmt: skip
NOT_BUTTONS = {"set.title", "set.unlimited", "set.on", "set.off", "set.closed"}


def catalogue(language: str) -> Catalog:
    with po_path(language).open("rb") as source:
        return read_po(source, domain=DOMAIN)


def forms(catalog: Catalog) -> dict[str, tuple[str, ...]]:
    """Each message's templates: one for a plain message, one per plural form for a counted one."""
    found = {}
    for message in catalog:
        if message.id:
            key = message.id[0] if isinstance(message.id, tuple) else message.id
            found[key] = message.string if isinstance(message.string, tuple) else (message.string,)
    return found


ENGLISH, RUSSIAN = forms(catalogue("en")), forms(catalogue("ru"))
LANGUAGES = Catalogues().languages  # every catalogue in bot/locales: the checks below hold for each
TRANSLATIONS = {code: forms(catalogue(code)) for code in LANGUAGES if code != "en"}
PLURAL = sorted(key for key, texts in ENGLISH.items() if len(texts) > 1)


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def sample(key: str, count: int = 3) -> dict[str, object]:
    """Parameters for rendering `key`: the count where it has one, long names and text that needs escaping."""
    params: dict[str, object] = {name: "Ёжик & <Ко> " + "ж" * 40 for name in fields(ENGLISH[key][-1])}
    params[count_param(key)] = count
    return params


def test_every_english_message_is_translated_in_russian():
    assert set(RUSSIAN) == set(ENGLISH)
    untranslated = [key for key, texts in RUSSIAN.items() if not all(texts)]
    assert untranslated == []
    fuzzy = [m.id for m in catalogue("ru") if m.id and m.fuzzy]
    assert fuzzy == []


def test_counted_messages_have_every_plural_form_of_their_language():
    assert all(len(ENGLISH[key]) == 2 and len(RUSSIAN[key]) == 3 for key in PLURAL)
    assert [key for key in RUSSIAN if len(RUSSIAN[key]) != len(ENGLISH[key]) and key not in PLURAL] == []


def test_every_counted_message_names_its_count():
    assert set(COUNT_PARAMS) <= set(PLURAL)
    for key in PLURAL:
        for template in ENGLISH[key] + RUSSIAN[key]:
            assert count_param(key) in fields(template), (key, template)


@pytest.mark.parametrize("language", sorted(TRANSLATIONS))
def test_placeholders_and_html_tags_agree_between_english_and_every_translation(language):
    for key, translated in TRANSLATIONS[language].items():
        english = ENGLISH[key][-1]
        for text in filter(None, translated):  # an empty one reads in English
            assert fields(text) == fields(english), (language, key)
            assert sorted(tags(text)) == sorted(tags(english)), (language, key)


@pytest.mark.parametrize("key", sorted(ENGLISH))
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_rendered_text_is_valid_telegram_html(key, language):
    for count in COUNTS if key in PLURAL else (3,):
        text = t(key, language, **sample(key, count))
        assert html_errors(text) == [], (key, count, text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_labels_toasts_commands_and_descriptions_fit_telegram_limits(language):
    for key in ENGLISH:
        text = visible(t(key, language, **{**sample(key), **dict.fromkeys(fields(ENGLISH[key][-1]), "12345")}))
        if key.startswith(BUTTONS) and key not in NOT_BUTTONS:
            assert len(text) <= 40, (key, text)  # a button label stays readable on a phone
        if key in TOASTS:
            assert len(text) <= 200, (key, text)  # answerCallbackQuery text
        if key.startswith("cmd."):
            assert 3 <= len(text) <= 256, (key, text)  # BotCommand description
    assert len(t("bot.description", language)) <= 512
    assert len(t("bot.short_description", language)) <= 120


def test_russian_texts_are_in_russian():
    same = {key for key in ENGLISH if RUSSIAN[key] == ENGLISH[key]}
    words = {key for key in same if any(c.isalpha() for c in re.sub(r"\{\w+\}", "", visible(ENGLISH[key][-1])))}
    assert words == set()
    assert any("\u0400" <= c <= "\u04ff" for c in RUSSIAN["welcome"][0])


def test_the_template_lists_every_english_message_with_its_text():
    with (LOCALES / f"{DOMAIN}.pot").open("rb") as source:
        template = read_po(source, domain=DOMAIN)
    assert forms(template).keys() == ENGLISH.keys()
    for message in template:
        if message.id:
            key = message.id[0] if isinstance(message.id, tuple) else message.id
            notes = "".join("".join(message.auto_comments).split())  # the notes wrap long lines
            assert "".join(ENGLISH[key][-1].replace("\n", "\\n").split()) in notes, key


def test_english_texts_are_the_source_catalogue():
    assert EN["btn.play"] == "🎯 You guess my code"
    assert EN["ref.won"] == ENGLISH["ref.won"][-1]
    assert len(EN) == len(ENGLISH)


def test_the_languages_found_are_english_first_then_russian():
    assert Catalogues().languages[:1] == ("en",)
    assert "ru" in Catalogues().languages


@pytest.mark.parametrize(
    ("code", "language"),
    [("ru", "ru"), ("ru-RU", "ru"), ("RU", "ru"), ("en-GB", "en"), ("de", "en"), ("", "en"), (None, "en")],
)
def test_a_telegram_language_code_picks_a_catalogue_or_english(code, language):
    assert Catalogues().supported(code) == language


def test_an_unknown_key_is_an_error_not_a_silent_key():
    with pytest.raises(KeyError):
        t("no.such.key", "ru")

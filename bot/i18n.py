"""The message catalogues: gettext at run time, Babel to compile them and to keep the template in step.

Message ids are the keys of `bot.texts` ("ref.won"); `en` is the source catalogue and the fallback of every other
one, so a string a translation lacks (or marks fuzzy) reads in English. A language is a folder
`bot/locales/<code>/LC_MESSAGES/bullscows.po` and nothing else: its `.mo` is compiled on first use when missing or
older than the `.po` (or in memory where the folder is read-only), never committed.

    python -m bot.i18n update     # rewrite bot/locales/bullscows.pot from English, carry it into every language
    python -m bot.i18n compile    # compile every .po now (first use does it anyway)
"""

from __future__ import annotations

import gettext
import io
import os
import sys
import tempfile
from collections.abc import Iterator, Mapping
from datetime import datetime
from functools import cached_property
from pathlib import Path

DOMAIN = "bullscows"
SOURCE_LANGUAGE = "en"  # the catalogue the keys are written against, every other one's fallback, and the default
LOCALES = Path(__file__).resolve().parent / "locales"
WORDS = "words."  # the messages that list what players may type (bot/parsing/words.py), not what the bot says
# the ones whose words may be phrases ("ни одного", "без нуля")
WORD_PHRASES = ("words.number.", "words.hint", "words.giveup", "words.variant.")

# The parameter whose value picks a plural message's form, where it is not `n`.
COUNT_PARAMS: dict[str, str] = {
    "ref.limit": "limit",
    "gue.board.fits": "remaining",
    "ref.won.hinted": "hints",
    "daily.share.hints": "hints",
    "ref.engine": "engine",
    "stats.bot": "games",
    "stats.bot.average": "games",
    "invalid.wrong_length": "expected",
    "reveal.wrong_length": "expected",
    "answer.impossible.placed": "bulls",
    "ref.left": "remaining",
    "stats.daily": "current",
    "btn.fix.codes": "remaining",
}


def count_param(key: str) -> str:
    """The name of the parameter that picks the plural form of message `key`."""
    return COUNT_PARAMS.get(key, "n")


def po_path(language: str, locales: Path = LOCALES) -> Path:
    """Where the catalogue of `language` lives."""
    return locales / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def compiled(po: Path) -> bytes:
    """The .mo bytes of a .po file; fuzzy and untranslated entries are left out, so they read in English."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        catalog = read_po(source, domain=DOMAIN)
    for message in list(catalog):
        if message.id and isinstance(message.string, tuple | list) and not all(message.string):
            del catalog[message.id]  # a plural message not yet translated in every form: English instead
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def compile_catalogue(po: Path) -> bytes:
    """The .mo bytes for `po`, written next to it (atomically) when missing or stale; read back when fresh."""
    mo = po.with_suffix(".mo")
    try:
        if mo.stat().st_mtime >= po.stat().st_mtime:
            return mo.read_bytes()
    except OSError:
        pass
    data = compiled(po)
    try:
        handle, temporary = tempfile.mkstemp(dir=mo.parent, prefix=f".{mo.name}.")
    except OSError:
        return data  # a read-only install: the catalogue is used from memory
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, mo)  # a second process compiling at the same moment writes the same bytes
    except OSError:
        Path(temporary).unlink(missing_ok=True)
    return data


class Catalogues:
    """The translations found in one locales folder, loaded on first use and kept."""

    def __init__(self, locales: Path = LOCALES) -> None:
        self.locales = locales
        self._loaded: dict[str, gettext.NullTranslations] = {}
        self._templates: dict[tuple[str, str, int | None], str] = {}  # message() remembered: a move asks five

    @cached_property
    def languages(self) -> tuple[str, ...]:
        """The language codes with a catalogue, the source language first."""
        found = sorted(p.name for p in self.locales.iterdir() if po_path(p.name, self.locales).is_file())
        return tuple(sorted(found, key=lambda code: code != SOURCE_LANGUAGE))

    @cached_property
    def _by_lower_code(self) -> dict[str, str]:
        return {language.lower(): language for language in self.languages}  # folders such as pt_BR

    def supported(self, code: str | None) -> str:
        """The catalogue language for a language code such as 'ru', 'ru-RU' or 'pt_BR' (English if none fits)."""
        by_code = self._by_lower_code
        if code:
            wanted = code.replace("-", "_").lower()
            for candidate in (wanted, wanted.split("_", 1)[0]):
                if candidate in by_code:
                    return by_code[candidate]
        return SOURCE_LANGUAGE

    def translation(self, language: str) -> gettext.NullTranslations:
        """The gettext translation for `language`, falling back to English for missing strings."""
        language = self.supported(language)
        if language not in self._loaded:
            loaded = gettext.GNUTranslations(io.BytesIO(compile_catalogue(po_path(language, self.locales))))
            if language != SOURCE_LANGUAGE:
                loaded.add_fallback(self.translation(SOURCE_LANGUAGE))
            self._loaded[language] = loaded
        return self._loaded[language]

    def message(self, key: str, language: str, count: int | None) -> str:
        """The template of message `key` in `language`: its plural form for `count` where it has plurals."""
        found = self._templates.get((key, language, count))
        if found is None:
            found = self._message(key, language, count)
            if len(self._templates) >= 10_000:  # counts are unbounded: start afresh now and then
                self._templates.clear()
            self._templates[(key, language, count)] = found
        return found

    def _message(self, key: str, language: str, count: int | None) -> str:
        translation = self.translation(language)
        # A plural message answers ngettext; any other gives the key back and is looked up with gettext.
        text = translation.ngettext(key, key, count) if count is not None else key
        if text == key:
            text = translation.gettext(key)
        if text == key:
            raise KeyError(key)
        return text


def read_catalogue(po: Path) -> dict[str, tuple[str, ...]]:
    """The messages of a .po by key: one template each, or one per plural form for a counted message."""
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        catalog = read_po(source, domain=DOMAIN)
    found: dict[str, tuple[str, ...]] = {}
    for message in catalog:
        if message.id:
            ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
            strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
            found[ids[0]] = tuple(text or "" for text in strings)
    return found


class SourceTexts(Mapping[str, str]):
    """The English templates by key, read from the source catalogue on first use (plural messages: the plural)."""

    def __init__(self, locales: Path = LOCALES) -> None:
        self.locales = locales

    @cached_property
    def _texts(self) -> dict[str, str]:
        return {key: forms[-1] for key, forms in read_catalogue(po_path(SOURCE_LANGUAGE, self.locales)).items()}

    def __getitem__(self, key: str) -> str:
        return self._texts[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._texts)

    def __len__(self) -> int:
        return len(self._texts)


CATALOGUES = Catalogues()


def environment_language(environ: Mapping[str, str]) -> str | None:
    """The language a terminal asks for, as gettext reads it: LANGUAGE, then LC_ALL, LC_MESSAGES, LANG
    ('ru_RU.UTF-8' → 'ru_RU'); None for the C locale or nothing set."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "").split(":", 1)[0].split(".", 1)[0].split("@", 1)[0]
        if value and value not in ("C", "POSIX"):
            return value
    return None


def write_template(locales: Path = LOCALES) -> Path:
    """Rewrite the .pot template from the English catalogue: every key, the English as a translator's note. Its
    creation date moves only when its messages change, so an update with nothing new leaves the tree clean."""
    from babel.messages.pofile import read_po

    pot = locales / f"{DOMAIN}.pot"
    old = pot.read_bytes() if pot.is_file() else b""
    dated = read_po(io.BytesIO(old), domain=DOMAIN).creation_date if old else None
    created = dated if isinstance(dated, datetime) else None
    text = _template(locales, created)
    if text != old:
        text = _template(locales, None) if created is not None else text
        pot.write_bytes(text)
    return pot


def _template(locales: Path, created: datetime | None) -> bytes:
    """The .pot's bytes, dated `created` (now when None)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    template = Catalog(
        domain=DOMAIN,
        project="bullscows",
        version="0.1",
        copyright_holder="bullscows contributors",
        creation_date=created,
        fuzzy=False,
    )
    for key, forms in read_catalogue(po_path(SOURCE_LANGUAGE, locales)).items():
        notes = [*_word_notes(key)]
        if len(forms) > 1:
            notes += [f"English (1): {_shown(forms[0])}", f"English (many): {_shown(forms[-1])}"]
            template.add((key, key), ("", ""), auto_comments=[*notes, f"Plural: by {{{count_param(key)}}}"])
        else:
            template.add(key, "", auto_comments=[*notes, f"English: {_shown(forms[0])}"])
    out = io.BytesIO()
    write_po(out, template, width=120, omit_header=False, no_location=True)
    return out.getvalue()


def _word_notes(key: str) -> list[str]:
    """The translator's note of a `words.*` message: what players may type (bot/parsing/words.py reads them)."""
    if not key.startswith(WORDS):
        return []
    each = "a word or a phrase" if key.startswith(WORD_PHRASES) else "one word (no spaces)"
    notes = [
        f"What a player may type for this meaning: {each} each, separated by commas; case does not matter. Every "
        "language's words are understood in every chat (this language's first, then English): list this one's only."
    ]
    if key.startswith("words.variant."):
        notes.append("The first is the one suggested when a player names a game the bot does not know.")
    return notes


def update_catalogues(locales: Path = LOCALES) -> list[Path]:
    """Rewrite the template, then bring every translation in line with it (what `pybabel update` does): new keys
    arrive untranslated, removed ones go, the English notes are refreshed. The files changed come back."""
    from babel.messages.pofile import read_po, write_po

    pot = write_template(locales)
    with pot.open("rb") as source:
        template = read_po(source, domain=DOMAIN)
    written = [pot]
    for code in Catalogues(locales).languages:
        if code == SOURCE_LANGUAGE:
            continue
        po = po_path(code, locales)
        with po.open("rb") as source:
            catalog = read_po(source, locale=code, domain=DOMAIN)
        catalog.update(template, no_fuzzy_matching=True)
        with po.open("wb") as out:
            write_po(out, catalog, width=120, no_location=True, ignore_obsolete=True)
        written.append(po)
    return written


def _shown(text: str) -> str:
    """A template on one line for a translator's note: newlines as \\n."""
    return text.replace("\n", "\\n")


def main(argv: list[str]) -> int:
    """`update` or `compile`; the exit status comes back."""
    if argv == ["update"]:
        for path in update_catalogues():
            print(path)
        return 0
    if argv == ["compile"]:
        for code in Catalogues().languages:
            compile_catalogue(po_path(code))
            print(po_path(code).with_suffix(".mo"))
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

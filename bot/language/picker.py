"""Replies about the chat's language: the chooser, the change, a language we do not have."""

from __future__ import annotations

from dataclasses import replace

from bot import callback_data as cb
from bot.replies import Button, Outcome, Reply
from bot.texts import t


def name(language: str) -> str:
    """A language's name in that language: 'English', 'Русский'."""
    return t("lang.name", language)


def chooser(language: str, languages: tuple[str, ...], user_id: int) -> Outcome:
    """A button per language, each named in its own language; the current one is ticked."""
    buttons = tuple(
        Button(f"✓ {name(code)}" if code == language else name(code), cb.encode(cb.LANGUAGE, code, user_id))
        for code in languages
    )
    return Outcome.text(t("lang.choose", language), tuple(buttons[i : i + 3] for i in range(0, len(buttons), 3)))


def chosen(language: str, edit: bool = False) -> Outcome:
    """The change, said in the new language (the chooser's message is replaced when a button made it)."""
    return replace(Outcome.say(Reply(t("lang.set", language), edit_origin=edit)), language=language)


def unknown(language: str, wanted: str, languages: tuple[str, ...]) -> Outcome:
    """We have no catalogue for the language asked for."""
    return Outcome.text(t("lang.unknown", language, name=wanted, languages=", ".join(name(c) for c in languages)))


def refused(language: str, as_message: bool = False) -> Outcome:
    """A group's language asked to change by a member who is not its admin: a toast for a button, else a message."""
    if as_message:
        return Outcome.text(t("lang.admins", language))
    return Outcome(toast=t("lang.admins", language))

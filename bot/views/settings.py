"""The settings board: one message whose buttons change a setting and redraw it in place."""

from __future__ import annotations

from bot import callbacks as cb
from bot.models.settings import Settings
from bot.replies import Button, Outcome, Reply
from bot.services.settings import PRESET_CHOICES
from bot.texts import Html, t, variant_text
from engine.variant import MAX_LENGTH, MIN_LENGTH, PRESETS


def _mark(label: str, chosen: bool) -> str:
    return f"✓ {label}" if chosen else label


def board(language: str, settings: Settings, edit: bool = False) -> Outcome:
    """The settings message with its buttons; `edit` replaces the message whose button was pressed."""
    variant = settings.variant

    def state(on: bool) -> Html:
        return t("set.on" if on else "set.off", language)

    limit = settings.attempt_limit or t("set.unlimited", language)
    text = t(
        "set.title",
        language,
        variant=Html(f"{variant.name} — {variant_text(variant, language)}"),
        limit=limit,
        coaching=state(settings.coaching),
        hard=state(settings.hard),
    )
    presets = tuple(
        Button(_mark(name, PRESETS[name] == variant), cb.encode(cb.SETTING, "v", name)) for name in PRESET_CHOICES
    )
    lengths = tuple(
        Button(_mark(str(n), n == variant.length), cb.encode(cb.SETTING, "l", n))
        for n in range(MIN_LENGTH, MAX_LENGTH + 1)
    )
    toggles = (
        Button(t("set.repeats", language, state=state(variant.repeats)), cb.encode(cb.SETTING, "r")),
        Button(t("set.zero", language, state=state(variant.leading_zero)), cb.encode(cb.SETTING, "z")),
    )
    more = (
        Button(t("set.limit", language, limit=limit), cb.encode(cb.SETTING, "a")),
        Button(t("set.coaching", language, state=state(settings.coaching)), cb.encode(cb.SETTING, "c")),
        Button(t("set.hard", language, state=state(settings.hard)), cb.encode(cb.SETTING, "h")),
    )
    done = (
        Button(t("set.language", language, language=t("lang.name", language)), cb.encode(cb.SETTING, "g")),
        Button(t("set.done", language), cb.encode(cb.SETTING, "x")),
    )
    return Outcome.say(Reply(text, (presets, lengths, toggles, more, done), edit_origin=edit))


def closed(language: str, settings: Settings) -> Outcome:
    """The settings message without buttons once the user is done."""
    shown = board(language, settings).replies[0]
    return Outcome.say(Reply(shown.text, (), edit_origin=True), toast=t("set.closed", language))

"""The settings panel: one message whose buttons change a setting and redraw it in place."""

from __future__ import annotations

from datetime import timedelta

from bot import callback_data as cb
from bot import duel as duel_feature
from bot import reminders
from bot.chats.settings import PRESET_CHOICES, Setting, Settings
from bot.replies import Button, Keyboard, Outcome, Reply
from bot.texts import Html, duration_text, t, variant_name
from engine.variant import MAX_LENGTH, MIN_LENGTH, PRESETS


def _state(language: str, on: bool) -> Html:
    return t("set.on" if on else "set.off", language)


def _mark(label: str, chosen: bool) -> str:
    return f"✓ {label}" if chosen else label


def panel(language: str, settings: Settings, edit: bool = False) -> Outcome:
    """The settings message with its buttons; `edit` replaces the message whose button was pressed."""
    variant = settings.variant
    limit = settings.attempt_limit or t("set.unlimited", language)
    text = t(
        "set.title",
        language,
        variant=variant_name(variant, language),
        limit=limit,
        coaching=_state(language, settings.coaching),
        hard=_state(language, settings.hard),
    )
    more = (
        Button(t("set.limit", language, limit=limit), cb.encode(cb.SETTING, Setting.ATTEMPTS)),
        Button(
            t("set.coaching", language, state=_state(language, settings.coaching)),
            cb.encode(cb.SETTING, Setting.COACHING),
        ),
        Button(t("set.hard", language, state=_state(language, settings.hard)), cb.encode(cb.SETTING, Setting.HARD)),
    )
    done = (
        Button(t("set.language", language, language=t("lang.name", language)), cb.encode(cb.SETTING, Setting.LANGUAGE)),
        Button(t("set.done", language), cb.encode(cb.SETTING, Setting.DONE)),
    )
    rows = (*_variant_rows(language, settings), more, (reminders.open_button(language),), done)
    return Outcome.say(Reply(text, rows, edit_origin=edit))


def _variant_rows(language: str, settings: Settings) -> Keyboard:
    """The buttons choosing the game: presets, lengths, repeats and leading zero."""
    variant = settings.variant
    presets = tuple(
        Button(
            _mark(t(f"set.preset.{name}", language), PRESETS[name] == variant),
            cb.encode(cb.SETTING, Setting.PRESET, name),
        )
        for name in PRESET_CHOICES
    )
    lengths = tuple(
        Button(_mark(str(n), n == variant.length), cb.encode(cb.SETTING, Setting.LENGTH, n))
        for n in range(MIN_LENGTH, MAX_LENGTH + 1)
    )
    toggles = (
        Button(
            t("set.repeats", language, state=_state(language, variant.repeats)), cb.encode(cb.SETTING, Setting.REPEATS)
        ),
        Button(
            t("set.zero", language, state=_state(language, variant.leading_zero)),
            cb.encode(cb.SETTING, Setting.LEADING_ZERO),
        ),
    )
    return (presets, lengths, toggles)


def group_panel(language: str, settings: Settings, edit: bool = False) -> Outcome:
    """A group's settings: its game and its defaults for races and duels, changed by admins only."""
    variant = settings.variant
    race = _seconds(language, settings.race_seconds) if settings.race_seconds else t("set.unlimited", language)
    duel = _seconds(language, settings.duel_seconds or duel_feature.DEFAULT_TURN_SECONDS)
    game = variant_name(variant, language)
    text = t("gset.title", language, variant=game, race=race, duel=duel)
    defaults = (
        Button(t("set.race", language, limit=race), cb.encode(cb.SETTING, Setting.RACE_LIMIT)),
        Button(t("set.duel", language, timer=duel), cb.encode(cb.SETTING, Setting.DUEL_TIMER)),
    )
    done = (
        Button(t("set.language", language, language=t("lang.name", language)), cb.encode(cb.SETTING, Setting.LANGUAGE)),
        Button(t("set.done", language), cb.encode(cb.SETTING, Setting.DONE)),
    )
    return Outcome.say(Reply(text, (*_variant_rows(language, settings), defaults, done), edit_origin=edit))


def _seconds(language: str, seconds: int) -> Html:
    return duration_text(timedelta(seconds=seconds), language)


def admins_only(language: str) -> Outcome:
    """A group's settings button pressed by someone who is not one of its admins."""
    return Outcome(toast=t("gset.admins", language))


def closed(language: str, settings: Settings, group: bool = False) -> Outcome:
    """The settings message without buttons once the user is done."""
    shown = (group_panel if group else panel)(language, settings).replies[0]
    return Outcome.say(Reply(shown.text, (), edit_origin=True), toast=t("set.closed", language))


def unchanged(language: str) -> Outcome:
    """A press on the value already chosen: a toast, and the panel left as it is (an edit that changes nothing is
    refused by Telegram)."""
    return Outcome(toast=t("set.same", language))

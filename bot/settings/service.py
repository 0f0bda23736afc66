"""A chat's settings: read them, and apply one change from the settings panel."""

from __future__ import annotations

from dataclasses import replace

from bot.chats.settings import ATTEMPT_LIMITS, DUEL_TIMERS, RACE_LIMITS, Setting, Settings
from bot.deps import Deps
from engine.variant import MAX_LENGTH, MIN_LENGTH, PRESETS, InvalidVariant, Variant


def changed(current: Settings, field: Setting, value: str = "") -> Settings:
    """The settings after one change (see Setting); a value that does not fit changes nothing."""
    variant = current.variant
    if field == Setting.PRESET and value in PRESETS:
        return replace(current, variant=PRESETS[value])
    if field == Setting.LENGTH and value.isdigit() and MIN_LENGTH <= int(value) <= MAX_LENGTH:
        return replace(current, variant=_fitted(variant, length=int(value)))
    if field == Setting.REPEATS:
        return replace(current, variant=_fitted(variant, repeats=not variant.repeats))
    if field == Setting.LEADING_ZERO:
        return replace(current, variant=_fitted(variant, leading_zero=not variant.leading_zero))
    if field == Setting.ATTEMPTS:
        index = ATTEMPT_LIMITS.index(current.attempt_limit) if current.attempt_limit in ATTEMPT_LIMITS else 0
        return replace(current, attempt_limit=ATTEMPT_LIMITS[(index + 1) % len(ATTEMPT_LIMITS)])
    if field == Setting.RACE_LIMIT:
        return replace(current, race_seconds=_following(RACE_LIMITS, current.race_seconds))
    if field == Setting.DUEL_TIMER:
        return replace(current, duel_seconds=_following(DUEL_TIMERS, current.duel_seconds))
    if field == Setting.COACHING:
        return replace(current, coaching=not current.coaching)
    if field == Setting.HARD:
        return replace(current, hard=not current.hard)
    return current


def _following(cycle: tuple[int | None, ...], value: int | None) -> int | None:
    """The value after `value` in the cycle (the first one after a value not in it)."""
    index = cycle.index(value) if value in cycle else -1
    return cycle[(index + 1) % len(cycle)]


def _fitted(variant: Variant, **changes: int | bool) -> Variant:
    """The variant with changes, widening the alphabet to 10 symbols if distinct digits need it."""
    fields = {"length": variant.length, "symbols": variant.symbols, "repeats": variant.repeats}
    fields["leading_zero"] = variant.leading_zero
    fields.update(changes)
    try:
        return Variant(**fields)  # type: ignore[arg-type]
    except InvalidVariant:
        return Variant(**{**fields, "symbols": 10})  # type: ignore[arg-type]


async def change(deps: Deps, chat_id: int, field: Setting, value: str = "") -> Settings:
    """Apply one change to the chat's settings and store them; the new settings come back."""
    async with deps.transaction():
        updated = changed(await deps.store.settings.of_chat(chat_id), field, value)
        await deps.store.settings.save(chat_id, updated, deps.clock())
    return updated


async def may_change(deps: Deps, chat_id: int, user_id: int, private: bool, as_chat: bool) -> bool:
    """Whether this user may change the chat's settings: anyone in a private chat, a group's admins in a group
    (an anonymous admin posts as the chat)."""
    return private or as_chat or await deps.admins.is_admin(chat_id, user_id)

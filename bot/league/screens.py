"""What a player sees of the leagues, built once as typed values (in each Outcome's Account, for the Mini App) and
drawn for the chat here: the division's table (refreshed in place), the player's tier before they play in a week,
and the message each player gets at the week's close."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from bot import callback_data as cb
from bot import records
from bot.league import rules
from bot.league.service import Division, Unplaced, WeekResult
from bot.refusal import Refusal
from bot.replies import Account, Button, Did, Notice, Outcome, Reply, Screen
from bot.texts import Html, date_text, lines, t, wait_text

ACTION = "lb"  # lb:r:<user>: the table refreshed in place (only by the player it is of)
REFRESH = "r"
MARKS = {"up": "⬆️ ", "down": "⬇️ ", "": ""}


def tier_name(language: str, tier: int) -> Html:
    """A tier's name: 'Silver'."""
    return t(rules.TIER_NAMES[tier - 1], language)


def tier_mark(tier: int) -> Html:
    """A tier's emoji: '🥈'."""
    return Html(rules.TIER_MARKS[tier - 1])


def _ends(language: str, ends: datetime, now: datetime) -> Html:
    left = max(ends - now, timedelta(0))
    if left >= timedelta(days=2):
        return t("league.ends.days", language, n=left.days)
    return t("league.ends", language, wait=wait_text(left, language))


@dataclass(frozen=True)
class LeagueLine:
    """A line of the table: place, who, points, whether it is the player's own, and where it would move now."""

    place: int
    user_id: int
    name: Html
    points: int
    mine: bool
    moves: str  # 'up', 'down' or ''
    line: Html


@dataclass(frozen=True)
class LeagueTable(Screen):
    """A player's division this week, or (no lines) their tier before they play in it."""

    week: str
    tier: int
    tier_name: Html
    division: int | None
    lines: tuple[LeagueLine, ...]
    title: Html
    notes: tuple[Html, ...]


def table(language: str, found: Division | Unplaced, now: datetime, edit: bool = False) -> Outcome:
    """The player's division table (with the button that refreshes it in place), or their tier and how to play."""
    rules_line = t("league.rules", language)
    if isinstance(found, Unplaced):
        name = tier_name(language, found.tier)
        head = t("league.unplaced", language, tier=name, mark=tier_mark(found.tier))
        notes: tuple[Html, ...] = (_ends(language, found.ends, now), rules_line)
        week = rules.week_of(now)
        screen = LeagueTable(week, found.tier, name, None, (), head, notes)
        text = lines(head, *notes)
        return Outcome.say(Reply(text, edit_origin=edit), account=Account(Did.SHOWN, notice=text, screen=screen))
    name = tier_name(language, found.tier)
    week = date_text(found.week, language)
    title = t("league.title", language, mark=tier_mark(found.tier), tier=name, division=found.division, week=week)
    shown = []
    for line in found.lines:
        moves = "up" if line.up else "down" if line.down else ""
        mine = line.user_id == found.user_id
        who = t("league.you", language) if mine else records.display_name(language, line.name, line.user_id)
        key = "league.line.mine" if mine else "league.line"
        points = t("league.points", language, n=line.points)
        text = t(key, language, mark=Html(MARKS[moves]), place=line.place, name=who, points=points)
        shown.append(LeagueLine(line.place, line.user_id, who, line.points, mine, moves, text))
    notes = (_ends(language, found.ends, now), t("league.moves", language, top=rules.MOVES), rules_line)
    screen = LeagueTable(found.week, found.tier, name, found.division, tuple(shown), title, notes)
    text = lines(title, *(line.line for line in shown), *notes)
    refresh = Button(t("league.btn.refresh", language), cb.encode(ACTION, REFRESH, found.user_id))
    reply = Reply(text, ((refresh,),), edit_origin=edit)
    return Outcome.say(reply, account=Account(Did.SHOWN, notice=text, screen=screen))


def not_a_person(language: str) -> Outcome:
    """A channel or an anonymous admin asked: leagues are people's."""
    return Outcome.refused(Refusal("league.person"), t("league.person", language))


def not_yours(language: str) -> Outcome:
    """Someone pressed another player's refresh button: a toast."""
    return Outcome.refused(Refusal("league.not_yours"), t("league.not_yours", language), toast=True)


def told(result: WeekResult) -> Notice:
    """What a player is told, in their private chat and language, when a week they played in closes."""
    language = result.language
    tier, after = tier_name(language, result.tier), tier_name(language, result.tier_after)
    params = {"place": result.place, "of": result.of, "tier": tier, "after": after}
    points = t("league.points", language, n=result.points)
    if result.tier_after > result.tier:
        said = t("league.closed.up", language, points=points, **params)
    elif result.tier_after < result.tier:
        said = t("league.closed.down", language, points=points, **params)
    else:
        said = t("league.closed.stay", language, points=points, **params)
    head = t("league.closed", language, week=date_text(result.week, language))
    return Notice(result.user_id, Outcome.text(lines(head, said)))

"""The league's page face: the player's division table (bot/league/screens.py's `LeagueTable`, which the Account of
/league's Outcome carries) as the page's JSON, listed in the register (`page_faces`). The page asks for it as the
chat does (the act "league"), and asks again to refresh it: the chat's table is edited in place by its own button."""

from __future__ import annotations

from typing import Literal

from bot.league.screens import LeagueTable
from bot.page import schema
from bot.texts import plain

MOVES: dict[str, Literal["up", "down", ""]] = {"up": "up", "down": "down", "": ""}


def table(screen: LeagueTable) -> schema.LeagueScreen:
    """The division's table: places, names, points, who would move up or down now, and the week's end."""
    rows = []
    for line in screen.lines:
        rows.append(
            schema.LeagueRow(
                place=line.place,
                name=plain(line.name),
                points=line.points,
                mine=line.mine,
                moves=MOVES[line.moves],
                line=plain(line.line),
            )
        )
    return schema.LeagueScreen(
        week=screen.week,
        tier=screen.tier,
        tier_name=plain(screen.tier_name),
        division=screen.division,
        title=plain(screen.title),
        rows=rows,
        notes=[plain(note) for note in screen.notes],
    )

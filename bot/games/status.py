"""Where a game or a match stands, and how it ended for each of its players: one vocabulary, stored as these words."""

from __future__ import annotations

from enum import StrEnum


class Status(StrEnum):
    """A game's or a match's status: ACTIVE while it is played, else how it ended. A player's recorded result (its
    `outcome`) uses the same words for how it ended for them, and WALKOVER: won because the other player resigned or
    forfeited. The values are what the database stores."""

    ACTIVE = "active"
    WON = "won"
    LOST = "lost"
    DRAW = "draw"
    SOLVED = "solved"  # the bot found the player's code (the guesser)
    REVEALED = "revealed"  # the player showed their code to check the answers (the guesser)
    GAVE_UP = "gave_up"
    ABANDONED = "abandoned"  # cancelled, or replaced by a new game
    STOPPED = "stopped"  # a match ended by /stop (or called off before it began)
    DECLINED = "declined"  # a duel whose invitation was declined, or withdrawn
    EXPIRED = "expired"  # a match's time ran out with nobody winning (a race), or before it began (a duel)
    RESIGNED = "resigned"
    FORFEIT = "forfeit"  # a duel's player out of time on their move
    WALKOVER = "walkover"  # a player's result only: the other resigned or forfeited

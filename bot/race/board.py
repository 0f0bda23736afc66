"""Replies for the group race: one short line per guess, a short ranked summary at the end."""

from __future__ import annotations

from datetime import timedelta

from bot import callback_data as cb
from bot import records
from bot import review as review_feature
from bot.games.rules import MAX_GUESSES
from bot.games.status import Status
from bot.matches.model import Match
from bot.matches.service import Ended, ranking
from bot.race.service import RaceMove
from bot.replies import Button, Keyboard, Outcome
from bot.texts import Html, duration_text, example, lines, score_text, t, variant_text

MAX_RANKED = 8  # lines of the final summary; the rest are counted, not listed


def started(language: str, match: Match) -> Outcome:
    """The race is on: what the secret looks like, how to guess, the time limit."""
    limit = None
    if match.turn_seconds:
        limit = t("race.limit", language, duration=duration_text(timedelta(seconds=match.turn_seconds), language))
    text = t("race.started", language, variant=variant_text(match.variant, language), example=example(match.variant))
    return Outcome.text(lines(text, limit))


def scored(language: str, result: RaceMove, bot_username: str | None = None) -> Outcome:
    """'Ann #3 1234 → 1🐂 2🐄', and the summary when it won (with each player's review link, when the bot's username
    is known)."""
    head = t(
        "race.turn",
        language,
        name=result.player.name,
        n=result.player.guesses,
        guess=result.turn.guess,
        score=score_text(result.turn.answer, language),
    )
    if result.ended is None:
        if result.player.guesses < MAX_GUESSES:
            return Outcome.text(head)
        # said once, in the group: the player's later guesses are refused (a plain code silently)
        return Outcome.text(lines(head, t("race.last_guess", language, name=result.player.name, n=MAX_GUESSES)))
    return Outcome.text(lines(head, summary(language, result.ended)), again(language, result.ended, bot_username))


def summary(language: str, ended: Ended) -> Html:
    """How the race ended (the secret may be shown now that it is over) and the ranking."""
    match = ended.match
    if match.status == Status.WON and ended.winner is not None:
        head = t("race.won", language, name=ended.winner.name, secret=match.secret, n=ended.winner.solved_in)
    elif match.status == Status.EXPIRED:
        head = t("race.expired", language, secret=match.secret)
    else:
        head = t("race.stopped", language, secret=match.secret)
    return lines(head, ranked(language, match), records.match_line(language, match, ended.ratings))


def ranked(language: str, match: Match) -> Html:
    """The players best first, a line each, at most MAX_RANKED lines."""
    players = ranking(match)
    rows = [
        t("rank.solved", language, place=place, name=p.name, n=p.solved_in)
        if p.solved
        else t("rank.tried", language, place=place, name=p.name, n=p.guesses)
        for place, p in enumerate(players[:MAX_RANKED], start=1)
    ]
    if len(players) > MAX_RANKED:
        rows.append(t("rank.more", language, n=len(players) - MAX_RANKED))
    return lines(*rows)


def ended(language: str, result: Ended, bot_username: str | None = None) -> Outcome:
    """The end of a race by time or /stop."""
    return Outcome.text(summary(language, result), again(language, result, bot_username))


def again(language: str, ended: Ended, bot_username: str | None = None) -> Keyboard:
    """'🔁 Same again': a new race in the same variant, with the same time limit; and a link to each player's own
    review, in private (when the bot's username is known)."""
    review = review_feature.link_button(language, ended.match.id, bot_username)
    return ((Button(t("btn.again", language), cb.encode(cb.REMATCH, ended.match.id)),), *((review,) if review else ()))

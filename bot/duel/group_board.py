"""Replies for a duel: the invitation, the deep link to set secrets, one line per move, the ending.

Secrets appear only in the players' private chats; group texts name players and scores, never codes.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta

from bot import callback_data as cb
from bot import records
from bot import review as review_feature
from bot.duel import service as duel
from bot.games.status import Status
from bot.matches.model import Match, Player
from bot.matches.service import Ended
from bot.refusal import Refusal
from bot.replies import Button, Keyboard, Outcome, Reply
from bot.texts import Html, duration_text, example, lines, mention, rematch_label, score_text, t, variant_text


def turn_time(language: str, match: Match) -> Html:
    """The time each move may take in this duel ('5m 0s')."""
    return duration_text(timedelta(seconds=match.turn_seconds or duel.DEFAULT_TURN_SECONDS), language)


def invited(language: str, result: duel.Invited) -> Outcome:
    """The invitation with Accept and Decline buttons."""
    match = result.match
    challenger, opponent = match.seated(1), match.seated(2)
    assert challenger is not None
    params: dict[str, object] = {
        "challenger": mention(challenger),
        "variant": variant_text(match.variant, language),
        "turn": turn_time(language, match),
    }
    if opponent is not None:
        text = t("duel.invite", language, invited=mention(opponent), **params)
    else:
        text = t("duel.invite.open", language, **params)
    keyboard = (
        (
            Button(t("btn.accept", language), cb.game_button(cb.MATCH, match.id, match.revision, cb.DUEL_ACCEPT)),
            Button(t("btn.decline", language), cb.game_button(cb.MATCH, match.id, match.revision, cb.DUEL_DECLINE)),
        ),
    )
    return Outcome.text(text, keyboard)


def accepted(language: str, result: duel.Accepted | Refusal, link: str | None) -> Outcome:
    """The invitation becomes the line-up, with the deep-link button (`link`) to set secrets; or a toast refusal."""
    if isinstance(result, Refusal):
        return Outcome(toast=refused(language, result))
    match = result.match
    a, b = match.seated(1), match.seated(2)
    assert a is not None
    assert b is not None
    text = t("duel.accepted", language, a=mention(a), b=mention(b), variant=variant_text(match.variant, language))
    buttons = ((Button(t("btn.secret", language), url=link),),) if link else ()
    return Outcome.say(Reply(text, buttons, edit_origin=True))


def declined(language: str, result: Ended | Refusal | None, name: str) -> Outcome:
    """The invitation is off (edited in place), or a toast refusal."""
    if isinstance(result, Refusal):
        return Outcome(toast=refused(language, result))
    if result is None:
        return Outcome(toast=t("match.stale", language))
    return Outcome.say(Reply(t("duel.declined", language, name=name), edit_origin=True))


def secret_prompt(language: str, result: duel.SecretPrompt | Refusal) -> Outcome:
    """In private: ask for the player's secret."""
    if isinstance(result, Refusal):
        return Outcome.text(t(result.key, language))
    opponent = result.opponent.name if result.opponent else t("duel.opponent", language)
    variant = variant_text(result.match.variant, language)
    return Outcome.text(t("duel.secret.ask", language, opponent=opponent, variant=variant))


def secret_set(language: str, result: duel.SecretSet | Refusal, group_language: str | None = None) -> Outcome:
    """In private: the secret back to its owner, in their language; in the group, in the group's: that it is set,
    and the start when both are."""
    if isinstance(result, Refusal):
        return Outcome.text(t(result.key, language, **result.params))
    match = result.match
    group = group_language or language
    assert result.player.secret is not None
    opponent = result.opponent.name if result.opponent else t("duel.opponent", language)
    replies = [
        Reply(t("duel.secret.set", language, secret=result.player.secret, opponent=opponent)),
        Reply(t("duel.secret.group", group, name=result.player.name), chat_id=match.chat_id, topic=match.topic),
    ]
    if result.begun:
        first = match.seated(1)
        assert first is not None
        turn = turn_time(group, match)
        begin = t("duel.begin", group, name=mention(first), example=example(match.variant), turn=turn)
        replies.append(Reply(begin, chat_id=match.chat_id, topic=match.topic))
    return Outcome.say(*replies)


def moved(
    language: str,
    result: duel.DuelMove | Refusal,
    privately: Mapping[int, str] | None = None,
    bot_username: str | None = None,
) -> Outcome:
    """One short line per move; the ending when it is decided (with each player's review link, when the bot's username
    is known)."""
    if isinstance(result, Refusal):
        return Outcome.text(refused(language, result))
    mover = result.mover
    score = score_text(result.turn.answer, language)
    nxt = mention(result.next) if result.next else Html("")
    # a solving guess is the opponent's secret: the group sees it only once the duel is over
    solved = result.turn.answer.bulls == result.match.variant.length
    guess = t("duel.mask", language) * len(result.turn.guess) if solved else result.turn.guess
    head = t("duel.turn", language, name=mover.name, n=mover.guesses, guess=guess, score=score, next=nxt)
    if result.ended is not None:
        head = t("race.turn", language, name=mover.name, n=mover.guesses, guess=result.turn.guess, score=score)
        shown = revealed_secrets(language, result.ended.match, privately)
        buttons = rematch(language, result.ended, bot_username=bot_username)
        return Outcome.say(Reply(lines(head, ending(language, result.ended)), buttons), *shown)
    if mover.solved and result.next is not None:
        head = lines(head, t("duel.last_chance", language, name=mover.name, n=mover.solved_in, other=nxt))
    return Outcome.text(head)


def refused(language: str, refusal: Refusal) -> Html:
    """A refusal's text; a player it could not name is "your opponent"."""
    return t(refusal.key, language, **{"name": t("duel.opponent", language), **refusal.params})


def ending(language: str, ended: Ended) -> Html:
    """A duel played to its end: who won (or the draw), with the rating line when it was rated."""
    match = ended.match
    a, b = match.seated(1), match.seated(2)
    assert a is not None
    assert b is not None
    rated = records.match_line(language, match, ended.ratings)
    if match.status == Status.DRAW and a.solved_in is None:  # neither solved in every guess allowed
        return lines(t("duel.draw.unsolved", language, a=mention(a), b=mention(b), n=a.guesses), rated)
    if match.status == Status.DRAW:
        return lines(t("duel.draw", language, a=mention(a), b=mention(b), n=a.solved_in), rated)
    winner = ended.winner
    assert winner is not None
    loser = match.opponent(winner.user_id)
    assert loser is not None
    return lines(t("duel.won", language, winner=mention(winner), loser=loser.name, n=winner.solved_in), rated)


def revealed_secrets(language: str, match: Match, privately: Mapping[int, str] | None) -> list[Reply]:
    """In private, to each player who did not find it, in their own language (`privately`, by user id; else the
    group's): the other's secret (never in the group)."""
    replies = []
    for player in match.players:
        other = match.opponent(player.user_id)
        if other is not None and other.secret is not None and not player.solved:
            own = (privately or {}).get(player.user_id, language)
            text = t("duel.reveal", own, opponent=other.name, secret=other.secret)
            replies.append(Reply(text, chat_id=player.user_id))
    return replies


def resigned(
    language: str,
    result: Ended | Refusal | None,
    privately: Mapping[int, str] | None = None,
    bot_username: str | None = None,
) -> Outcome:
    """The reply to /resign in a duel."""
    if isinstance(result, Refusal):
        return Outcome.text(refused(language, result))
    if result is None:
        return Outcome()
    buttons = rematch(language, result, bot_username=bot_username) if result.match.status == Status.RESIGNED else ()
    return Outcome.say(
        Reply(resignation(language, result), buttons), *revealed_secrets(language, result.match, privately)
    )


def resignation(language: str, ended: Ended) -> Html:
    """A resigned duel: who gave up and who wins, with the rating line; or that the duel is off (before play)."""
    match, winner = ended.match, ended.winner
    if match.status != Status.RESIGNED or winner is None:
        return t("duel.stopped", language)
    loser = match.opponent(winner.user_id)
    assert loser is not None
    return lines(
        t("duel.resigned", language, loser=loser.name, winner=mention(winner)),
        records.match_line(language, match, ended.ratings),
    )


def stopped(language: str, result: Ended | Refusal | None, privately: Mapping[int, str] | None = None) -> Outcome:
    """The reply to /stop in a duel."""
    if isinstance(result, Refusal):
        return Outcome.text(t(result.key, language))
    if result is None:
        return Outcome()
    return Outcome.say(Reply(t("duel.stopped", language)), *revealed_secrets(language, result.match, privately))


def timed_out(language: str, result: duel.TimedOut, privately: Mapping[int, str] | None = None) -> Outcome:
    """A timer ran out: a forfeit (both named, so both are notified) or a duel that never started."""
    match = result.ended.match
    if result.loser is None:
        a, b = match.seated(1), match.seated(2)
        if a is None or b is None:
            return Outcome.text(t("duel.invite_expired", language))
        return Outcome.text(t("duel.expired", language, a=mention(a), b=mention(b)))
    text = forfeit(language, result.ended, result.loser)
    return Outcome.say(Reply(text, rematch(language, result.ended)), *revealed_secrets(language, match, privately))


def rematch(language: str, ended: Ended, lost: bool | None = None, bot_username: str | None = None) -> Keyboard:
    """Under a duel played out: either player's press invites the other to the same again, labelled for who reads it
    (`lost`: '🔁 Rematch' for the loser, '🔁 Play again' for the winner; the group's message, which both read, says
    '🔁 Play again'); and a link to each player's own review, in private (when the bot's username is known)."""
    review = review_feature.link_button(language, ended.match.id, bot_username)
    return (
        (Button(rematch_label(language, bool(lost)), cb.encode(cb.REMATCH, ended.match.id)),),
        *((review,) if review else ()),
    )


def forfeit(language: str, ended: Ended, loser: Player) -> Html:
    """A move not made in time: the loser forfeits, with the rating line."""
    match = ended.match
    winner = match.opponent(loser.user_id)
    assert winner is not None
    turn = turn_time(language, match)
    return lines(
        t("duel.forfeit", language, loser=mention(loser), turn=turn, winner=mention(winner)),
        records.match_line(language, match, ended.ratings),
    )

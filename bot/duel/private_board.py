"""Replies for a duel played in two private chats (from a "duel me" link): what the group would see goes to both
players, each in their own language; a refusal goes back to whoever caused it, in theirs.

The same results as a group duel (bot/duel/service.py), so the texts are the group duel's where they fit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from bot import callback_data as cb
from bot import messages
from bot import review as review_feature
from bot.boards.model import Choice, Does
from bot.duel import service as duel
from bot.duel.group_board import ending, forfeit, refused, rematch, resignation, revealed_secrets, turn_time
from bot.games.status import Status
from bot.i18n import SOURCE_LANGUAGE
from bot.matches.model import Match, Phase, Player
from bot.matches.service import Ended
from bot.refusal import Refusal
from bot.replies import Button, Keyboard, Outcome, Reply
from bot.texts import Html, example, lines, mention, score_text, t, variant_text
from engine.variant import Variant

Languages = Mapping[int, str]  # each player's private language, by user id


def _to_both(
    match: Match,
    languages: Languages,
    render: Callable[[Player, str], Html | None],
    buttons: Callable[[Player, str], Keyboard] | None = None,
    over: bool = False,
) -> list[Reply]:
    """One reply per player, in seat order, rendered in that player's language and sent to their private chat (with
    that player's `buttons`, if any; `over`: the duel's end, with a button to the review of the player's own guesses,
    when they made any)."""
    replies = []
    for player in match.players:
        own = languages.get(player.user_id, SOURCE_LANGUAGE)
        text = render(player, own)
        keyboard = buttons(player, own) if buttons else ()
        if over and player.guesses > 0:
            keyboard = (*keyboard, (Button(t("btn.review", own), review_feature.match_data(match.id)),))
        if text:
            replies.append(Reply(text, keyboard, chat_id=player.user_id))
    return replies


def _rematch(ended: Ended) -> Callable[[Player, str], Keyboard]:
    """Each player's button under a private duel played out: another duel with the same opponent, labelled for that
    player ('🔁 Rematch' for the loser, '🔁 Play again' for the winner, or after a draw)."""

    def buttons(player: Player, own: str) -> Keyboard:
        lost = ended.winner is not None and ended.winner.user_id != player.user_id
        return rematch(own, ended, lost)

    return buttons


def _other(match: Match, player: Player) -> Player:
    other = match.opponent(player.user_id)
    assert other is not None
    return other


def invited(language: str, result: duel.Invited | Refusal, languages: Languages) -> Outcome:
    """A "duel me" link opened: its owner is asked to accept, with buttons, and the one who opened it told to wait;
    or why no invitation could be made."""
    if isinstance(result, Refusal):
        return Outcome.text(t(result.key, language, **result.params))
    match = result.match
    owner, opener = match.seated(1), match.seated(2)
    assert owner is not None
    assert opener is not None
    own = languages.get(owner.user_id, SOURCE_LANGUAGE)
    params = {"variant": variant_text(match.variant, own), "turn": turn_time(own, match)}
    ask = t("pduel.invite.again" if result.rematch else "pduel.invite", own, challenger=mention(opener), **params)
    keyboard = (
        (
            Button(t("btn.accept", own), cb.game_button(cb.MATCH, match.id, match.revision, cb.DUEL_ACCEPT)),
            Button(t("btn.decline", own), cb.game_button(cb.MATCH, match.id, match.revision, cb.DUEL_DECLINE)),
        ),
    )
    told = t("pduel.asked", language, opponent=mention(owner), variant=variant_text(match.variant, language))
    return Outcome.say(Reply(told, chat_id=opener.user_id), Reply(ask, keyboard, chat_id=owner.user_id))


def started(language: str, result: duel.Accepted | Refusal, languages: Languages) -> Outcome:
    """The duel is on: each player is asked for their secret in their own chat (the owner's invitation becomes
    that); or, as a toast to the owner, why it could not start."""
    if isinstance(result, Refusal):
        return Outcome(toast=t(result.key, language, **result.params))
    match = result.match

    def render(player: Player, own: str) -> Html:
        key = "pduel.started" if player.user_id == match.invited_id else "pduel.accepted"
        params = {"variant": variant_text(match.variant, own), "turn": turn_time(own, match)}
        return t(key, own, opponent=mention(_other(match, player)), **params)

    replies = [replace(r, edit_origin=r.chat_id == match.invited_id) for r in _to_both(match, languages, render)]
    return Outcome.say(*replies)


def declined(language: str, result: Ended | Refusal | None, languages: Languages) -> Outcome:
    """The owner declined (their invitation edited to say so), or the one who opened the link took it back."""
    if isinstance(result, Refusal):
        return Outcome(toast=t(result.key, language, **result.params))
    if result is None:
        return Outcome(toast=t("match.stale", language))
    match = result.match
    owner = match.seated(1)
    assert owner is not None

    def render(player: Player, own: str) -> Html:
        return t("duel.declined", own, name=owner.name)

    replies = [replace(r, edit_origin=r.chat_id == match.invited_id) for r in _to_both(match, languages, render)]
    return Outcome.say(*replies)


def asked(language: str, match: Match) -> Outcome:
    """A message from the one who opened the link while its owner has not answered yet."""
    owner = match.seated(1)
    return Outcome.text(t("pduel.asked.waiting", language, name=owner.name if owner else t("duel.opponent", language)))


def secret_set(language: str, result: duel.SecretSet | Refusal, languages: Languages) -> Outcome:
    """The secret back to its owner, the news to the other; both told who moves first once both are set."""
    if isinstance(result, Refusal):
        return Outcome.text(t(result.key, language, **result.params))
    match, setter = result.match, result.player
    first = match.seated(1)
    assert first is not None

    def render(player: Player, own: str) -> Html:
        if player.user_id == setter.user_id:
            assert setter.secret is not None
            said = t("pduel.secret.set", own, secret=setter.secret, opponent=_other(match, player).name)
        else:
            said = t("duel.secret.group", own, name=setter.name)
        if not result.begun:
            return said
        turn = turn_time(own, match)
        if player.user_id == first.user_id:
            return lines(said, t("pduel.begin.you", own, example=example(match.variant), turn=turn))
        return lines(said, t("pduel.begin.other", own, name=first.name, turn=turn))

    return Outcome.say(*_to_both(match, languages, render))


def waiting(language: str, match: Match, user_id: int) -> Outcome:
    """A message while the other player's secret is still awaited."""
    other = match.opponent(user_id)
    return Outcome.text(t("pduel.waiting", language, name=other.name if other else t("duel.opponent", language)))


def moved(language: str, result: duel.DuelMove | Refusal, languages: Languages) -> Outcome:
    """One line per move to both players (the one to move next is asked for a guess); the ending when decided."""
    if isinstance(result, Refusal):
        return Outcome.text(refused(language, result))
    match, mover, nxt = result.match, result.mover, result.next

    def render(player: Player, own: str) -> Html:
        score = score_text(result.turn.answer, own)
        guess = result.turn.guess  # both players know it, when it is a secret: no mask in private
        if result.ended is not None:
            head = t("race.turn", own, name=mover.name, n=mover.guesses, guess=guess, score=score)
            return lines(head, ending(own, result.ended))
        assert nxt is not None
        head = t("duel.turn", own, name=mover.name, n=mover.guesses, guess=guess, score=score, next=nxt.name)
        if mover.solved:
            head = lines(head, t("duel.last_chance", own, name=mover.name, n=mover.solved_in, other=nxt.name))
        return lines(head, t("pduel.your_move", own)) if player.user_id == nxt.user_id else head

    if result.ended is None:
        return Outcome.say(*_to_both(match, languages, render))
    shown = revealed_secrets(language, match, languages)
    return Outcome.say(*_to_both(match, languages, render, _rematch(result.ended), over=True), *shown)


def resigned(language: str, result: Ended | Refusal | None, languages: Languages) -> Outcome:
    """/resign (or /cancel, /giveup) in a private duel: the other wins, or (before play) the duel is off."""
    if isinstance(result, Refusal):
        return Outcome.text(refused(language, result))
    if result is None:
        return Outcome()
    match = result.match

    def render(player: Player, own: str) -> Html:
        return resignation(own, result)

    played = match.status == Status.RESIGNED  # before play it is only off: nothing to play again
    replies = _to_both(match, languages, render, _rematch(result) if played else None, over=played)
    return Outcome.say(*replies, *revealed_secrets(language, match, languages))


def timed_out(result: duel.TimedOut, languages: Languages) -> Outcome:
    """A timer ran out: secrets not set in time, or a move not made (a forfeit, the secrets shown)."""
    match, loser = result.ended.match, result.loser

    def render(player: Player, own: str) -> Html:
        if loser is None:
            return t("duel.expired", own, a=mention(player), b=mention(_other(match, player)))
        return forfeit(own, result.ended, loser)

    over = loser is not None
    replies = _to_both(match, languages, render, _rematch(result.ended) if over else None, over=over)
    return Outcome.say(*replies, *revealed_secrets(SOURCE_LANGUAGE, match, languages))


def unreachable(ended: Ended, user_id: int, languages: Languages) -> Outcome:
    """The bot cannot write to one player (never started it, or blocked it): the duel is off, the other told."""
    match = ended.match
    gone = match.player(user_id)
    assert gone is not None

    def render(player: Player, own: str) -> Html | None:
        return None if player.user_id == user_id else t("pduel.unreachable", own, name=gone.name)

    return Outcome.say(*_to_both(match, languages, render))


def confirm_leave(language: str, match: Match, user_id: int, new_game: str, variant: Variant | None) -> Outcome:
    """Ask before resigning the private duel (calling it off, before play) for a new game (its letter `new_game`:
    features/duel.NEW_GAMES, and its variant if one was named), as a one-player game asks before it is abandoned:
    Yes / No. The buttons carry the duel's id and revision, never a secret."""
    other = match.opponent(user_id)
    name = other.name if other else t("duel.opponent", language)
    key = "pduel.confirm.leave" if match.phase == Phase.PLAYING else "pduel.confirm.leave.setup"
    extra = (variant.name,) if variant else ()
    leave = cb.game_button(cb.MATCH, match.id, match.revision, cb.MATCH_LEAVE, new_game, *extra)
    choices = (
        Choice(t("btn.confirm", language), leave, Does.CONFIRM),
        Choice(t("btn.keep", language), cb.game_button(cb.MATCH, match.id, match.revision, cb.MATCH_KEEP), Does.KEEP),
    )
    return messages.asked(t(key, language, name=name), choices)

"""Replies about ratings: the line under a match's ending, the rating board (/top rating), the /stats line."""

from __future__ import annotations

from bot import callback_data as cb
from bot.matches.model import Match, Placed
from bot.records.board import MEDALS, display_name, marked, note_button, scope_buttons, where_you_stand
from bot.records.rating import Family, shown, shown_change
from bot.records.rating_model import PROVISIONAL_GAMES, Z
from bot.records.ratings import PlayerRating, RatingLeaderboard
from bot.replies import Button, Keyboard, Outcome, Reply
from bot.texts import Html, lines, t

PROVISIONAL = "?"  # after a provisional rating, as chess sites write it: "1572?"
SHOWN_IN_SUMMARY = 8  # players whose new rating a match's ending lists (the race's ranked lines show as many)
# the variant a family button opens when the board was opened from a variant of the other family
FAMILY_VARIANT: dict[Family, str] = {Family.DIGITS: "classic", Family.COLOURS: "mastermind"}


def points(conservative: float, established: bool) -> str:
    """The shown rating: '1612', or '1572?' while provisional."""
    return f"{shown(conservative)}{'' if established else PROVISIONAL}"


def signed(delta: int) -> str:
    """A change of the shown rating: '+14', '−9', '±0'."""
    return f"+{delta}" if delta > 0 else f"−{-delta}" if delta < 0 else "±0"


def match_line(language: str, match: Match, rated: tuple[Placed, ...]) -> Html | None:
    """'📈 Rating: Anna 1612 (+14), Bob 1488 (−12)' after a rated match, best first; None if it was not rated."""
    if not rated:
        return None
    items = []
    for placed in rated[:SHOWN_IN_SUMMARY]:
        player = match.player(placed.user_id)
        conservative = placed.mu - Z * placed.sigma
        items.append(
            t(
                "rating.item",
                language,
                name=player.name if player else display_name(language, None, placed.user_id),
                points=points(conservative, placed.established),
                change=signed(shown_change(conservative, placed.change)),
            )
        )
    if len(rated) > SHOWN_IN_SUMMARY:  # like the race's ranked lines: the rest counted, not listed
        items.append(t("rank.more", language, n=len(rated) - SHOWN_IN_SUMMARY))
    return t("rating.summary", language, items=Html(", ".join(items)))


def leaderboard_data(global_: bool, variant: str) -> str:
    """The callback data of a rating board: this chat or every chat, in the family of `variant`."""
    return cb.encode(cb.RATING, cb.EVERY_CHAT if global_ else cb.THIS_CHAT, variant)


def leaderboard(language: str, board: RatingLeaderboard, edit: bool = False, in_group: bool = False) -> Outcome:
    """A rating board with buttons back to the fewest-guesses board, for the other family and (in a group) this
    chat or all chats; edits in place."""
    scope = t("top.global" if board.global_ else "top.chat", language)
    title = t("top.rating.title", language, scope=scope, family=t(f"rating.family.{board.family}", language))
    body = (
        lines(
            *(
                t(
                    "top.rating.line",
                    language,
                    place=MEDALS.get(place, f"{place}."),
                    name=display_name(language, name, line.user_id),
                    points=points(line.conservative, line.established),
                    n=line.games,
                )
                for place, (line, name) in enumerate(board.lines, start=1)
            )
        )
        if board.lines
        else t("top.rating.empty", language)
    )
    back = cb.encode(cb.TOP, cb.EVERY_CHAT if board.global_ else cb.THIS_CHAT, "a", board.variant)
    families = tuple(
        Button(
            marked(t(f"top.btn.{family}", language), family == board.family),
            leaderboard_data(board.global_, board.variant if family == board.family else FAMILY_VARIANT[family]),
        )
        for family in Family
    )
    scopes = scope_buttons(language, board.global_, lambda g: leaderboard_data(g, board.variant))
    keyboard: Keyboard = (
        (Button(t("top.btn.best", language), back), note_button("rating")),
        families,
        *((scopes,) if in_group else ()),
    )
    you = None
    if board.you is not None:
        place, total, rating = board.you
        shown = points(rating.conservative, rating.games >= PROVISIONAL_GAMES)
        you = where_you_stand(language, place, total, t("top.you.rating", language, points=shown, n=rating.games))
    text = lines(title, body, you)
    return Outcome.say(Reply(text, keyboard, edit_origin=edit))


def stats_line(language: str, rated: PlayerRating | None) -> Html | None:
    """'Rating (digits) 1612 · last game +14 · #3 of 120' for /stats; None if never rated in the family."""
    if rated is None:
        return None
    stored = rated.rating
    return t(
        "stats.rating",
        language,
        family=t(f"rating.family.{rated.family}", language),
        points=points(stored.conservative, stored.games >= PROVISIONAL_GAMES),
        change=signed(shown_change(stored.conservative, stored.last_change)),
        place=rated.place,
        total=rated.of,
    )

"""The Review tab: a finished game's review as a table (the view's ReviewBoard, as the chat's message has it) and the
position at any of its guesses, one tap away (the codes that fit, a page at a time, and the best guesses there).

Two reads of the page, listed by the register: GET /api/review (`review_data`) and GET /api/review/position
(`position_data`). The page names the game (`game=`) or the match (`match=`), or nothing for the player's last
finished game, as /review takes it. The same checks as the chat's: the player's own guesses, a finished game,
today's daily challenge only once the day is over. A review not made yet is made here (in the reviews' thread, once
however often asked) and kept.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from functools import partial
from typing import TYPE_CHECKING

import msgspec

from bot.page import schema
from bot.page.awards import with_awards
from bot.refusal import Refusal
from bot.review import page as page_review
from bot.review import screens as review_board
from bot.review import service as reviews
from bot.review.reviewer import TooManyReviews
from bot.review.service import Subject
from bot.situation import Situation
from bot.texts import plain
from bot.who import Who

if TYPE_CHECKING:
    from bot.core import Core

log = logging.getLogger(__name__)

PAGE_SIZE = 40  # codes of a position a page, as the possibilities tab shows them


async def review_data(core: Core, who: Who, query: Mapping[str, str]) -> schema.ReviewAnswer:
    """The review the page asks for (`game`, `match` or neither), or why there is none."""

    async def look(found: Situation) -> tuple[str, Subject | Refusal, reviews.Made | None]:
        subject = await _subject(found, query)
        kept = None if isinstance(subject, Refusal) else await reviews.kept(core.deps, subject)
        return found.language, subject, kept

    language, subject, review = await core.read(who, look)
    if isinstance(subject, Refusal):
        return _none(language, subject)
    if review is None:
        try:
            # made in its thread, outside the reading; shielded: a call given up (a closed page, the server
            # stopping) leaves the review to be made and kept, where cancelling it would free the gate while its
            # thread still runs, and the next call would start another
            review = await asyncio.shield(reviews.making(core.deps, subject))
        except TooManyReviews:  # two of theirs under way already: the page asks again later
            return _none(language, Refusal("review.busy"))
        except Exception:
            log.exception("could not review %s for the page", reviews.key(subject))
            return _none(language, Refusal("review.failed"))
    board = review_board.board(language, subject, review)
    shown = page_review.review(board, subject.variant, language)
    achieved = await _earned(core, who, subject, review)
    return msgspec.structs.replace(shown, of=_of(subject), achieved=achieved)


async def _earned(core: Core, who: Who, subject: Subject, review: reviews.Made) -> list[str]:
    """What the review shown earns the player (Flawless, once), announced in their chat as the chat's /review would;
    its lines for the page to show under the coach's. A review that cannot earn it writes nothing; a failure to
    write (a busy database) is logged and leaves the award to the next showing."""
    if not reviews.may_earn(subject, review):
        return []
    try:
        _, achieved = await with_awards(core, who, lambda s: reviews.mark_shown(s.deps, subject, review, who.chat_id))
    except Exception:
        log.exception("could not award what the review of %s earned", reviews.key(subject))
        return []
    return achieved


async def position_data(core: Core, who: Who, query: Mapping[str, str]) -> schema.PositionAnswer:
    """The position guess `turn` (0 for the first) of the named game was made in, a page of its codes; or why not."""

    async def look(found: Situation) -> tuple[str, Subject | Refusal]:
        return found.language, await _subject(found, query)

    language, subject = await core.read(who, look)
    if isinstance(subject, Refusal):
        return _none(language, subject)
    index = _number(query.get("turn", ""), default=-1)
    if not 0 <= index < len(subject.turns):
        return _none(language, Refusal("review.not_yours"))
    page = _number(query.get("page", "0"))
    work = partial(reviews.position, subject, index, page, PAGE_SIZE)
    found_position, splits = await reviews.reviewer(core.deps).run(work, who.user_id)
    board = review_board.position(language, subject, index + 1, found_position, splits)
    return msgspec.structs.replace(page_review.position(board), of=_of(subject))


async def _subject(found: Situation, query: Mapping[str, str]) -> Subject | Refusal:
    if "game" in query:
        return await reviews.game_subject(found, _number(query["game"], default=-1))
    if "match" in query:
        return await reviews.match_subject(found, _number(query["match"], default=-1))
    return await reviews.latest(found)


def _of(subject: Subject) -> schema.ReviewOf:
    """What the review is of, as the page names it again (for a position)."""
    if subject.of == reviews.Reviewed.GAME:
        return schema.ReviewOf(game=subject.owner_id)
    return schema.ReviewOf(match=subject.owner_id)


def _none(language: str, refusal: Refusal) -> schema.NoReview:
    return schema.NoReview(text=plain(review_board.refusal_text(language, refusal)))


def _number(text: str, default: int = 0) -> int:
    """A small non-negative number from a query parameter, or `default`."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else default

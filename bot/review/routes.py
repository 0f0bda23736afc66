"""The game review in a private chat: /review (the player's last finished game with guesses of their own; /review daily,
their last daily challenge), the 📊 Review buttons under finished games and versus games (and a private duel's end),
and the link a group's race or duel ends with (t.me/<bot>?start=review_<match>), which opens the player's own review
in private: a group never sees one.

A review kept is shown at once. One not made yet is started in the background, where a transport delivers it (the
reply says it is coming, and the review follows as if asked for again); elsewhere it is made here, in a thread."""

from __future__ import annotations

import logging

from bot import callback_data as cb
from bot import messages, puzzles
from bot.parsing.words import meanings
from bot.ports import Later
from bot.refusal import Refusal
from bot.replies import Outcome
from bot.review import screens as review_board
from bot.review import service as reviews
from bot.review.reviewer import TooManyReviews
from bot.review.service import Subject
from bot.routes import Chats, Command, Feature
from bot.situation import Situation

log = logging.getLogger(__name__)

COMMANDS = (Command("review", Chats.PRIVATE),)
ACTIONS = frozenset({review_board.REVIEW})  # 📊 Review: rv:g:<game>[:1], rv:m:<match>[:1]
LINK = review_board.LINK  # /start review_<match>, from a group's race or duel
LATER = "review"  # a review made in the background, delivered: Later("review", (OF_GAME, <game>) or (OF_MATCH, <id>))


class Review(Feature):
    """Finds what a review is of, and shows it: kept, made here, or started and delivered when made."""

    async def command(self, s: Situation, command: str, args: str) -> Outcome | None:
        """/review: the player's last finished game of their own guesses; /review daily: their last daily challenge."""
        daily = any(word in _daily_words(s.language) for word in args.lower().split())
        return await self._answer(s, await reviews.latest(s, daily), after=False, pressed=False)

    async def link(self, s: Situation, payload: str) -> Outcome:
        """/start review_<match> in a private chat: the opener's guesses in that race or duel, reviewed."""
        match_id = cb.id_field(payload[len(LINK) :])
        if match_id is None:
            return review_board.refused(s.language, Refusal("review.not_yours"))
        return await self._answer(s, await reviews.match_subject(s, match_id), after=False, pressed=False)

    async def button(self, s: Situation, pressed: cb.Callback) -> Outcome | None:
        """📊 Review under a finished game or match; 🔁 Retry #n under a review."""
        args = pressed.args
        if args[:1] == (review_board.RETRY,):
            return await self._retry(s, args[1:])
        owner = cb.id_field(args[1]) if len(args) == 2 else None
        if owner is None or args[0] not in (review_board.OF_GAME, review_board.OF_MATCH):
            return messages.stale(s.language)
        found = await (
            reviews.game_subject(s, owner) if args[0] == review_board.OF_GAME else reviews.match_subject(s, owner)
        )
        return await self._answer(s, found, after=False, pressed=True)

    async def _retry(self, s: Situation, fields: tuple[str, ...]) -> Outcome:
        """🔁 Retry #n: the position guess n of the review's game was made in (or, for a game whose code was not
        found, where it stopped), made an unrated puzzle of the player's (engine work: its figures)."""
        if len(fields) != 3:
            return messages.stale(s.language)
        of, owner_id, n = fields[0], cb.id_field(fields[1]), cb.id_field(fields[2])
        if owner_id is None or n is None or of not in (review_board.OF_GAME, review_board.OF_MATCH):
            return messages.stale(s.language)
        found = await (
            reviews.game_subject(s, owner_id) if of == review_board.OF_GAME else reviews.match_subject(s, owner_id)
        )
        if isinstance(found, Refusal):
            return review_board.refused(s.language, found, pressed=True)
        if not 1 <= n <= len(found.turns) + (0 if found.found else 1):
            return messages.stale(s.language)
        back = review_board.data(found)
        turns, pins = found.turns[: n - 1], reviews.pins_before(found, n - 1)
        puzzle = await self.deps.engine.need(
            "retry", puzzles.retry_puzzle, found.variant, turns, pins, n, back, same=("retry", back, n)
        )
        opened = await puzzles.open_retry(self.deps, s.who.user_id, puzzle)
        busy = await s.game() is not None or await s.in_match()
        return puzzles.retry_shown(s.language, opened, busy=busy)

    async def delivered(self, s: Situation, later: Later) -> Outcome:
        """A review started in the background is made (or failed): the answer it promised, now."""
        of, owner = later.key if len(later.key) == 2 else ("", 0)
        if of not in (review_board.OF_GAME, review_board.OF_MATCH) or not isinstance(owner, int):
            return Outcome()
        found = await (
            reviews.game_subject(s, owner) if of == review_board.OF_GAME else reviews.match_subject(s, owner)
        )
        return await self._answer(s, found, after=True, pressed=False)

    async def _answer(self, s: Situation, found: Subject | Refusal, *, after: bool, pressed: bool) -> Outcome:
        """The review of `found`, or why there is none; `after`: delivered once made (if it is still not kept, it
        failed); `pressed`: asked by a button (short answers as its toast)."""
        language = s.language
        if isinstance(found, Refusal):
            return review_board.refused(language, found, pressed)
        review = await reviews.kept(self.deps, found)
        if review is not None:
            await reviews.mark_shown(self.deps, found, review, s.who.chat_id)
            return review_board.shown(language, found, review)
        if after:
            return review_board.refused(language, Refusal("review.failed"))
        if self.deps.later is not None:  # made in the background, and delivered once made
            try:
                making = reviews.making(self.deps, found)
            except TooManyReviews:  # their other reviews come first: one person never queues many ahead of everyone
                return review_board.refused(language, Refusal("review.busy"), pressed)
            later = Later(LATER, (review_board.of_field(found.of), found.owner_id))
            reviews.reviewer(self.deps).then_deliver(making, s.who, later, self.deps.later)
            return review_board.coming(language, pressed)
        try:
            review = await reviews.made_here(self.deps, found)
        except ValueError:  # answers no code fits, a guess no code of the variant: stored so, it cannot be reviewed
            log.exception("could not review %s", reviews.key(found))
            return review_board.refused(language, Refusal("review.failed"), pressed)
        await reviews.mark_shown(self.deps, found, review, s.who.chat_id)
        return review_board.shown(language, found, review)


def _daily_words(language: str) -> frozenset[str]:
    """The words that ask /review for the daily challenge ('daily', 'задача')."""
    return frozenset(meanings(language, (("words.review.daily", True),)))

"""/puzzle: "Which code is it?" and "Best next guess" puzzles. In a private chat, the puzzle the player is solving,
else today's puzzle of the day, else the ladder's next (`/puzzle daily` the day's, `/puzzle top` its board, `/puzzle
mastermind` the ladder in a variant, `/puzzle 1234` an answer, as a typed code is); in a group, the day's puzzle
posted there and answered there (`/puzzle 1234`, or a reply to the bot's post: the bot sees those in privacy mode)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from bot import callback_data as cb
from bot import messages
from bot.boards import page as page_board
from bot.page import schema
from bot.parsing.commands import variant_from_args
from bot.parsing.scores import plain_digits
from bot.parsing.words import meanings
from bot.puzzles import page
from bot.puzzles import screens as view
from bot.puzzles import service as puzzles
from bot.refusal import Refusal
from bot.replies import Outcome
from bot.routes import Chats, Command, Feature
from bot.situation import Situation
from bot.texts import t
from bot.who import Who
from engine.variant import InvalidVariant, Variant, variant_named

if TYPE_CHECKING:
    from bot.core import Core

COMMANDS = (Command("puzzle", Chats.ANY),)
ACTIONS = frozenset({view.ACTION})
DEEP_LINKS = (view.DEEP_LINK,)  # t.me/<bot>?start=puzzle
DAILY_WORD, TOP_WORD = "daily", "top"
_WORDS = (("words.puzzle.daily", DAILY_WORD), ("words.puzzle.top", TOP_WORD))


def _word(args: str, language: str) -> str | None:
    return meanings(language, _WORDS).get(" ".join(args.lower().split()))


def _variant_named(name: str) -> Variant | None:
    """The variant a button names (None: no such variant, a hand-made button)."""
    try:
        return variant_named(name)
    except InvalidVariant:
        return None


def _code_like(args: str) -> bool:
    """Whether an argument is meant as a code ('1234', '1 2 3 4', '１２３４'), not a word."""
    digits = plain_digits(args).replace(" ", "").replace("-", "")
    return bool(digits) and digits.isdigit()


class Puzzles(Feature):
    """The puzzles' handlers: /puzzle, a typed answer, the puzzles' buttons; in groups, the day's puzzle."""

    async def command(self, s: Situation, command: str, args: str) -> Outcome | None:
        """/puzzle [daily | top | variant | code], in a private chat or a group."""
        if not s.who.private:
            return await self._group_command(s, args)
        deps, user, language = self.deps, s.who.user_id, s.language
        word = _word(args, language)
        if word == TOP_WORD:
            return view.day_board(language, await puzzles.day_solvers(deps))
        busy = await self._busy(s)
        if word == DAILY_WORD:
            day = await puzzles.show_today(deps, user)
            return view.shown(language, day, busy=busy, made=not day.over)
        if args.strip() and _code_like(args):
            return await self._answer(s, args, typed=False)
        try:
            named = variant_from_args(args, language)
        except InvalidVariant:
            return messages.unknown_variant(language, args.strip())
        if named is None:  # /puzzle alone: the one being solved, else today's, else the ladder
            state = await puzzles.state(deps, user)
            if state is not None and not state.over:
                return view.shown(language, state, busy=busy)
            day = await puzzles.show_today(deps, user)
            if not day.over:
                return view.shown(language, day, busy=busy, made=True)
        ladder = await puzzles.show_ladder(deps, user, named or s.settings.variant, s.settings.variant)
        return view.shown(language, ladder, busy=busy, made=True)

    async def text(self, s: Situation, text: str) -> Outcome | None:
        """A typed code in a private chat while a puzzle is open (and no game takes it): the answer; else not mine."""
        return await self._answer(s, text, typed=True)

    async def _answer(self, s: Situation, text: str, *, typed: bool) -> Outcome | None:
        deps, user, language = self.deps, s.who.user_id, s.language
        result = await puzzles.answer_open(deps, user, text)
        if result is None:  # nothing open
            return None if typed else messages.message("puzzle.none", language)
        if isinstance(result, Refusal):
            return view.refused(language, result)
        return view.answered(language, result)

    async def button(self, s: Situation, pressed: cb.Callback) -> Outcome | None:
        """A puzzle's button: give up, the next ladder puzzle, the puzzle of the day, the day's board."""
        deps, user, language = self.deps, s.who.user_id, s.language
        verb, *fields = pressed.args or ("",)
        if verb == view.BOARD:
            return view.day_board(language, await puzzles.day_solvers(deps), private=s.who.private)
        if not s.who.private:
            return Outcome(toast=t("group.private_only", language, link=""))
        busy = await self._busy(s)
        if verb == view.NEXT and len(fields) <= 1:  # pz:n:<variant>: the next in the variant just played
            variant = _variant_named(fields[0]) if fields else None
            ladder = await puzzles.show_ladder(deps, user, variant, s.settings.variant)
            return view.shown(language, ladder, busy=busy, made=True)
        if verb == view.DAILY:
            day = await puzzles.show_today(deps, user)
            return view.shown(language, day, busy=busy, made=not day.over)
        if verb == view.GIVE_UP and len(fields) == 1:
            return await self._give_up(s, fields[0])
        return messages.stale(language)

    async def _give_up(self, s: Situation, field: str) -> Outcome:
        deps, user, language = self.deps, s.who.user_id, s.language
        result: puzzles.Solving | Refusal
        if len(field) == 8 and field.isdigit() and field.startswith("20"):  # the day's: pz:g:yyyymmdd
            day = f"{field[:4]}-{field[4:6]}-{field[6:]}"
            result = await puzzles.give_up_day(deps, user, day)
        else:
            result = await puzzles.give_up_ladder(deps, user, cb.decode_id(field))
        if isinstance(result, Refusal):
            return view.refused_button(language, result)
        return view.answered(language, result)

    async def tab(self, core: Core, who: Who, query: Mapping[str, str]) -> schema.PuzzleTab:
        """GET /api/puzzle, the Mini App's Puzzles tab: the puzzle being solved, else the day's once it is over, as the
        chat shows it; else none, and the chat's buttons that begin one. Looking begins nothing (a read: committed
        rows, nothing written): a puzzle's clues are shown, and its clock started, when the player asks for it
        (/puzzle, its buttons), on either face."""
        return await core.read(who, self._tab)

    async def _tab(self, s: Situation) -> schema.PuzzleTab:
        deps, user, language = self.deps, s.who.user_id, s.language
        shown = await puzzles.state(deps, user)  # the one being solved, as it stands
        if shown is None or shown.over:
            day = await puzzles.day_state(deps, user)  # read only: today's clock starts when its clues are shown
            shown = day if day is not None and day.over else None
        if shown is None:
            begin = [page_board.choice_data(choice) for row in view.start_choices(language) for choice in row]
            return schema.PuzzleTab(screen=None, choices=begin)
        board = view.board_of(language, shown, busy=await self._busy(s))
        return schema.PuzzleTab(screen=page.screen(board), choices=[])

    async def _busy(self, s: Situation) -> bool:
        """Whether a game or a match takes what the player types here (then a puzzle is answered with /puzzle)."""
        return await s.game() is not None or await s.in_match()

    # -- in a group

    async def _group_command(self, s: Situation, args: str) -> Outcome:
        deps, who, language = self.deps, s.who, s.language
        word = _word(args, language)
        if word == TOP_WORD:
            return view.day_board(language, await puzzles.day_solvers(deps), private=False)
        if not args.strip() or word == DAILY_WORD:
            posted = await puzzles.post_in_group(deps, who.chat_id, who.user_id)
            return view.group_posted(language, posted, who.bot_username)
        result = await puzzles.answer_in_group(deps, who.chat_id, who.user_id, who.name, args, strict=True)
        if result is None:
            return messages.message("puzzle.group.none", language)
        if isinstance(result, puzzles.GroupDaily):
            return view.group_answered(language, result, who.name)
        return view.refused(language, result)

    async def group_text(self, s: Situation, text: str) -> Outcome | None:
        """A plain message in a group where the day's puzzle was posted today: a code of it is an answer (a reply to
        the post arrives in privacy mode too); anything else is not mine."""
        who = s.who
        result = await puzzles.answer_in_group(self.deps, who.chat_id, who.user_id, who.name, text, strict=False)
        if result is None:
            return None
        if isinstance(result, puzzles.GroupDaily):
            return view.group_answered(s.language, result, who.name)
        return view.refused(s.language, result)

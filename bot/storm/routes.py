"""/storm: Puzzle Storm. In a private chat, a three-minute run of "Which code is it?" puzzles (`/storm top` the boards,
`/storm stop` ends the run); a typed code answers the run's puzzle while one is open. In a group, a Puzzle Racer:
a lobby to join, then everyone's run in private with the same puzzles, the standings edited in place in the group."""

from __future__ import annotations

from dataclasses import replace

from bot import callback_data as cb
from bot import messages
from bot.chats import languages
from bot.matches.model import MatchKind
from bot.parsing.words import meanings
from bot.refusal import Refusal
from bot.replies import Notice, Outcome, Reply
from bot.routes import Chats, Command, Feature
from bot.situation import Situation
from bot.storm import racer as racing
from bot.storm import rules
from bot.storm import screens as view
from bot.storm import service as storm
from bot.texts import t

COMMANDS = (Command("storm", Chats.ANY),)
ACTIONS = frozenset({view.ACTION})
DEEP_LINKS = (view.DEEP_LINK,)  # t.me/<bot>?start=storm
TOP_WORD, STOP_WORD = "top", "stop"
_WORDS = (("words.storm.top", TOP_WORD), ("words.storm.stop", STOP_WORD))


def _word(args: str, language: str) -> str | None:
    return meanings(language, _WORDS).get(" ".join(args.lower().split()))


class Storm(Feature):
    """Puzzle Storm's handlers: /storm, a typed answer while a run is open, its buttons, and what its clock makes due
    (asked by its timer, bot/storm/timer.py)."""

    async def command(self, s: Situation, command: str, args: str) -> Outcome | None:
        """/storm [top | stop]: in private a run (or the open one), in a group a Racer; the boards anywhere."""
        language = s.language
        word = _word(args, language)
        if word == TOP_WORD:
            return view.boards_outcome(language, await storm.boards(self.deps, s.who.user_id), private=s.who.private)
        if not s.who.private:
            return await self._racer(s)
        if word == STOP_WORD:
            return await self._stop(s, None)
        return await self._start(s)

    async def text(self, s: Situation, text: str) -> Outcome | None:
        """A message in a private chat while a run is open (whatever else runs there): its answer; else not mine."""
        result = await storm.answer(self.deps, s.who.user_id, text)
        if result is None:
            return None
        if isinstance(result, Refusal):
            return view.refused(s.language, result)
        return await self._shown(s.language, result)

    async def button(self, s: Situation, pressed: cb.Callback) -> Outcome | None:
        """Storm's buttons: stop a run, another run, the boards (private); join, start, another Racer (a group)."""
        who, language = s.who, s.language
        verb, *fields = pressed.args or ("",)
        if verb == view.BOARDS:
            return view.boards_outcome(language, await storm.boards(self.deps, who.user_id), private=who.private)
        if who.private and verb == view.STOP and len(fields) == 1:
            return await self._stop(s, cb.decode_id(fields[0]), toast=True)
        if who.private and verb == view.AGAIN:
            return await self._start(s)
        if who.private and verb == view.ANSWER and len(fields) == 3:
            return await self._answer_at(s, cb.decode_id(fields[0]), cb.decode_id(fields[1]), fields[2])
        if not who.private and verb == view.ANOTHER:
            return await self._racer(s, pressed=True)
        if not who.private and verb in (view.JOIN, view.START) and len(fields) == 1:
            racer_id = cb.decode_id(fields[0])
            return await (self._join(s, racer_id) if verb == view.JOIN else self._start_racer(s, racer_id))
        return messages.stale(language)

    # -- a run

    async def _start(self, s: Situation) -> Outcome:
        language = s.language
        if await self._taken(s):
            return messages.message("storm.busy_match", language)
        result = await storm.start(self.deps, s.who.user_id, s.who.name)
        if isinstance(result, Refusal):
            return view.refused(language, result)
        if isinstance(result, storm.InLobby):
            return view.lobby_wait(language, result.racer.starts_at, self.deps.clock())
        return view.run_outcome(language, result, made=result.run.started_at == result.now)

    async def _taken(self, s: Situation) -> bool:
        """Whether a match takes what the player types here (a private duel, a duel's secret, a versus game): a run
        would wait on it."""
        if not await s.in_match():
            return False
        taken = await s.private_duel() or await s.awaiting_secret() or await s.match_here(MatchKind.VERSUS)
        return taken is not None

    async def _answer_at(self, s: Situation, run_id: int, place: int, code: str) -> Outcome:
        """The page's answer, naming the run and the puzzle it shows: anything else than the open run's puzzle now
        (an older page, a replayed request under a new key) is refused and costs nothing."""
        result = await storm.answer(self.deps, s.who.user_id, code, place=place, run_id=run_id)
        if result is None:
            return view.refused(s.language, Refusal("storm.none"), toast=True)
        if isinstance(result, Refusal):
            return view.refused(s.language, result, toast=True)
        return await self._shown(s.language, result)

    async def _stop(self, s: Situation, run_id: int | None, *, toast: bool = False) -> Outcome:
        result = await storm.stop(self.deps, s.who.user_id, run_id)
        if isinstance(result, Refusal):
            return view.refused(s.language, result, toast=toast)
        return await self._shown(s.language, result)

    async def _shown(self, language: str, shown: storm.RunShown) -> Outcome:
        """A run after its player's update; a Racer's standings in its group with it, when the run is a Racer's."""
        also: tuple[Reply, ...] = ()
        if shown.run.racer_id is not None:
            standings = await racing.settle(self.deps, shown.run.racer_id)
            if standings is not None:
                group = await languages.chat_language(self.deps, standings.racer.chat_id)
                also = (view.racer_reply(group, standings, shown.now)[0],)
        return view.run_outcome(language, shown, *also)

    # -- a Racer

    async def _racer(self, s: Situation, *, pressed: bool = False) -> Outcome:
        """/storm in a group (or 🔁 Another Racer pressed): a new Racer's lobby; the one on here shown anew below
        (to a press, only a toast: a button pressed again and again posts nothing)."""
        who, language = s.who, s.language
        person = rules.is_person(who.user_id, who.as_chat)
        opened = await racing.open_lobby(
            self.deps, who.chat_id, who.topic, who.user_id, who.name, person, who.bot_username
        )
        now = self.deps.clock()
        if isinstance(opened, racing.RacersFull):
            return messages.message("storm.racer.crowded", language, n=opened.limit)
        if isinstance(opened, racing.RacerOn) and pressed:
            return Outcome(toast=t("storm.racer.on", language))
        if isinstance(opened, racing.RacerOn):
            return view.racer_outcome(language, opened.standings, now, fresh=True, made=False)
        outcome = view.racer_outcome(language, opened, now)
        if any(p.user_id == who.user_id for p in opened.players):
            private = await languages.private_language(self.deps, who.user_id)
            outcome = outcome.then(view.welcome(private, opened, now, who.user_id))
        return outcome

    async def _join(self, s: Situation, racer_id: int) -> Outcome:
        who, language = s.who, s.language
        person = rules.is_person(who.user_id, who.as_chat)
        joined = await racing.join(self.deps, racer_id, who.chat_id, who.user_id, who.name, person)
        if isinstance(joined, Refusal):
            return view.refused(language, joined, toast=True)
        now = self.deps.clock()
        private = await languages.private_language(self.deps, who.user_id)
        outcome = view.racer_outcome(language, joined.standings, now).then(
            view.welcome(private, joined.standings, now, who.user_id)
        )
        return replace(outcome, toast=t("storm.racer.joined", language))

    async def _start_racer(self, s: Situation, racer_id: int) -> Outcome:
        language = s.language
        started = await racing.start_now(self.deps, racer_id, s.who.chat_id, s.who.user_id)
        if isinstance(started, Refusal):
            return view.refused(language, started, toast=True)
        return await self._begun(language, started)

    async def _begun(self, group: str, started: racing.Started | racing.Standings) -> Outcome:
        """A Racer's lobby closed: its standings in the group, and each player's first puzzle in private."""
        now = self.deps.clock()
        if isinstance(started, racing.Standings):  # nobody joined, or no puzzle was ready: over
            return view.racer_outcome(group, started, now)
        outcome = view.racer_outcome(group, started.standings, now)
        for shown in started.shown:
            language = await languages.private_language(self.deps, shown.run.user_id)
            screen = view.run_screen(language, shown)
            outcome = outcome.then(view.run_reply(screen, chat_id=shown.run.user_id))
        return outcome

    async def on_unreachable(self, user_id: int) -> Notice | None:
        """Telegram refused a message to this user's private chat: out of the Racer they were in, its standings shown
        so in its group; None if they are in none."""
        moved = await racing.unreachable(self.deps, user_id)
        if moved is None:
            return None
        group = await languages.chat_language(self.deps, moved.racer.chat_id)
        outcome = view.racer_outcome(group, moved, self.deps.clock())
        return Notice(moved.racer.chat_id, outcome, moved.racer.topic)

    # -- the clock

    async def due(self) -> list[Notice]:
        """What the clock has made due (bot/storm/timer.py asks every second, inside a transaction of its own): each
        run whose time ran out told to its player, each Racer started or moved shown in its group."""
        found = await racing.run_clock(self.deps)
        notices: list[Notice] = []
        for shown in found.closed:
            language = await languages.private_language(self.deps, shown.run.user_id)
            notices.append(Notice(shown.run.user_id, view.run_outcome(language, shown)))
        for started in found.started:
            racer = started.racer if isinstance(started, racing.Standings) else started.standings.racer
            group = await languages.chat_language(self.deps, racer.chat_id)
            notices.append(Notice(racer.chat_id, await self._begun(group, started), racer.topic))
        for standings in found.moved:
            group = await languages.chat_language(self.deps, standings.racer.chat_id)
            notices.append(
                Notice(
                    standings.racer.chat_id,
                    view.racer_outcome(group, standings, self.deps.clock()),
                    standings.racer.topic,
                )
            )
        return notices

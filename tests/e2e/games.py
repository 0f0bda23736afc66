"""Playing whole games against the bot as a user would, reading only what the bot shows.

The referee player never knows the bot's secret: it finds it with the engine's own guesser, fed the scores
the bot replies with. The guesser player thinks of a secret and answers every guess truthfully (or, when
told to, wrongly) with the bot's answer buttons.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bot.i18n import SOURCE_LANGUAGE, po_path, read_catalogue
from bot.texts import EN, PEGS, plain
from engine.consistency import InvalidAnswer, validate_answer
from engine.guesser import next_guess
from engine.history import Turn
from engine.scoring import Score, score
from engine.variant import PRESETS, Code, Variant
from tests.e2e.client import BotMessage, Button, UserClient

ENGLISH_FORMS = read_catalogue(po_path(SOURCE_LANGUAGE))  # each text's template(s), one per plural form
FORMS = {SOURCE_LANGUAGE: ENGLISH_FORMS, "ru": read_catalogue(po_path("ru"))}
MAX_TURNS = 15  # the engine needs at most 7 for the variants played here


def text_pattern(key: str, language: str = SOURCE_LANGUAGE, **groups: str) -> str:
    """A regex for the bot's text `key` as the user sees it: each {field} becomes the regex given for it
    in `groups`, or a lazy named group. Built from the bot's own templates (every plural form of a counted
    text: "in 1 guess" and "in 5 guesses"), so rewording breaks nothing."""
    forms = [re.split(r"\{(\w+)\}", plain(template)) for template in FORMS[language][key]]
    assert all(form[1::2] == forms[0][1::2] for form in forms), f"the forms of {key} differ in their fields"
    parts = []
    for i, part in enumerate(forms[0]):
        if i % 2:
            parts.append(groups.get(part, f"(?P<{part}>.+?)"))
        else:
            texts = list(dict.fromkeys(re.escape(form[i]) for form in forms))
            parts.append(texts[0] if len(texts) == 1 else f"(?:{'|'.join(texts)})")
    return "".join(parts)


PEGGED = f"(?: [{PEGS}]+)?"  # a colour variant's code is followed by its pegs: "0123 🔴🟡🟢🔵"
NUMBER, CODE, SECRET = r"(?P<n>\d+)", rf"(?P<guess>\d+){PEGGED}", rf"(?P<secret>\d+){PEGGED}"
SCORE = text_pattern("score", bulls=r"(?P<bulls>\d)", cows=r"(?P<cows>\d)")  # "1🐂 2🐄"
LIMIT = r"\d+"
TURN_LINES = (  # "#3 0123 → 1🐂 2🐄" or, with an attempt limit, "#3/10 0123 → 1🐂 2🐄"
    re.compile(text_pattern("ref.turn", n=NUMBER, guess=CODE, score=SCORE)),
    re.compile(text_pattern("ref.turn.limit", n=NUMBER, limit=LIMIT, guess=CODE, score=SCORE)),
)
ASK_LINE = re.compile(text_pattern("gue.board.ask", n=NUMBER, guess=CODE))  # "My guess #3: 4567 — bulls and cows?"
WON = re.compile(text_pattern("ref.won", secret=SECRET, n=NUMBER))  # "🎉 1234! You got it in 5 guesses"
WON_IN = {language: re.compile(text_pattern("ref.won", language, secret=SECRET, n=NUMBER)) for language in FORMS}
SOLVED = re.compile(text_pattern("gue.solved", n=NUMBER, secret=r"(?P<secret>\d+)"))  # "Got it in 5 guesses! ..."
CONTRADICTION = "🤔"  # every text naming contradictory answers starts with it


def turn_line(text: str) -> re.Match[str] | None:
    """The referee's latest score line in a text (a board lists every guess: the last one), if there is one."""
    found = [m for p in TURN_LINES for m in p.finditer(text)]
    return max(found, key=lambda m: m.start(), default=None)


def turn_lines(text: str) -> list[re.Match[str]]:
    """Every score line of a referee's board, in order."""
    return sorted((m for p in TURN_LINES for m in p.finditer(text)), key=lambda m: m.start())


def is_board(message: BotMessage) -> bool:
    """Whether a message is a guesser board asking about a guess, with its answer buttons."""
    return bool(ASK_LINE.search(message.text)) and bool(message.keyboard)


def is_scored_or_won(message: BotMessage) -> bool:
    """Whether a message scores a guess or announces the win."""
    return bool(turn_line(message.text) or WON.search(message.text))


def is_won(message: BotMessage) -> bool:
    """Whether a message announces that the user found the secret."""
    return bool(WON.search(message.text))


def a_slip(guess: Code, truth: Score, variant: Variant = PRESETS["classic"]) -> Score:
    """A wrong answer one cow off the truth that some secret could still give to this guess."""
    for slip in (Score(truth.bulls, truth.cows + 1), Score(truth.bulls, truth.cows - 1)):
        try:
            return validate_answer(variant, slip, guess)
        except InvalidAnswer:
            continue
    raise AssertionError(f"no one-cow slip from {truth} for {guess}")


def score_label(answer: Score) -> str:
    """A score as the bot writes it: '1🐂 2🐄'."""
    return plain(EN["score"].format(bulls=answer.bulls, cows=answer.cows))


def answer_button(answer: Score) -> ButtonCheck:
    """A check for the answer button that means this score (callback data 'a:<game>:<revision>:<bulls><cows>')."""
    return ButtonCheck("a", f"{answer.bulls}{answer.cows}")


@dataclass(frozen=True)
class ButtonCheck:
    """Accepts a button whose callback data has this action first and this field last."""

    action: str
    last: str

    def __call__(self, button: Button) -> bool:
        fields = (button.callback_data or "").split(":")
        return fields[0] == self.action and fields[-1] == self.last

    @property
    def __name__(self) -> str:
        return f"button {self.action}:...:{self.last}"


@dataclass
class RefereeGame:
    """The user's side of a game where the bot keeps the secret."""

    user: UserClient
    variant: Variant
    turns: list[Turn] = field(default_factory=list)
    won: BotMessage | None = None
    last: BotMessage | None = None  # the bot's reply to the latest guess (its board)

    def guess(self, code: Code | None = None) -> Score:
        """Send a guess (by default the engine's best) and read its score from the bot's reply."""
        code = next_guess(self.variant, self.turns) if code is None else code
        self.user.send_text(code)
        won = WON_IN.get(self.user.language_code, WON)
        reply = self.user.wait_new(lambda m: bool(turn_line(m.text) or won.search(m.text)))
        self.last = reply
        match = turn_line(reply.text)
        if match is None:  # the bot announced the win without a score line
            answer = Score(self.variant.length, 0)
            assert code in reply.text, f"the bot says I won, but not with {code}: {reply.describe()}"
        else:
            assert match["guess"] == code, f"the bot scored {match['guess']}, not my guess {code}: {reply.describe()}"
            assert int(match["n"]) == len(self.turns) + 1, f"wrong guess number: {reply.describe()}"
            answer = Score(int(match["bulls"]), int(match["cows"]))
        self.turns.append(Turn(code, answer))
        if answer.bulls == self.variant.length:
            self.won = reply if won.search(reply.text) else self.user.wait_new(lambda m: bool(won.search(m.text)))
        return answer

    def play_to_the_end(self) -> BotMessage:
        """Guess until the bot says the code is found; its message comes back."""
        while self.won is None:
            assert len(self.turns) < MAX_TURNS, f"no win after {len(self.turns)} guesses: {self.turns}"
            self.guess()
        return self.won


@dataclass
class GuesserGame:
    """The user's side of a game where the bot guesses the user's secret."""

    user: UserClient
    secret: Code
    board: BotMessage
    asked: list[Turn] = field(default_factory=list)  # the bot's guesses with the answers given

    @property
    def current_guess(self) -> tuple[int, Code]:
        """The number and code of the guess the board asks about now."""
        match = ASK_LINE.search(self.user.current(self.board.message_id).text)
        assert match, f"the board asks nothing: {self.user.current(self.board.message_id).describe()}"
        return int(match["n"]), match["guess"]

    def answer(self, given: Score | None = None) -> BotMessage:
        """Press the button for an answer to the current guess (the true one by default); what the bot shows next.

        That is the board edited to ask the next guess, or a message saying the game is solved or that
        answers contradict each other.
        """
        n, guess = self.current_guess
        truth = score(self.secret, guess)
        given = truth if given is None else given
        self.asked.append(Turn(guess, given))
        self.user.press(self.board, answer_button(given))

        return self.wait_for_next_step(after=n)

    def wait_for_next_step(self, after: int) -> BotMessage:
        """What the bot shows once guess #`after` is answered: the board asking a later guess (which then is
        the board to answer on), or a message saying the game is solved or that answers contradict."""

        def next_step(message: BotMessage) -> bool:
            asking = ASK_LINE.search(message.text)
            moved_on = asking is not None and int(asking["n"]) > after and bool(message.keyboard)
            return moved_on or bool(SOLVED.search(message.text)) or CONTRADICTION in message.text

        shown = self.user.wait_for(next_step)
        if ASK_LINE.search(shown.text):
            self.board = shown
        return shown

    def type_answer(self, given: Score | None = None) -> BotMessage:
        """Type the answer to the current guess ("1 2"), the true one by default; what the bot shows next."""
        n, guess = self.current_guess
        given = score(self.secret, guess) if given is None else given
        self.asked.append(Turn(guess, given))
        self.user.send_text(f"{given.bulls} {given.cows}")
        return self.wait_for_next_step(after=n)

    def play_to_the_end(self, typed: bool = False) -> BotMessage:
        """Answer truthfully (with the buttons, or typed) until the bot names the secret; that message comes back."""
        for _ in range(MAX_TURNS):
            shown = self.type_answer() if typed else self.answer()
            assert CONTRADICTION not in shown.text, f"true answers called contradictory: {shown.describe()}"
            if SOLVED.search(shown.text):
                return shown
        raise AssertionError(f"the bot did not find {self.secret} in {MAX_TURNS} guesses: {self.asked}")

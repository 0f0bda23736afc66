"""Every user-facing string, keyed by language and name; HTML parse mode, escaping done here once."""

from __future__ import annotations

import html
from datetime import timedelta

from engine.scoring import Score
from engine.variant import Variant

DEFAULT_LANGUAGE = "en"


class Html(str):
    """Text that is already valid Telegram HTML: t() does not escape it again."""

    __slots__ = ()


EN: dict[str, str] = {
    # --- everywhere ---
    "welcome": "<b>Bulls and Cows</b> 🐂🐄\nGuess my secret code, or think of one and let me guess it.\n"
    "Game: {variant}.",
    "btn.play": "🎯 I guess",
    "btn.think": "🤖 You guess",
    "btn.settings": "⚙️ Settings",
    "btn.rules": "📖 Rules",
    "help": "<b>Commands</b>\n/play — guess my code (/play 5, /play nozero, /play mastermind)\n"
    "/think — I guess yours\n/hint, /giveup — while you guess\n/undo, /reveal 1234 — while I guess\n"
    "/settings — game, attempts, coaching, hard mode\n/rules — how to play\n/cancel — stop the game",
    "rules": "<b>Rules</b>\nOne player thinks of a code ({variant}); the other guesses.\n"
    "Each guess is answered with <b>bulls</b> 🐂 (right digit, right place) and <b>cows</b> 🐄 "
    "(right digit, wrong place).\nExample: secret <code>1234</code>, guess <code>1243</code> → 2🐂 2🐄.\n"
    "Find the code in as few guesses as you can.",
    "group.soon": "Group games (races and duels) are coming soon. For now, play with me in a private chat{link}.",
    "group.link": ": {url}",
    "unknown_command": "I don't know that command. /help lists them.",
    "no_game": "No game running. /play to guess my code, /think to let me guess yours.",
    "error": "Sorry, something went wrong there. Try again, or /cancel.",
    "stale": "That button belongs to an older board.",
    "variant.invalid": "I don't know the game “{name}”. Try classic, nozero, mastermind or a length 3–6.",
    "confirm.abandon": "You have a game in progress ({progress}). Abandon it and start a new one?",
    "progress.referee": "your guess #{n}",
    "progress.guesser": "my guess #{n}",
    "btn.confirm": "Yes, new game",
    "btn.keep": "No, keep playing",
    "kept": "Carry on!",
    "cancel.done": "Game cancelled.",
    "cancel.secret": "Game cancelled. The secret was <b>{secret}</b>.",
    "cancel.none": "Nothing to cancel.",
    "score": "{bulls}🐂 {cows}🐄",
    "variant.distinct": "a {length}-digit number with distinct digits",
    "variant.distinct_range": "a {length}-digit code with distinct digits 0–{top}",
    "variant.repeats": "a {length}-digit code of digits 0–{top}, repeats allowed",
    "variant.nozero": "{base}, not starting with 0",
    # --- referee: the user guesses ---
    "ref.started": "I've picked a secret: {variant}. Send your guesses!",
    "ref.limit": "You have {limit} attempts.",
    "ref.hard": "Hard mode: I won't settle on a secret until I must.",
    "ref.turn": "#{n} <code>{guess}</code> → {score}",
    "ref.turn.limit": "#{n}/{limit} <code>{guess}</code> → {score}",
    "ref.coach": "{remaining} codes still fit · this guess gained {bits} bits",
    "ref.coach.one": "Only one code fits now · this guess gained {bits} bits",
    "ref.coach.pick": "My pick here: <code>{pick}</code>, expected to learn {more} bits more.",
    "ref.coach.outlook": "From here I'd need {average} more guesses on average.",
    "ref.won": "🎉 <b>{secret}</b>! You got it in {n} guesses, {duration}.",
    "ref.won.hinted": "({hints} hint(s) taken.)",
    "ref.engine": "From your first guess <code>{first}</code> I'd have needed {engine}.",
    "ref.lost": "Out of attempts! The secret was <b>{secret}</b>.",
    "ref.gave_up": "The secret was <b>{secret}</b>. ({n} guesses, {duration}.)",
    "ref.hint": "Hint: digit {position} is <b>{digit}</b> → <code>{pattern}</code>",
    "ref.hint.pinned": "(A hint fixes my secret, so hard mode is over for this game.)",
    "ref.hint.none": "No more hints: work out the last digit yourself!",
    "ref.not_code": "Send a guess like <code>{example}</code>, or /hint, /giveup.",
    "ref.not_referee": "I'm the one guessing in this game: /giveup is for your games. /cancel stops this one.",
    "btn.again": "🔁 Play again",
    "invalid.empty": "Send a code made of digits.",
    "invalid.not_digit": "“{char}” is not a digit.",
    "invalid.wrong_length": "A code has {expected} digits; that one has {got}. It costs nothing, try again.",
    "invalid.out_of_range": "Digits go from 0 to {top}; {digit} is out of range.",
    "invalid.repeated": "The digits must all differ; {digit} appears twice.",
    "invalid.leading_zero": "A code may not start with 0 in this game.",
    # --- guesser: the bot guesses ---
    "gue.started": "Think of a code: {variant}. Keep it to yourself!\n"
    "Answer each guess with the buttons, or type it: <code>1 2</code>, <code>1b2c</code>, <code>2 bulls</code>.",
    "gue.board.title": "<b>My guesses</b>",
    "gue.board.line": "{n}. <code>{guess}</code> → {score}",
    "gue.board.ask": "<b>#{n}: <code>{guess}</code></b> — bulls and cows?",
    "gue.board.fits": "({remaining} codes fit)",
    "gue.solved": "Got it in {n} guesses! Your code is <b>{secret}</b>. 🎉",
    "gue.unreadable": "Answer with bulls and cows, e.g. <code>1 2</code>, <code>1b2c</code> or <code>0 0</code>.",
    "gue.waiting_fix": "Those answers contradict each other: fix one with the buttons, /undo, or /reveal your code.",
    "gue.not_guesser": "You're guessing my code in this game: send a code like <code>{example}</code>.",
    "answer.negative": "Bulls and cows cannot be negative.",
    "answer.too_many": "Bulls and cows add up to at most {length}.",
    "answer.impossible": "{score} cannot happen in this game.",
    "answer.impossible_for_guess": "No code gives {score} for <code>{guess}</code>.",
    "contra.conflict": "🤔 These answers can't all be true: {turns}.",
    "contra.repeated_guess": "🤔 Answers {turns} give the same guess different scores.",
    "contra.impossible_answer": "🤔 No code fits answer {turns} together with the rest.",
    "contra.fixes": "If one was a slip, the likeliest fixes are below. Or /reveal your code to check.",
    "contra.no_fix": "More than one answer must be wrong. Undo, start over, or /reveal your code to check.",
    "btn.fix": "#{n} → {score} ({remaining} fit)",
    "btn.undo": "↩️ Undo",
    "btn.restart": "🔄 Start over",
    "undo.nothing": "Nothing to undo yet.",
    "reveal.usage": "Send your code after the command, e.g. <code>/reveal {example}</code>.",
    "reveal.nothing": "There's no game of mine to check.",
    "reveal.all_right": "All your answers were right for <b>{secret}</b>.",
    "reveal.wrong": "For <b>{secret}</b> these answers were wrong:",
    "reveal.line": "#{n} <code>{guess}</code>: you said {given}, it's {actual}",
    # --- settings ---
    "set.title": "<b>Settings</b> (for your next game)\nGame: {variant}\nAttempts: {limit} · Coaching: {coaching} · "
    "Hard mode: {hard}",
    "set.unlimited": "no limit",
    "set.on": "on",
    "set.off": "off",
    "set.length": "Length {n}",
    "set.repeats": "Repeats: {state}",
    "set.zero": "Leading 0: {state}",
    "set.limit": "Attempts: {limit}",
    "set.coaching": "Coaching: {state}",
    "set.hard": "Hard: {state}",
    "set.done": "✅ Done",
    "set.closed": "Settings saved.",
    "cmd.start": "Welcome and the two ways to play",
    "cmd.play": "Guess my secret code",
    "cmd.think": "Let me guess the code you think of",
    "cmd.hint": "Reveal one digit (while you guess)",
    "cmd.giveup": "Show the secret and end the game",
    "cmd.undo": "Take back your last answer",
    "cmd.reveal": "Tell me your code to check your answers",
    "cmd.settings": "Game variant, attempts, coaching, hard mode",
    "cmd.rules": "How to play",
    "cmd.help": "All commands",
    "cmd.cancel": "Stop the current game",
    "console.intro": "(Console: type a number to press a button; write answers as 1 2 or 1b2c; /quit or Ctrl-D ends.)",
    "dur.seconds": "{s}s",
    "dur.minutes": "{m}m {s}s",
    "dur.hours": "{h}h {m}m",
}

TEXTS: dict[str, dict[str, str]] = {"en": EN}


def t(key: str, language: str = DEFAULT_LANGUAGE, /, **params: object) -> Html:
    """The text for `key` with its parameters HTML-escaped (unless already Html) and filled in."""
    table = TEXTS.get(language, EN)
    template = table.get(key, EN[key])
    safe = {
        name: value if isinstance(value, Html) else html.escape(str(value), quote=False)
        for name, value in params.items()
    }
    return Html(template.format(**safe))


def lines(*parts: Html | None) -> Html:
    """Html parts joined by newlines, skipping the empty ones."""
    return Html("\n".join(part for part in parts if part))


def score_text(answer: Score, language: str = DEFAULT_LANGUAGE) -> Html:
    """A score as '1🐂 2🐄'."""
    return t("score", language, bulls=answer.bulls, cows=answer.cows)


def duration_text(elapsed: timedelta, language: str = DEFAULT_LANGUAGE) -> Html:
    """A duration as '45s', '2m 13s' or '1h 5m'."""
    seconds = max(0, int(elapsed.total_seconds()))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return t("dur.hours", language, h=hours, m=minutes)
    if minutes:
        return t("dur.minutes", language, m=minutes, s=secs)
    return t("dur.seconds", language, s=secs)


def variant_text(variant: Variant, language: str = DEFAULT_LANGUAGE) -> Html:
    """The variant in words: 'a 4-digit number with distinct digits'."""
    top = variant.symbols - 1
    if variant.repeats:
        base = t("variant.repeats", language, length=variant.length, top=top)
    elif variant.symbols == 10:
        base = t("variant.distinct", language, length=variant.length)
    else:
        base = t("variant.distinct_range", language, length=variant.length, top=top)
    return base if variant.leading_zero else t("variant.nozero", language, base=base)


def plain(text: str) -> str:
    """HTML text as plain text for the console: tags dropped, entities decoded."""
    import re

    return html.unescape(re.sub(r"<[^>]+>", "", text))

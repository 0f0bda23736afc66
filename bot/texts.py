"""Every user-facing string, keyed by language and name; HTML parse mode, escaping done here once."""

from __future__ import annotations

import html
from datetime import timedelta
from typing import Protocol

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
    "/settings — game, attempts, coaching, hard mode\n/rules — how to play\n/cancel — stop the game\n"
    "/daily — today's challenge · /stats — your record · /top — leaderboard (/top global)\n"
    "/versus — you and I race to find each other's code\n"
    "In groups: /challenge (a race), /duel (one on one), /g 1234 to guess",
    "rules": "<b>Rules</b>\nOne player thinks of a code ({variant}); the other guesses.\n"
    "Each guess is answered with <b>bulls</b> 🐂 (right digit, right place) and <b>cows</b> 🐄 "
    "(right digit, wrong place).\nExample: secret <code>1234</code>, guess <code>1243</code> → 2🐂 2🐄.\n"
    "Find the code in as few guesses as you can.",
    "group.soon": "In a group: /challenge starts a race, /duel a duel. Solo games are in a private chat{link}.",
    "group.link": ": {url}",
    "unknown_command": "I don't know that command. /help lists them.",
    "no_game": "No game running. /play to guess my code, /think to let me guess yours.",
    "error": "Sorry, something went wrong there. Try again, or /cancel.",
    "stale": "That button belongs to an older board.",
    "flood": "Easy there! I'm still working through your last messages. Try again in a few seconds.",
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
    "ref.won.one": "🎉 <b>{secret}</b>! You got it in 1 guess, {duration}.",
    "ref.won.hinted": "({hints} hint(s) taken.)",
    "ref.engine": "From your first guess <code>{first}</code> I'd have needed {engine}.",
    "ref.lost": "Out of attempts! The secret was <b>{secret}</b>.",
    "ref.gave_up": "The secret was <b>{secret}</b>. ({n} guesses, {duration}.)",
    "ref.gave_up.one": "The secret was <b>{secret}</b>. (1 guess, {duration}.)",
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
    "guess.again": "You already tried <code>{guess}</code>: {bulls}🐂 {cows}🐄. That one is free; try another code.",
    "invalid.repeated": "The digits must all differ; {digit} appears twice.",
    "invalid.leading_zero": "A code may not start with 0 in this game.",
    # --- guesser: the bot guesses ---
    "gue.started": "Think of a code: {variant}. Keep it to yourself!\n"
    "Answer each guess with the buttons, or type it: <code>1 2</code>, <code>1b2c</code>, <code>2 bulls</code>.",
    "gue.board.title": "<b>My guesses</b>",
    "gue.board.line": "{n}. <code>{guess}</code> → {score}",
    "gue.board.ask": "<b>#{n}: <code>{guess}</code></b> — bulls and cows?",
    "gue.board.fits": "({remaining} codes fit)",
    "gue.board.closed": "<i>Game ended.</i>",
    "gue.solved": "Got it in {n} guesses! Your code is <b>{secret}</b>. 🎉",
    "gue.solved.one": "Got it in 1 guess! Your code is <b>{secret}</b>. 🎉",
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
    # --- playing together: group race, duel, versus the bot ---
    "race.started": "🏁 <b>Race!</b> I've picked a secret: {variant}. First to find it wins.\n"
    "Guess with <code>/g {example}</code> or reply to this message with a code.",
    "race.limit": "⏱ {duration} to find it.",
    "race.turn": "{name} #{n} <code>{guess}</code> → {score}",
    "race.won": "🏆 {name} found <b>{secret}</b> in {n} guesses!",
    "race.won.one": "🏆 {name} found <b>{secret}</b> in 1 guess!",
    "race.expired": "⏰ Time's up! Nobody found <b>{secret}</b>.",
    "race.stopped": "Race stopped. The secret was <b>{secret}</b>.",
    "race.stop_refused": "Only the player who started it or a group admin can stop it.",
    "race.too_late": "Too late: the race is over.",
    "rank.solved": "{place}. {name}: solved in {n}",
    "rank.tried": "{place}. {name}: {n} guesses",
    "rank.tried.one": "{place}. {name}: 1 guess",
    "rank.more": "…and {n} more",
    "match.already.race": "A race is on here: guess with <code>/g {example}</code>, or /stop it.",
    "match.already.duel": "A duel is on here; /stop ends it (its starter or an admin).",
    "match.none": "Nothing to play here yet: /challenge starts a race, /duel a duel.",
    "match.options": "I don't understand “{word}”. "
    "Try <code>/challenge 5</code> or <code>/challenge mastermind 10m</code>.",
    "match.guess_usage": "Send a code after /g, e.g. <code>/g {example}</code>.",
    "match.stale": "That button is out of date.",
    "match.group_only": "Races and duels are played in groups: add me to one and send /challenge or /duel there.",
    "race.no_resign": "In a race, just stop guessing; /stop ends it (its starter or an admin).",
    "duel.invite": "⚔️ {challenger} challenges {invited} to a duel: {variant}, {turn} per move.",
    "duel.invite.open": "⚔️ {challenger} wants a duel: {variant}, {turn} per move. Who's in?",
    "btn.accept": "✅ Accept",
    "btn.decline": "✖️ Decline",
    "btn.secret": "🔒 Set my secret",
    "duel.opponent": "your opponent",  # a player the duel cannot name
    "duel.options": "I don't understand “{word}”. Try <code>/duel 5</code> or <code>/duel mastermind 2m</code>.",
    "duel.not_you": "This duel is for {name}.",
    "duel.own": "You can't accept your own duel.",
    "duel.not_player": "Only the two players can do that.",
    "duel.declined": "Duel off: {name} declined.",
    "duel.accepted": "⚔️ {a} vs {b}: {variant}.\nEach of you: set your secret in a private chat with me "
    "(button below). It is never shown here.",
    "duel.secret.ask": "Your secret for the duel with {opponent}: {variant}. Send it here; only you and I see it.",
    "duel.secret.set": "🔒 Your secret is <b>{secret}</b>. Back to the group: {opponent} will try to find it.",
    "duel.secret.group": "🔒 {name} has set a secret.",
    "duel.secret.already": "You've already set your secret for this duel.",
    "duel.secret.none": "That duel is not waiting for your secret.",
    "duel.secret.over": "That duel is over: it was stopped or ran out of time before it began.",
    "duel.begin": "Both secrets are set. {name} moves first: <code>/g {example}</code> or reply with a code. "
    "{turn} per move.",
    "duel.turn": "{name} #{n} <code>{guess}</code> → {score} · {next} to move",
    "duel.mask": "•",  # one per digit of a solving guess shown in the group before the duel is over
    "duel.last_chance": "{name} found it in {n}! {other}: one last guess to draw.",
    "duel.not_your_turn": "It's {name}'s turn.",
    "duel.not_started": "The duel starts once both secrets are set.",
    "duel.won": "🏆 {winner} wins the duel, finding {loser}'s secret in {n} guesses.",
    "duel.won.one": "🏆 {winner} wins the duel, finding {loser}'s secret in 1 guess.",
    "duel.draw": "🤝 A draw: {a} and {b} both found it in {n} guesses.",
    "duel.draw.one": "🤝 A draw: {a} and {b} both found it in 1 guess.",
    "duel.forfeit": "⏰ {loser} did not move within {turn} and forfeits. {winner} wins.",
    "duel.resigned": "🏳️ {loser} resigns. {winner} wins.",
    "duel.expired": "⏰ The duel between {a} and {b} did not start in time and is off.",
    "duel.invite_expired": "⏰ Nobody took up the duel.",
    "duel.stopped": "Duel stopped.",
    "duel.reveal": "The duel is over. {opponent}'s secret was <b>{secret}</b>.",
    "vs.started": "🤖 <b>You vs me</b>: {variant}. I've picked my code; think of yours and keep it to yourself. "
    "First to find the other's wins (with equal turns).\nYou go first: send a guess.",
    "vs.your_guess": "You #{n} <code>{guess}</code> → {score}",
    "vs.ask": "My guess #{n}: <code>{guess}</code> — bulls and cows?",
    "vs.ask.last": "You found it in {n}! My last chance to draw, #{m}: <code>{guess}</code> — bulls and cows?",
    "vs.bot_turn": "Me #{n} <code>{guess}</code> → {score}",
    "vs.your_turn": "Your turn: send a guess.",
    "vs.answer_first": "First answer my guess <code>{guess}</code> with bulls and cows.",
    "vs.guess_first": "Your turn to guess: send a code like <code>{example}</code>.",
    "vs.won": "🎉 You win! You found <b>{secret}</b> in {n} guesses.",
    "vs.won.one": "🎉 You win! You found <b>{secret}</b> in 1 guess.",
    "vs.lost": "🤖 I win: your code is <b>{code}</b>, found in {n}. Mine was <b>{secret}</b>.",
    "vs.draw": "🤝 A draw: we both needed {n}. My code was <b>{secret}</b>.",
    "vs.resigned": "🏳️ You resign. My code was <b>{secret}</b>.",
    "vs.contradiction": "🤔 That can't be right together with your earlier answers ({turns}). "
    "Check it and answer again, or /resign.",
    "vs.fixes": "If one was a slip, the likeliest fixes are below.",
    "vs.options": "I don't understand “{word}”. Try <code>/versus 5</code> or <code>/versus mastermind</code>.",
    "vs.busy": "Finish or /cancel your current game first.",
    "vs.running": "You're playing versus me: send your move, or /resign first to start something else.",
    "vs.none": "No versus game running: /versus starts one.",
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
    "cmd.challenge": "Start a race in this group (/challenge 5 10m)",
    "cmd.g": "Guess in a race or duel: /g 1234",
    "cmd.duel": "Challenge someone to a duel (reply to their message)",
    "cmd.stop": "Stop the race or duel (its starter or an admin)",
    "cmd.resign": "Give up your duel or versus game",
    "cmd.versus": "You and I race to find each other's code",
    # --- leaderboards, stats, daily challenge ---
    "cmd.top": "Leaderboard: fewest guesses (/top global: all chats)",
    "cmd.stats": "Your games, wins, streaks and best",
    "cmd.daily": "Today's challenge: one secret for everyone",
    "top.title": "🏆 <b>Top · {scope}</b> · {variant} · {period}",
    "top.chat": "this chat",
    "top.global": "all chats",
    "top.week": "last 7 days",
    "top.all": "all time",
    "top.line": "{place} {name} — best <b>{best}</b> · avg {average} · {solved} solved",
    "top.name": "{name}",
    "top.someone": "player {id}",
    "top.empty": "No clean solves here yet. Win a game without hints to get on the board.",
    "top.note": "<i>Fewest guesses, then the average, then who got there first. Hinted wins and give-ups "
    "count in /stats, not here.</i>",
    "top.btn.week": "Last 7 days",
    "top.btn.all": "All time",
    "stats.title": "📊 <b>{name}</b> · {variant}",
    "stats.none": "No games in this variant yet. /play to start one.",
    "stats.games": "Games {games} · won {wins} · clean solves {clean}",
    "stats.best": "Best <b>{best}</b> · average {average} guesses",
    "stats.streak": "Streak {current} · best streak {best}",
    "stats.bars": "<pre>{bars}</pre>",
    "stats.bot": "You also set {games} code(s) for me to guess.",
    "stats.bot.average": "You also set {games} code(s) for me to guess; I needed {average} guesses on average.",
    "stats.note": "<i>Clean solve: won without hints. A streak is clean solves in a row; a hint, give-up, loss or "
    "abandoned game ends it.</i>",
    "stats.foreign": "Those are someone else's stats: send /stats for yours.",
    "daily.started": "📅 <b>Daily challenge {day}</b>\nThe same secret for everyone today: {variant}. "
    "One attempt, no coaching; fewest guesses wins, then time. Send your first guess!",
    "daily.running": "Your daily challenge is on ({n} guesses so far): send your next guess.",
    "daily.running.one": "Your daily challenge is on (1 guess so far): send your next guess.",
    "daily.busy": "Finish this game or /cancel it first, then send /daily again.",
    "daily.private": "📅 The daily challenge is played in a private chat with me: one secret for everyone, "
    "one attempt each.",
    "daily.btn.open": "📅 Play today's challenge",
    "daily.share.won": "🐂 Bulls &amp; Cows daily {day} — solved in {n} · {duration}",
    "daily.share.gave_up": "🐂 Bulls &amp; Cows daily {day} — gave up after {n} 🏳️",
    "daily.share.unfinished": "🐂 Bulls &amp; Cows daily {day} — stopped after {n}",
    "daily.share.hints": "💡 with {hints} hint(s)",
    "daily.share.link": "{link}",
    "daily.again": "You've played today's challenge; the next one starts at 00:00 UTC. Your result:",
    "daily.btn.top": "🏆 Today's top",
    "daily.btn.refresh": "🔄 Refresh",
    "daily.top.title": "🏆 <b>Daily challenge {day}</b>",
    "daily.top.line": "{place} {name} — {n} guesses · {duration}",
    "daily.top.line.one": "{place} {name} — 1 guess · {duration}",
    "daily.top.empty": "Nobody has solved today's challenge without hints yet.",
    "console.intro": "(Console: type a number to press a button; write answers as 1 2 or 1b2c; /quit or Ctrl-D ends.)",
    "dur.seconds": "{s}s",
    "dur.minutes": "{m}m {s}s",
    "dur.hours": "{h}h {m}m",
}

TEXTS: dict[str, dict[str, str]] = {"en": EN}


def t(key: str, language: str = DEFAULT_LANGUAGE, /, **params: object) -> Html:
    """The text for `key` (its `.one` form when n == 1) with its parameters HTML-escaped (unless Html) and filled in."""
    table = TEXTS.get(language, EN)
    if params.get("n") == 1 and f"{key}.one" in EN:  # the singular form, where a text has one
        key = f"{key}.one"
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


def example(variant: Variant) -> str:
    """A code of the variant to show in examples ('1234'), without building the variant's code table."""
    return "".join(str((i + 1) % variant.symbols) for i in range(variant.length))


class Named(Protocol):
    """A player: who (by user id) and the name shown."""

    @property
    def user_id(self) -> int: ...
    @property
    def name(self) -> str: ...


def mention(player: Named) -> Html:
    """The player's name as a link that notifies them (the name escaped once, here)."""
    return Html(f'<a href="tg://user?id={player.user_id}">{html.escape(player.name, quote=False)}</a>')

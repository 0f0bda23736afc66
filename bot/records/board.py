"""Replies for leaderboards (/top) and player stats (/stats): ranked lines, text bars, switch buttons."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot import callback_data as cb
from bot.days import DayStreak
from bot.i18n import SOURCE_LANGUAGE
from bot.records.model import Place
from bot.records.stats import Leaderboard, Period, Placing, PlayerStats, Streaks
from bot.replies import Button, Keyboard, Outcome, Reply
from bot.texts import Html, decimal_text, lines, t, variant_name
from engine.variant import InvalidVariant, variant_named

BAR = "▇"
BAR_WIDTH = 12
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
MAX_VARIANT_BUTTONS = 6
SPARKS = "▁▂▃▄▅▆▇█"
TREND_SHOWN = 20  # reviewed games /stats's sparkline shows: one line on a phone
TREND_LEAST = 2  # fewer reviewed games make no trend


def bars(distribution: dict[int, int], width: int = BAR_WIDTH) -> list[str]:
    """A text bar per guess count from the fewest to the most guesses: '4 ▇▇▇▇▇ 12' (gaps shown as 0)."""
    if not distribution:
        return []
    top = max(distribution.values())
    pad = len(str(max(distribution)))
    rows = []
    for guesses in range(min(distribution), max(distribution) + 1):
        count = distribution.get(guesses, 0)
        size = max(1, round(count * width / top)) if count else 0
        rows.append(f"{guesses:>{pad}} {BAR * size}{' ' if size else ''}{count}".rstrip())
    return rows


def sparkline(values: Sequence[float]) -> str:
    """The values as one line of block characters, oldest first: the lowest ▁, the highest █, the rest between in
    proportion (all alike: a flat line in the middle)."""
    if not values:
        return ""
    low, high = min(values), max(values)
    if high - low < 1e-9:
        return SPARKS[len(SPARKS) // 2 - 1] * len(values)
    top = len(SPARKS) - 1
    return "".join(SPARKS[round((value - low) / (high - low) * top)] for value in values)


def accuracy_trend(language: str, accuracy: Sequence[float]) -> Html | None:
    """/stats's accuracy trend: the player's last reviewed games' accuracy as a sparkline, with the latest; None
    with fewer than two reviewed games."""
    shown = list(accuracy)[-TREND_SHOWN:]
    if len(shown) < TREND_LEAST:
        return None
    return t("stats.trend", language, n=len(shown), spark=sparkline(shown), last=decimal_text(shown[-1], 1, language))


def display_name(language: str, name: str | None, user_id: int) -> Html:
    """A player's name as shown (escaped), or a stand-in when the name is not known."""
    return t("top.name", language, name=name) if name else t("top.someone", language, id=user_id)


def variant_label(name: str, language: str = SOURCE_LANGUAGE) -> str:
    """A variant's name for buttons and titles ('4 digits, no repeats'), from its stored key ('classic'); an
    unknown key is shown as it is."""
    try:
        return variant_name(variant_named(name), language)
    except InvalidVariant:
        return name


def _line(language: str, ranked: Placing) -> Html:
    s = ranked.standing
    return t(
        "top.line",
        language,
        place=MEDALS.get(ranked.place, f"{ranked.place}."),
        name=display_name(language, ranked.name, s.user_id),
        best=s.best,
        average=decimal_text(s.average, 1, language),
        solved=s.solved,
    )


def where_you_stand(language: str, place: int, total: int, detail: Html) -> Html:
    """The line for a player below the rows shown: 'You are #12 of 40 (best 5, average 5.60)'; `detail` says
    what the board ranks by (best_and_average here)."""
    return t("top.you", language, place=place, total=total, detail=detail)


def best_and_average(language: str, best: int, average: float) -> Html:
    """A player's best solve and average, for where_you_stand."""
    return t("top.you.best", language, best=best, average=decimal_text(average, 1, language))


# The callback letter of each period: tp:<c|g>:<letter>:<variant>
PERIOD_LETTERS: dict[Period, str] = {Period.TODAY: "d", Period.WEEK: "w", Period.MONTH: "m", Period.ALL: "a"}


def top_data(global_: bool, period: Period, variant: str) -> str:
    """The callback data of a leaderboard view."""
    return cb.encode(cb.TOP, cb.EVERY_CHAT if global_ else cb.THIS_CHAT, PERIOD_LETTERS[period], variant)


def leaderboard(language: str, board: Leaderboard, edit: bool = False, in_group: bool = False) -> Outcome:
    """A leaderboard with buttons for the other periods, (in a group) this chat or all chats, and the other
    variants; edits the pressed message."""
    scope = t("top.global" if board.global_ else "top.chat", language)
    period = t(f"top.{board.period}", language)
    title = t("top.title", language, scope=scope, variant=variant_label(board.variant, language), period=period)
    body = lines(*(_line(language, r) for r in board.lines)) if board.lines else t("top.empty", language)
    periods = tuple(
        Button(marked(t(f"top.btn.{p}", language), p == board.period), top_data(board.global_, p, board.variant))
        for p in Period
    )
    scopes = scope_buttons(language, board.global_, lambda g: top_data(g, board.period, board.variant))
    variants = [
        (variant_label(v, language), top_data(board.global_, board.period, v), v == board.variant)
        for v in board.variants
    ]
    rating = Button(
        t("top.btn.rating", language),
        cb.encode(cb.RATING, cb.EVERY_CHAT if board.global_ else cb.THIS_CHAT, board.variant),
    )
    keyboard: Keyboard = (
        periods,
        *((scopes,) if in_group else ()),
        *_variant_rows(variants),
        (rating, note_button("top")),
    )
    text = lines(title, body, _your_place(language, board.you))
    return Outcome.say(Reply(text, keyboard, edit_origin=edit))


def note_button(topic: str) -> Button:
    """The "?" button under a board: what it counts and ranks, in a message of its own (hp:<topic>)."""
    return Button("❓", cb.encode(cb.NOTE, topic))


def scope_buttons(language: str, global_: bool, data: Callable[[bool], str]) -> tuple[Button, ...]:
    """The 'This chat' and 'All chats' switches of a board in a group; `data` gives each one's callback data."""
    return tuple(
        Button(marked(t(key, language), g == global_), data(g))
        for key, g in (("top.btn.chat", False), ("top.btn.global", True))
    )


def _your_place(language: str, you: Place | None) -> Html | None:
    if you is None:
        return None
    return where_you_stand(
        language, you.place, you.total, best_and_average(language, you.standing.best, you.standing.average)
    )


def marked(label: str, current: bool) -> str:
    """A switch button's label, marked '• label •' when it is the view shown."""
    return f"• {label} •" if current else label


def _variant_rows(options: list[tuple[str, str, bool]]) -> Keyboard:
    if len(options) < 2:
        return ()
    buttons = [Button(marked(label, current), data) for label, data, current in options[:MAX_VARIANT_BUTTONS]]
    return tuple(tuple(buttons[i : i + 2]) for i in range(0, len(buttons), 2))  # names are long: two a row


def stats(
    language: str,
    record: PlayerStats,
    name: str | None,
    edit: bool = False,
    rating: Html | None = None,
    days: DayStreak | None = None,
    achievements: Html | None = None,
    puzzles: Html | None = None,
    trend: Html | None = None,
) -> Outcome:
    """A player's stats in one variant, with the distribution as text bars and buttons for other variants; the
    `rating` line (bot/records/rankings.py), the `puzzles` rating line (bot/puzzles), the daily streak and the
    `achievements` (bot/achievements/lines.py) under them, the `trend` of the accuracy of the reviewed games after the
    distribution (`accuracy_trend`); "?" says what each word counts."""
    title = stats_title(language, record, name)
    if record.games == 0 and record.bot_games == 0:
        body = t("stats.none", language)
    else:
        body = lines(
            summary(language, record),
            t("stats.bars", language, bars="\n".join(bars(record.distribution))) if record.distribution else None,
            _bot_line(language, record),
        )
    body = lines(body, trend)
    keyboard = _variant_rows(
        [
            (variant_label(v, language), cb.encode(cb.STATS, record.user_id, v), v == record.variant)
            for v in (record.variants if record.variant in record.variants else (record.variant, *record.variants))
        ]
    )
    text = lines(title, body, rating, puzzles, daily_streak(language, days), achievements)
    return Outcome.say(Reply(text, (*keyboard, (note_button("stats"),)), edit_origin=edit))


def daily_streak(language: str, days: DayStreak | None) -> Html | None:
    """'📅 Daily challenge: 3 days in a row · best 5' once the player has solved a daily."""
    if days is None or days.best == 0:
        return None
    return t("stats.daily", language, current=days.current, best=days.best)


def streaks(
    language: str,
    user_id: int,
    name: str | None,
    variant: str,
    days: DayStreak,
    wins: Streaks,
    puzzles: Html | None = None,
) -> Outcome:
    """/streak: whose, the daily challenge's days in a row, and the clean wins in a row in a variant (each with the
    best run; a line that says how to begin one when there is none yet), then the `puzzles` line (the puzzle of the
    day's days in a row, bot/puzzles)."""
    shown = variant_label(variant, language)
    return Outcome.text(
        lines(
            t("streak.title", language, name=display_name(language, name, user_id)),
            t("streak.days", language, n=days.current, best=days.best)
            if days.best
            else t("streak.days.none", language),
            t("streak.wins", language, variant=shown, n=wins.current, best=wins.best)
            if wins.best
            else t("streak.wins.none", language, variant=shown),
            puzzles,
        )
    )


def stats_title(language: str, record: PlayerStats, name: str | None) -> Html:
    """'📊 Ann · classic': whose stats, in which variant."""
    return t(
        "stats.title",
        language,
        name=display_name(language, name, record.user_id),
        variant=variant_label(record.variant, language),
    )


def summary(language: str, record: PlayerStats) -> Html:
    """Games, wins and clean solves; the best and average solve (once there is one); the streaks."""
    return lines(*summary_lines(language, record))


def summary_lines(language: str, record: PlayerStats) -> tuple[Html, ...]:
    """The summary (see `summary`), a line each."""
    best = (
        t("stats.best", language, best=record.best, average=decimal_text(record.average, 1, language))
        if record.best is not None and record.average is not None
        else None
    )
    return tuple(
        line
        for line in (
            t("stats.games", language, games=record.games, wins=record.wins, clean=record.clean),
            best,
            t("stats.streak", language, current=record.streaks.current, best=record.streaks.best),
        )
        if line
    )


def _bot_line(language: str, record: PlayerStats) -> Html | None:
    if not record.bot_games:
        return None
    if record.bot_average is None:
        return t("stats.bot", language, games=record.bot_games)
    average = decimal_text(record.bot_average, 1, language)
    return t("stats.bot.average", language, games=record.bot_games, average=average)

"""/streak: the player's days in a row solving the daily challenge, clean wins in a row and days in a row solving the
puzzle of the day, in any chat, through the whole Application."""

from bot.texts import t
from tests.bot.fakes import USER, Clock, telegram_app
from tests.bot.members import GROUP, Chat, Member, sent


async def secret_of(app, chat_id: int = USER) -> str:
    return (await app.bot_data.runtime.core.deps.store.games.active_game(chat_id)).secret


async def win(chat, app, command: str = "/play") -> None:
    """Start a game with `command` and win it at once, without a hint."""
    await chat.send(command)
    await chat.send(await secret_of(app, chat.chat_id))


async def streak_lines(chat, args: str = "") -> list[str]:
    [reply] = sent(await chat.send(f"/streak {args}".strip()))
    return reply.text.split("\n")


async def test_a_new_player_is_told_how_each_streak_begins(chat):
    assert await streak_lines(chat) == [
        "🔥 <b>Ann</b> · streaks",
        "📅 Daily challenge: no day solved yet. /daily plays today's.",
        "🎯 No clean win yet in 4 digits, no repeats: /play, and win it without a hint.",
        "🧩 Puzzle of the day: no day solved yet. /puzzle daily shows today's.",
    ]


async def test_clean_wins_count_in_a_row_until_a_game_is_lost_or_hinted(chat, app):
    await win(chat, app)
    await win(chat, app)
    assert (await streak_lines(chat))[2] == "🎯 Clean wins in a row, 4 digits, no repeats: 2 · best 2"
    await chat.send("/play")
    await chat.send("/hint")
    await chat.send(await secret_of(app))  # a win with a hint: not clean, the run is over
    assert (await streak_lines(chat))[2] == "🎯 Clean wins in a row, 4 digits, no repeats: 0 · best 2"
    await win(chat, app)
    assert (await streak_lines(chat))[2] == "🎯 Clean wins in a row, 4 digits, no repeats: 1 · best 2"


async def test_daily_days_in_a_row_run_across_midnight_and_a_missed_day_ends_them(tmp_path):
    clock = Clock()
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        chat = Chat(app, request)
        for day in range(3):
            await win(chat, app, "/daily")
            clock.advance(24 * 3600)
            if day == 0:
                assert (await streak_lines(chat))[1] == "📅 Daily challenge: 1 day in a row · best 1"
        assert (await streak_lines(chat))[1] == "📅 Daily challenge: 3 days in a row · best 3"
        clock.advance(24 * 3600)  # a day without the daily: the run is broken, its best is kept
        assert (await streak_lines(chat))[1] == "📅 Daily challenge: 0 days in a row · best 3"


async def test_a_named_variant_is_counted_on_its_own_and_a_wrong_name_is_refused(chat, app):
    await win(chat, app)
    lines = await streak_lines(chat, "mastermind")
    assert lines[2].startswith("🎯 No clean win yet in Mastermind")
    [refused] = sent(await chat.send("/streak frobnicate"))
    assert refused.text == t("variant.invalid", name="frobnicate", names="classic, nozero, mastermind")


async def test_in_a_group_it_shows_the_askers_streaks_in_the_groups_language(app, recorded):
    anya = Member(app, recorded, 11, "Аня", language_code="ru")
    await anya.send("/start")  # the group speaks the language of whoever first used the bot there
    await win(anya.in_private(), app, "/daily")
    [reply] = sent(await Member(app, recorded, 11, "Аня").send("/streak"), GROUP)
    assert reply.text.split("\n") == [
        "🔥 <b>Аня</b> · серии",
        "📅 Код дня: 1 день подряд · рекорд 1",
        "🎯 Победы без подсказок подряд (4 цифры без повторов): 1 · рекорд 1",
        "🧩 Головоломка дня: пока ни одного решённого дня. Сегодняшняя — по команде /puzzle сегодня.",
    ]


async def test_streak_is_in_both_menus_next_to_stats():
    from bot.register import GROUP_MENU, PRIVATE_MENU

    for menu in (PRIVATE_MENU, GROUP_MENU):
        assert menu[menu.index("stats") + 1] == "streak"


async def test_the_puzzle_of_the_days_run_is_there_in_both_languages(tmp_path):
    from bot.days import day_of
    from bot.puzzles import service as puzzles

    clock = Clock()
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        deps = app.bot_data.runtime.core.deps
        ann, anya = Chat(app, request), Member(app, request, 11, "Аня", language_code="ru").in_private()
        for day in range(2):
            solution = (await puzzles.day_puzzle(deps, day_of(deps.clock()))).solution
            for player in (ann, anya):
                await player.send("/puzzle daily")
                await player.send(solution)
            if day == 0:
                clock.advance(24 * 3600)
        assert (await streak_lines(ann))[3] == "🧩 Puzzle of the day: 2 days in a row · best 2"
        assert (await streak_lines(anya))[3] == "🧩 Головоломка дня: 2 дня подряд · рекорд 2"
        clock.advance(2 * 24 * 3600)  # a day missed: the run is over, its best kept
        assert (await streak_lines(ann))[3] == "🧩 Puzzle of the day: 0 days in a row · best 2"

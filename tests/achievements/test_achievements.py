"""Achievements through the whole Application: each awarded at its edge and not below it, exactly once (a second feat,
a redelivered update), announced once where it belongs and in the player's language, and shown in /stats with how
rare it is."""

from bot.achievements import rules
from bot.achievements import service as achievements
from bot.achievements.model import Award
from bot.achievements.rules import Achievement
from bot.achievements.store import SqliteAchievementRepository
from bot.events import DayPuzzleSolved, Events, PuzzleRated, ReviewShown
from bot.games.model import Mode
from bot.store.db import open_database
from bot.store.migrations import migrate
from bot.texts import plain, t
from engine.play import play
from engine.scoring import score
from engine.variant import PRESETS
from tests.bot.fakes import EPOCH, UPDATE_IDS, Clock, telegram_app
from tests.bot.members import GROUP, Member, sent
from tests.versus.test_versus import MINE, answer_truly, asked, button, label, versus_of, wrong_codes

WRONG = ("0123", "4567", "8901", "2345", "6789", "1357", "2468")


def deps_of(app):
    return app.bot_data.runtime.core.deps


async def win_in(member: Member, app, guesses: int, command: str = "/play"):
    """Start a game with `command` in the member's private chat and win it on guess number `guesses`; the messages of
    the winning guess come back."""
    await member.send(command)
    secret = (await deps_of(app).store.games.active_game(member.chat_id)).secret
    for code in [c for c in WRONG if c != secret][: guesses - 1]:
        await member.send(code)
    return sent(await member.send(secret), member.chat_id)


def line_of(text: str, name: str) -> str:
    """The line of a message that names the achievement."""
    [line] = [line for line in text.split("\n") if name in line]
    return line


async def held(app, user_id: int) -> set[Achievement]:
    return set(await deps_of(app).store.repository(SqliteAchievementRepository).held(user_id))


async def counted(app) -> tuple[dict[str, int], int]:
    """The holders and players as the tables say, counted the slow way (the kept counts must agree)."""
    conn = deps_of(app).store.conn
    rows = await conn.execute_fetchall("SELECT achievement, count(*) FROM achievements GROUP BY achievement")
    players = await conn.execute_fetchall(
        "SELECT count(*) FROM (SELECT user_id FROM game_results WHERE mode IN"
        " ('referee', 'race', 'duel', 'versus', 'daily') UNION SELECT user_id FROM achievements) WHERE user_id > 0"
    )
    return {r[0]: r[1] for r in rows}, players[0][0]


async def test_a_classic_solved_in_four_is_announced_once_and_in_five_is_not(app, recorded):
    four = Member(app, recorded, 11, "Ann", chat_id=11)
    five = Member(app, recorded, 22, "Bob", chat_id=22)
    *_, earned = await win_in(four, app, 4)
    assert earned.text == (
        "🏅 New achievement: <b>Classic in four</b>, a classic game (4 digits, no repeats) solved in 4 guesses or"
        " fewer, without a hint. It is held by 100% of players."
    )
    replies = await win_in(five, app, 5)
    assert not any("achievement" in r.text for r in replies)
    assert await held(app, 11) == {Achievement.CLASSIC_IN_FOUR}
    assert await held(app, 22) == set()
    again = await win_in(four, app, 2)  # a second feat: held already, nothing to announce
    assert not any("achievement" in r.text for r in again)
    assert await counted(app) == ({"classic_in_four": 1}, 2)


async def test_rarity_counts_players_not_their_games_in_both_languages(app, recorded):
    ann = Member(app, recorded, 11, "Ann", chat_id=11)
    boris = Member(app, recorded, 22, "Борис", chat_id=22, language_code="ru")
    *_, earned = await win_in(ann, app, 3)
    assert earned.text.endswith("It is held by 100% of players.")
    await win_in(ann, app, 6)  # more games of the same player: still one player
    await win_in(ann, app, 5)
    [stats] = sent(await ann.send("/stats"))
    assert "held by 100% of players" in line_of(stats.text, "Classic in four")
    await win_in(boris, app, 6)
    await win_in(boris, app, 6)
    [stats] = sent(await boris.send("/stats"))
    assert "есть у 50% игроков" in line_of(stats.text, "Классика за четыре хода")
    assert await counted(app) == ({"classic_in_four": 1}, 2)
    rare = await achievements.rarities(deps_of(app))
    assert (rare[Achievement.CLASSIC_IN_FOUR].holders, rare[Achievement.CLASSIC_IN_FOUR].players) == (1, 2)


async def test_a_hinted_classic_in_four_earns_nothing_nor_does_another_variant(app, recorded):
    ann = Member(app, recorded, 11, "Ann", chat_id=11)
    await ann.send("/play")
    await ann.send("/hint")
    secret = (await deps_of(app).store.games.active_game(11)).secret
    replies = sent(await ann.send(secret))
    assert not any("achievement" in r.text for r in replies)
    replies = await win_in(ann, app, 2, "/play nozero")
    assert not any("achievement" in r.text for r in replies)
    assert await held(app, 11) == set()


async def test_a_redelivered_winning_update_awards_and_announces_once(app, recorded):
    ann = Member(app, recorded, 11, "Ann", chat_id=11)
    await ann.send("/play")
    secret = (await deps_of(app).store.games.active_game(11)).secret
    update = {"update_id": next(UPDATE_IDS), "message": ann.message(secret)}
    first = sent(await ann.process(update))
    second = sent(await ann.process(update))  # Telegram sends it again (our answer was lost)
    assert [r.text.startswith("🏅 New achievement") for r in first] == [False, True]
    assert second == []
    assert await counted(app) == ({"classic_in_four": 1}, 1)


async def race_won(app, recorded, players: int) -> list:
    """A race in the group: `players` − 1 others guess wrong once, then the first player finds the code; the
    group's messages of the winning guess come back."""
    members = [Member(app, recorded, 100 + i, f"P{i}") for i in range(players)]
    await members[0].send("/challenge 5")
    match = await deps_of(app).store.matches.active_match(GROUP)
    wrong = "01234" if match.secret != "01234" else "56789"
    for other in members[1:]:
        await other.send(f"/g {wrong}")
    return sent(await members[0].send(f"/g {match.secret}"), GROUP)


async def test_a_race_won_against_five_is_announced_in_the_group(app, recorded):
    won, earned = await race_won(app, recorded, 6)
    assert "P0 found" in won.text
    assert earned.text == (
        "🏅 P0 earns <b>Race of six</b>: a race won against five or more other players. It is held by 17% of players."
    )
    assert await held(app, 100) == {Achievement.RACE_OF_SIX}  # a 5-digit race: no classic in four


async def test_a_race_won_against_four_earns_nothing(app, recorded):
    replies = await race_won(app, recorded, 5)
    assert [("earns" in r.text) for r in replies] == [False]
    assert await held(app, 100) == set()


async def test_a_classic_race_won_in_one_guess_is_no_classic_in_four(app, recorded):
    ann, bob = Member(app, recorded, 11, "Ann"), Member(app, recorded, 22, "Bob")
    await ann.send("/challenge")
    secret = (await deps_of(app).store.matches.active_match(GROUP)).secret
    await bob.send(f"/g {'0123' if secret != '0123' else '4567'}")
    replies = sent(await ann.send(f"/g {secret}"), GROUP)
    assert len(replies) == 1  # the race's clues are everyone's: no achievement
    assert await held(app, 11) == set()


async def daily_solved(member: Member, app, guesses: int) -> None:
    """The member plays today's challenge and solves it on guess number `guesses`."""
    await win_in(member, app, guesses, "/daily")


def par_of(secret: str) -> int:
    """How many guesses the engine's own play needs for `secret` (the classic game's optimal tree)."""
    return len(play(PRESETS["classic"], secret))


async def test_the_days_best_is_a_clean_daily_within_the_engines_par_told_at_once_in_the_players_language(tmp_path):
    clock = Clock(EPOCH)
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        ann = Member(app, request, 11, "Ann", chat_id=11)
        boris = Member(app, request, 22, "Борис", chat_id=22, language_code="ru")
        cat = Member(app, request, 33, "Cat", chat_id=33)
        await cat.send("/daily")
        par = par_of((await deps_of(app).store.games.active_game(33)).secret)
        *_, earned = await win_in(ann, app, par, "/daily")  # with Classic in four too, when the par is 4 or less
        assert "🏅 New achievement: <b>On par with the bot</b>, the daily challenge solved" in earned.text
        *_, earned = await win_in(boris, app, max(1, par - 1), "/daily")
        assert "🏅 Новое достижение: <b>Наравне с ботом</b> — код дня отгадан без подсказок" in earned.text
        secret = (await deps_of(app).store.games.active_game(33)).secret
        for code in [c for c in WRONG if c != secret][:par]:
            await cat.send(code)
        replies = sent(await cat.send(secret), 33)  # one guess more than the engine needs
        assert not any("🏅" in r.text for r in replies)
        assert await held(app, 11) == {Achievement.DAY_BEST} | ({Achievement.CLASSIC_IN_FOUR} if par <= 4 else set())
        assert Achievement.DAY_BEST in await held(app, 22)
        assert Achievement.DAY_BEST not in await held(app, 33)
        clock.advance(12 * 3600)
        assert await app.bot_data.runtime.core.on_day_end() == ()  # nothing waits for the day's close


async def test_a_sock_puppet_that_gives_up_the_daily_denies_nobody_the_days_best(tmp_path):
    """The cheat: a second account gives the daily up, so its player learns the code and solves it in one guess on
    the first account. The day's best no longer goes to the day's fewest: every honest solve within the engine's par
    holds it, whatever the cheater did."""
    clock = Clock(EPOCH)
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        core = app.bot_data.runtime.core
        puppet = Member(app, request, 98, "Puppet", chat_id=98)
        cheater = Member(app, request, 99, "Cheater", chat_id=99)
        ann = Member(app, request, 11, "Ann", chat_id=11)
        boris = Member(app, request, 22, "Борис", chat_id=22, language_code="ru")
        await puppet.send("/daily")
        await puppet.send("/giveup")
        told = sent(await puppet.press_label(plain(t("daily.btn.giveup"))), 98)
        secret = (await deps_of(app).store.games.latest_game(98, Mode.REFEREE)).secret
        assert any(secret in m.text for m in told)  # the puppet's player knows the code now
        await cheater.send("/daily")
        await cheater.send(secret)  # solved in one guess
        par = par_of(secret)
        *_, earned = await win_in(ann, app, par, "/daily")
        assert "<b>On par with the bot</b>" in earned.text
        *_, earned = await win_in(boris, app, par, "/daily")
        assert "<b>Наравне с ботом</b>" in earned.text
        clock.advance(12 * 3600)  # the day is over: still theirs
        await core.on_day_end()
        assert Achievement.DAY_BEST in await held(app, 11)
        assert Achievement.DAY_BEST in await held(app, 22)


async def test_stats_shows_every_achievement_with_what_earns_it_and_how_rare_it_is_in_both_languages(app, recorded):
    ann = Member(app, recorded, 11, "Ann", chat_id=11)
    bob = Member(app, recorded, 22, "Боб", chat_id=22, language_code="ru")
    await win_in(ann, app, 3)
    await win_in(bob, app, 6)
    [stats] = sent(await ann.send("/stats"))
    assert (  # held: marked, its name in bold, and what earned it too
        "🏅 <b>Achievements</b>: 1 of 6\n🏅 <b>Classic in four</b>: a classic game (4 digits, no repeats) solved in 4"
        " guesses or fewer, without a hint · held by 50% of players\n🔒 Flawless: a game won without a hint"
    ) in stats.text
    assert "🔒 Race of six: a race won against five or more other players · held by no one yet" in stats.text
    assert "▫️" not in stats.text  # the old mark, barely visible
    assert "🔒 Puzzle rating 1800: an established puzzle rating of 1800 or more (not a provisional one)" in stats.text
    assert "in a variant of 5,040\u00a0codes or more" in stats.text  # the number and its unit kept together
    [stats] = sent(await bob.send("/stats"))
    assert "🏅 <b>Достижения</b>: 0 из 6\n🔒 Классика за четыре хода: " in stats.text
    assert "есть у 50% игроков" in stats.text
    assert "🔒 Рейтинг 1800 в головоломках: устоявшийся рейтинг" in stats.text
    assert "в варианте от 5\u00a0040\u00a0кодов" in stats.text


async def test_the_services_hooks_for_reviews_and_puzzles_award_at_their_edges_once(app):
    deps = deps_of(app)
    now = deps.clock()

    def shown(won=True, hinted=False, codes=5040, labels=("best",), shared=False):
        return ReviewShown(11, 11, won, hinted, codes, labels, now, shared)

    async with deps.transaction():
        assert await achievements.of_review(deps, shown(labels=("best", "good", "inaccuracy"))) is None
        assert await achievements.of_review(deps, shown(won=False, labels=("best", "good"))) is None
        assert await achievements.of_review(deps, shown(hinted=True)) is None
        assert await achievements.of_review(deps, shown(codes=720)) is None
        assert await achievements.of_review(deps, shown(shared=True)) is None
        flawless = await achievements.of_review(deps, shown(labels=("best", "excellent", "good")))
        assert flawless is not None
        assert flawless.achievement == Achievement.FLAWLESS
        assert await achievements.of_review(deps, shown()) is None  # held already
        assert await achievements.of_puzzles(deps, 11, 11, streak_days=6, rating=1799) == ()
        earned = await achievements.of_puzzles(deps, 11, 11, streak_days=7, rating=1800)
        assert {a.achievement for a in earned} == {Achievement.PUZZLE_WEEK, Achievement.PUZZLE_1800}
        assert await achievements.of_puzzles(deps, 11, 11, streak_days=8, rating=1900) == ()
    rare = await achievements.rarities(deps)
    assert (rare[Achievement.FLAWLESS].holders, rare[Achievement.FLAWLESS].players) == (1, 1)


async def test_a_puzzle_rating_earns_its_award_only_once_established(app):
    deps = deps_of(app)
    now = deps.clock()
    async with deps.transaction():
        with Events.journal() as journal:
            await deps.events.publish(deps, PuzzleRated(11, 1900, False, now))  # provisional: parked puzzles, luck
        assert journal.made(Award) == []
        with Events.journal() as journal:
            await deps.events.publish(deps, PuzzleRated(11, rules.PUZZLE_RATING, True, now))
        assert [a.achievement for a in journal.made(Award)] == [Achievement.PUZZLE_1800]


async def test_what_an_event_earns_comes_back_in_the_updates_journal_once(app):
    deps = deps_of(app)
    now = deps.clock()
    async with deps.transaction():
        with Events.journal() as journal:
            await deps.events.publish(deps, DayPuzzleSolved(11, 7, now))
            await deps.events.publish(deps, DayPuzzleSolved(11, 8, now))  # held already: nothing more
        assert [a.achievement for a in journal.made(Award)] == [Achievement.PUZZLE_WEEK]
        with Events.journal() as later:
            await deps.events.publish(deps, DayPuzzleSolved(11, 9, now))
        assert later.made(Award) == []


async def test_awards_of_an_update_that_failed_are_forgotten_not_announced_by_the_next(app, recorded):
    deps = deps_of(app)
    try:
        async with deps.transaction():
            await achievements.award(deps, 11, Achievement.FLAWLESS, 11, EPOCH)
            raise RuntimeError("the update failed after the award")
    except RuntimeError:
        pass
    [reply] = sent(await Member(app, recorded, 11, "Ann", chat_id=11).send("/help"))
    assert "achievement" not in reply.text.lower()
    assert await held(app, 11) == set()


async def test_a_versus_game_solved_in_four_is_announced_in_private_once_the_game_is_over(app, recorded):
    ann = Member(app, recorded, 11, "Ann", chat_id=11)
    await ann.send("/versus")
    secret = (await versus_of(app, ann)).secret
    [board] = sent(await ann.send(next(wrong_codes(secret))))
    await answer_truly(ann, board)
    [last] = sent(await ann.send(secret))
    assert not any("achievement" in r.text for r in sent(recorded.calls[-3:]))  # the bot's equal turn is owed
    calls = await ann.press(button(last, label(score(MINE, asked(last)))))
    [earned] = sent(calls, 11)
    assert earned.text.startswith("🏅 New achievement: <b>Classic in four</b>")


async def test_the_migration_awards_what_was_played_before_it_as_the_rules_award_it_live(tmp_path):
    """0016 awarded what was played before it by the rules of its day, then 0018 counted its players again: what they
    award agrees with what the rules award live (but the day's best, which 0016 gave to each day's fewest guesses:
    the rule 0018 replaced)."""
    clock = Clock(EPOCH)
    database = tmp_path / "db.sqlite3"
    async with telegram_app(database, clock=clock) as (app, request):
        ann, bob = Member(app, request, 11, "Ann", chat_id=11), Member(app, request, 22, "Bob", chat_id=22)
        cat = Member(app, request, 33, "Cat", chat_id=33)
        await win_in(ann, app, 3)
        await win_in(bob, app, 5)
        await cat.send("/play")
        await cat.send("/hint")
        await cat.send((await deps_of(app).store.games.active_game(33)).secret)
        await race_won(app, request, 6)
        await daily_solved(bob, app, 4)
        await daily_solved(cat, app, 4)
        await daily_solved(ann, app, 7)
        clock.advance(12 * 3600)
        await app.bot_data.runtime.core.on_day_end()
        conn = deps_of(app).store.conn
        live = await conn.execute_fetchall(
            "SELECT user_id, achievement, chat_id FROM achievements WHERE achievement != 'day_best' ORDER BY 1, 2"
        )
        holders, players = await counted(app)
    assert len(live) == 4  # Ann's classic in 3, the race's winner, and Bob's and Cat's daily in 4

    conn = await open_database(database)
    try:
        await conn.executescript(
            "DROP TRIGGER game_results_rarity_player; DROP TABLE achievements; DROP TABLE achievement_holders;"
            " DROP TABLE rarity_players; DROP TABLE rarity_count;"
            " DELETE FROM schema_migrations WHERE version IN (16, 18);"
        )
        assert await migrate(conn) == ["0016_achievements", "0018_awards_that_mean_what_they_say"]
        again = await conn.execute_fetchall(
            "SELECT user_id, achievement, chat_id FROM achievements WHERE achievement != 'day_best' ORDER BY 1, 2"
        )
        kept = await conn.execute_fetchall("SELECT achievement, holders FROM achievement_holders")
        counted_again = await conn.execute_fetchall("SELECT players FROM rarity_count")
    finally:
        await conn.close()
    assert [tuple(r) for r in again] == [tuple(r) for r in live]
    holders.pop("day_best", None)
    assert ({r[0]: r[1] for r in kept if r[0] != "day_best"}, counted_again[0][0]) == (holders, players)


async def test_the_puzzle_of_the_day_solved_seven_days_running_earns_the_puzzle_week_on_the_seventh(app, recorded):
    from tests.puzzles.test_puzzle import today_solution

    clock = deps_of(app).clock
    ann = Member(app, recorded, 11, "Ann", chat_id=11)
    for day in range(1, 8):
        await ann.send("/puzzle daily")
        replies = sent(await ann.send(await today_solution(app)), 11)
        announced = [r.text for r in replies if "achievement" in r.text]
        if day < 7:
            assert announced == [], day
            assert await held(app, 11) == set()
        clock.advance(24 * 3600)
    assert announced == [
        "🏅 New achievement: <b>Puzzle week</b>, the puzzle of the day solved 7 days in a row. It is held by 100% of"
        " players."
    ]
    assert await held(app, 11) == {Achievement.PUZZLE_WEEK}


async def test_a_rated_puzzle_answer_that_leaves_a_rating_of_1800_earns_it_once_and_a_new_players_does_not(
    app, recorded
):
    from tests.puzzles.test_puzzle import repo_of

    ann, bob = Member(app, recorded, 11, "Ann", chat_id=11), Member(app, recorded, 22, "Bob", chat_id=22)
    conn = deps_of(app).store.conn
    await conn.execute(  # Ann is a strong solver already: 1500 + 20 × (40 − 3) shown
        "INSERT INTO puzzle_ratings (user_id, family, mu, sigma, games, updated_at)"
        " VALUES (11, 'digits', 40.0, 1.0, 50, '2026-01-01T00:00:00+00:00')"
    )
    await conn.commit()
    repo = repo_of(app)
    for member in (ann, bob):
        await member.press("pz:n")
        row = await repo.puzzle((await repo.current(member.user_id)).puzzle_id)
        replies = sent(await member.send(row.data["solution"]), member.chat_id)
        announced = [r.text for r in replies if "achievement" in r.text]
        if member is ann:
            assert len(announced) == 1
            assert "<b>Puzzle rating 1800</b>" in announced[0]
        else:
            assert announced == []
    assert await held(app, 11) == {Achievement.PUZZLE_1800}
    assert await held(app, 22) == set()
    await ann.press("pz:n")  # the next rated solve: held already, nothing announced
    row = await repo.puzzle((await repo.current(11)).puzzle_id)
    assert not any("achievement" in r.text for r in sent(await ann.send(row.data["solution"]), 11))


async def test_the_migration_to_counting_players_recounts_them_and_takes_back_what_a_chat_held(tmp_path):
    from bot.store.migrations import MIGRATIONS_DIR, migrations_in

    older = tmp_path / "older"
    older.mkdir()
    for migration in migrations_in(MIGRATIONS_DIR):
        if migration.version < 18:
            (older / f"{migration.name}.sql").write_text(migration.sql)
    conn = await open_database(tmp_path / "db.sqlite3")
    try:
        await migrate(conn, older)
        result = (
            "INSERT OR REPLACE INTO game_results (game_id, user_id, chat_id, mode, variant, guesses, outcome, hinted,"
            " started_at, finished_at) VALUES (?, ?, ?, ?, 'classic', 5, 'won', 0, '2025-01-01', '2025-01-01')"
        )
        for game_id, user_id, mode in ((1, 11, "referee"), (2, 11, "referee"), (3, 11, "referee"), (4, -100, "race")):
            await conn.execute(result, (game_id, user_id, user_id if mode == "referee" else -5, mode))
        award = "INSERT OR IGNORE INTO achievements (user_id, achievement, earned_at, chat_id) VALUES (?, ?, '', ?)"
        await conn.execute(award, (11, "classic_in_four", 11))
        await conn.execute(award, (-100, "race_of_six", -5))
        await conn.commit()
        assert [tuple(r) for r in await conn.execute_fetchall("SELECT players FROM rarity_count")] == [(4,)]  # games

        assert (await migrate(conn))[0] == "0018_awards_that_mean_what_they_say"  # and the later ones after it
        holders = await conn.execute_fetchall("SELECT achievement, holders FROM achievement_holders")
        assert {r[0]: r[1] for r in holders} == {"classic_in_four": 1}
        assert [tuple(r) for r in await conn.execute_fetchall("SELECT players FROM rarity_count")] == [(1,)]
        await conn.execute(result, (5, 11, 11, "referee"))  # another game of the same player
        await conn.execute(result, (5, 11, 11, "referee"))  # stored again
        await conn.execute(result, (6, -100, -5, "race"))  # a chat's: no player
        await conn.execute(award, (11, "classic_in_four", 11))  # held already
        await conn.execute(result, (7, 22, 22, "daily"))  # a new player
        assert [tuple(r) for r in await conn.execute_fetchall("SELECT players FROM rarity_count")] == [(2,)]
    finally:
        await conn.close()


async def reviewed(member: Member, app, command: str = "/play", hint: bool = False) -> list[str]:
    """The member wins a game at once (after a hint, if told) and asks for its review: the announcements come back."""
    await member.send(command)
    if hint:
        await member.send("/hint")
    await member.send((await deps_of(app).store.games.active_game(member.chat_id)).secret)
    return [r.text for r in sent(await member.send("/review"), member.chat_id) if r.text.startswith("🏅")]


async def test_flawless_is_not_earned_in_a_variant_smaller_than_classic(app, recorded):
    small = Member(app, recorded, 11, "Small", chat_id=11)
    assert await reviewed(small, app, "/play 3d10") == []  # 720 codes: a greedy script plays it flawlessly
    assert await held(app, 11) == set()


async def test_flawless_is_not_earned_with_a_hint(app, recorded):
    helped = Member(app, recorded, 22, "Helped", chat_id=22)
    assert await reviewed(helped, app, hint=True) == []
    assert await held(app, 22) == set()


async def test_flawless_is_not_earned_on_a_races_clues_which_every_player_sees(app, recorded):
    racer, rival = Member(app, recorded, 33, "Racer"), Member(app, recorded, 44, "Rival")
    await racer.send("/challenge")
    secret = (await deps_of(app).store.matches.active_match(GROUP)).secret
    await rival.send(f"/g {'0123' if secret != '0123' else '4567'}")  # a second account may give these clues
    await racer.send(f"/g {secret}")
    assert [r.text for r in sent(await racer.in_private().send("/review"), 33) if r.text.startswith("🏅")] == []
    assert await held(app, 33) == set()


async def test_flawless_is_earned_unhelped_in_classic_or_bigger_in_both_languages(app, recorded):
    ann = Member(app, recorded, 55, "Ann", chat_id=55)
    [earned] = await reviewed(ann, app)  # classic, unhelped, her own clues
    assert earned.startswith("🏅 New achievement: <b>Flawless</b>, a game won without a hint")
    boris = Member(app, recorded, 66, "Борис", chat_id=66, language_code="ru")
    [earned] = await reviewed(boris, app, "/play 5d10")
    assert earned.startswith("🏅 Новое достижение: <b>Без единой ошибки</b> — партия, выигранная без подсказок")

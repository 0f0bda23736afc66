from bot.chats.settings import DUEL_TIMERS, RACE_LIMITS, Setting, Settings
from bot.core import Who
from bot.settings.service import changed
from engine.variant import PRESETS, Variant
from tests.bot.fakes import runtime_on


def test_a_preset_replaces_the_variant():
    assert changed(Settings(), Setting.PRESET, "mastermind").variant == PRESETS["mastermind"]


def test_length_changes_keep_the_other_rules():
    assert changed(Settings(variant=PRESETS["nozero"]), Setting.LENGTH, "5").variant == Variant(5, 10, False, False)


def test_turning_repeats_off_widens_the_alphabet_when_distinct_digits_need_it():
    six_of_six = Settings(variant=Variant(6, 6, repeats=True))
    assert changed(six_of_six, Setting.REPEATS).variant == Variant(6, 6, repeats=False)
    assert changed(Settings(variant=Variant(4, 6, repeats=True)), Setting.REPEATS).variant.repeats is False


def test_toggles_flip_and_the_attempt_limit_cycles_back_to_none():
    settings = Settings()
    assert changed(settings, Setting.COACHING).coaching is not settings.coaching
    assert changed(settings, Setting.HARD).hard is True
    assert changed(settings, Setting.LEADING_ZERO).variant.leading_zero is False
    limits = []
    for _ in range(6):
        settings = changed(settings, Setting.ATTEMPTS)
        limits.append(settings.attempt_limit)
    assert limits == [6, 8, 10, 12, 15, None]


def test_unknown_changes_do_nothing():
    assert changed(Settings(), Setting.LENGTH, "9") == Settings()
    assert changed(Settings(), Setting.PRESET, "nonsense") == Settings()


def test_a_groups_race_limit_and_duel_timer_cycle_through_their_choices_and_back():
    settings = Settings()
    races, duels = [], []
    for _ in range(len(RACE_LIMITS)):
        settings = changed(settings, Setting.RACE_LIMIT)
        races.append(settings.race_seconds)
    for _ in range(len(DUEL_TIMERS)):
        settings = changed(settings, Setting.DUEL_TIMER)
        duels.append(settings.duel_seconds)
    assert races == [*RACE_LIMITS[1:], None]
    assert duels == [*DUEL_TIMERS[1:], None]
    assert Settings(race_seconds=300, duel_seconds=60).match_seconds("race") == 300
    assert Settings(race_seconds=300, duel_seconds=60).match_seconds("duel") == 60
    assert Settings(race_seconds=300).match_seconds("versus") is None


async def test_the_settings_come_with_whether_a_match_is_on_in_the_chat_or_for_the_player(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        core, store = rt.core, rt.store
        assert await store.settings.of_chat_playing(7, 7) == (Settings(), False)
        await core.on_command(Who(7, 7), "versus")
        settings, playing = await store.settings.of_chat_playing(7, 7)
        assert (settings, playing) == (Settings(), True)
        assert (await store.settings.of_chat_playing(8, 7))[1] is True  # the player's match, from another chat
        assert (await store.settings.of_chat_playing(8, 8))[1] is False
        async with store.transaction():
            await store.settings.save(8, Settings(coaching=False), core.deps.clock())
        assert await store.settings.of_chat_playing(8, 8) == (Settings(coaching=False), False)

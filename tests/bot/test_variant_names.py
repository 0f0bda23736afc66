"""A variant is understood by every name the bot shows for it, as typed, in any case and either language: '/play
мастермайнд', '/play классика', '/play пять', '/stats без нуля', '/challenge без нуля 10мин'; a name it does not know
is answered with the names of the player's language, and Russian /help gives Russian examples."""

import pytest

from bot.chats.settings import PRESET_CHOICES
from bot.parsing.commands import parse_options, variant_from_args
from bot.parsing.variants import every_variant, named, phrase
from bot.records.asked import stats_variant, top_asked
from bot.texts import plain, t, variant_name, variant_text
from engine.variant import PRESETS, InvalidVariant, Variant
from tests.bot.fakes import USER
from tests.bot.members import GROUP, Member, sent
from tests.bot.test_catalogues import LANGUAGES

CLASSIC, NOZERO, MASTERMIND = PRESETS["classic"], PRESETS["nozero"], PRESETS["mastermind"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("chat", LANGUAGES)
def test_every_name_shown_for_every_variant_is_read_back_as_that_variant_in_any_chat(language, chat):
    for variant in every_variant():
        for shown in (plain(variant_name(variant, language)), plain(variant_text(variant, language))):
            assert named(shown, chat) == variant, (shown, chat)
            assert named(shown.upper(), chat) == variant, (shown, chat)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_settings_button_names_its_game(language):
    for name in PRESET_CHOICES:
        label = plain(t(f"set.preset.{name}", language))
        assert named(label, language) == PRESETS[name], label
        assert named(label.lower(), "en") == PRESETS[name], label


@pytest.mark.parametrize(
    ("typed", "variant"),
    [
        ("мастермайнд", MASTERMIND),
        ("Мастермайнд 🎨", MASTERMIND),
        ("МАСТЕРМАЙНД", MASTERMIND),
        ("классика", CLASSIC),
        ("Классика", CLASSIC),
        ("без нуля", NOZERO),
        ("Без 0 в начале", NOZERO),
        ("пять", Variant(5)),
        ("5", Variant(5)),
        ("три", Variant(3)),
        ("mastermind", MASTERMIND),
        ("Classic", CLASSIC),
        ("No 0 first", NOZERO),
        ("nozero", NOZERO),
        ("five", Variant(5)),
        ("5d10", Variant(5)),
        ("4r8z", Variant(4, 8, repeats=True, leading_zero=False)),
        ("Мастермайнд 4x6 (цвета)", MASTERMIND),
        ("mastermind 4×6 (colours)", MASTERMIND),
        ("«4 цифры без повторов»", CLASSIC),
        ("4 digits, no repeats", CLASSIC),
        ("4 digits 0-8, repeats allowed", Variant(4, 9, repeats=True)),
        ("Mastermind 4×8 (colours)", Variant(4, 8, repeats=True)),
        ("4 цифры без повторов, без 0 в начале", NOZERO),
        ("5 digits, no repeats, no 0 first", Variant(5, leading_zero=False)),
    ],
)
@pytest.mark.parametrize("chat", ["ru", "en"])
def test_names_as_players_type_them(typed, variant, chat):
    assert named(typed, chat) == variant
    assert variant_from_args(typed, chat) == variant


@pytest.mark.parametrize("typed", ["фрисби", "", "7", "2", "4 digits", "мастер", "classic nozero"])
def test_words_that_name_no_variant_are_refused(typed):
    with pytest.raises(InvalidVariant):
        named(typed, "ru")


def test_the_first_words_that_name_a_variant_are_read_and_the_rest_left_unread():
    assert variant_from_args("без нуля пожалуйста", "ru") == NOZERO
    assert variant_from_args("5 please", "en") == Variant(5)
    assert variant_from_args("  ", "ru") is None
    with pytest.raises(InvalidVariant):
        variant_from_args("пожалуйста без нуля", "ru")


def test_a_phrase_keeps_letters_digits_and_the_multiplication_sign():
    assert phrase("  Мастермайнд   4х6  (ЦВЕТА) 🎨 ") == "мастермайнд 4×6 цвета"
    assert phrase("Ещё") == "еще"


def test_match_options_stats_and_top_take_every_name_with_their_other_words():
    assert parse_options("без нуля 10мин", "ru").variant == NOZERO
    assert parse_options("без нуля 10мин", "ru").seconds == 600
    assert parse_options("2мин мастермайнд", "ru").variant == MASTERMIND
    assert parse_options("Mastermind 🎨 2m", "en").variant == MASTERMIND
    assert stats_variant("без нуля", "ru") == "без нуля"
    asked = top_asked("неделя без нуля все", "ru")
    assert (asked.variant, asked.everywhere) == ("без нуля", True)
    assert top_asked("рейтинг цвета", "ru").variant == "mastermind"  # a rating family by a variant of it
    assert top_asked("рейтинг мастермайнд", "ru").variant == "мастермайнд"


def russian(app, recorded, user_id: int = USER, chat_id: int = USER) -> Member:
    return Member(app, recorded, user_id, "Аня", chat_id=chat_id, language_code="ru")


async def test_a_russian_player_plays_and_counts_the_games_by_the_names_they_see(app, recorded):
    anya = russian(app, recorded)
    games = app.bot_data.runtime.core.deps.store.games
    for typed, variant in [("мастермайнд", MASTERMIND), ("Классика", CLASSIC), ("без нуля", NOZERO), ("пять", None)]:
        await anya.send(f"/play {typed}")
        game = await games.active_game(USER)
        assert game.variant == (variant or Variant(5)), typed
        await anya.send("/cancel")
    await anya.send("/think Мастермайнд 🎨")
    assert (await games.active_game(USER)).variant == MASTERMIND
    await anya.send("/cancel")
    [stats] = sent(await anya.send("/stats без нуля"))
    assert plain(variant_name(NOZERO, "ru")) in stats.text
    [streak] = sent(await anya.send("/streak пять"))
    assert plain(variant_name(Variant(5), "ru")) in streak.text
    await anya.send("/versus мастермайнд")
    assert (await app.bot_data.runtime.core.deps.store.matches.active_match(USER)).variant == MASTERMIND


async def test_a_group_names_its_race_and_duel_in_russian(app, recorded):
    anya = Member(app, recorded, 11, "Аня", language_code="ru")
    await anya.send("/challenge без нуля 10мин")
    matches = app.bot_data.runtime.core.deps.store.matches
    race = await matches.active_match(GROUP)
    assert race.variant == NOZERO
    assert (race.deadline - race.started_at).total_seconds() == 600
    await anya.send("/stop")
    await anya.send("/duel Мастермайнд 2мин")
    duel = await matches.active_match(GROUP)
    assert (duel.variant, duel.turn_seconds) == (MASTERMIND, 120)


@pytest.mark.parametrize(
    ("language", "names"), [("ru", "классика, без нуля, мастермайнд"), ("en", "classic, nozero, mastermind")]
)
async def test_an_unknown_name_is_answered_with_the_names_of_the_players_language(app, recorded, language, names):
    player = Member(app, recorded, USER, "Ann", chat_id=USER, language_code=language)
    for command in ("/play", "/think", "/stats", "/streak"):
        [refused] = sent(await player.send(f"{command} фрисби"))
        assert refused.text == t("variant.invalid", language, name="фрисби", names=names)
        assert names in refused.text


def test_russian_help_gives_russian_examples_the_bot_understands():
    shown = " ".join(plain(t(key, "ru", link="")) for key in ("help", "cmd.top", "cmd.challenge", "help.group"))
    for english in ("nozero", "mastermind", "global", "10m"):
        assert english not in shown
    assert variant_from_args("без нуля", "ru") == NOZERO
    assert variant_from_args("мастермайнд", "ru") == MASTERMIND
    assert "/play без нуля" in shown
    assert "/play мастермайнд" in shown
    assert "/top везде" in shown
    assert top_asked("везде", "ru").everywhere
    assert "/challenge 5 10мин" in shown
    assert parse_options("5 10мин", "ru").seconds == 600

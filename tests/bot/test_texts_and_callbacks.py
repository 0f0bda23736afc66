import re
from pathlib import Path

import pytest

from bot import callback_data as cb
from bot.texts import EN, Html, duration_text, plain, t, variant_name, variant_text
from engine.consistency import InvalidAnswer, validate_answer
from engine.scoring import Score
from engine.variant import PRESETS, InvalidCode, Variant

BOT = Path(__file__).resolve().parents[2] / "bot"


def test_every_literal_text_key_used_in_the_bot_exists():
    used = set()
    for path in BOT.rglob("*.py"):
        used |= set(re.findall(r"\bt\(\s*\"([a-z_.]+)\"", path.read_text()))
    assert used
    assert used - EN.keys() == set()


@pytest.mark.parametrize("text", ["", "12a4", "12", "1789", "1123", "0123"])
def test_every_reason_a_code_is_refused_has_a_text(text):
    variant = Variant(4, 8, repeats=False, leading_zero=False)
    with pytest.raises(InvalidCode) as error:
        variant.parse(text)
    assert f"invalid.{error.value.key}" in EN
    t(f"invalid.{error.value.key}", **error.value.params)


@pytest.mark.parametrize("answer", [Score(-1, 0), Score(3, 2), Score(3, 1)])
def test_every_reason_an_answer_is_refused_has_a_text(answer):
    with pytest.raises(InvalidAnswer) as error:
        validate_answer(PRESETS["classic"], answer)
    assert f"answer.{error.value.key}" in EN


@pytest.mark.parametrize("kind", ["conflict", "repeated_guess", "impossible_answer"])
def test_every_kind_of_contradiction_has_a_text(kind):
    assert "#1" in t(f"contra.{kind}", turns="#1")


def test_parameters_are_escaped_once_and_html_is_kept():
    assert t("ref.turn", n=1, guess="<b>", score=Html("1🐂 <i>x</i>")) == "#1 &lt;b&gt; → 1🐂 <i>x</i>"


def test_a_variant_has_one_name_in_messages_as_on_boards():
    assert variant_text(PRESETS["classic"]) == "4 digits, no repeats"
    assert variant_text(PRESETS["nozero"]) == "4 digits, no repeats, no 0 first"
    assert variant_text(PRESETS["mastermind"]) == "Mastermind 4×6 (colours)"
    for language in ("en", "ru"):
        for variant in PRESETS.values():
            assert variant_text(variant, language) == variant_name(variant, language)


def test_durations_read_naturally():
    from datetime import timedelta

    assert duration_text(timedelta(seconds=45)) == "45s"
    assert duration_text(timedelta(seconds=133)) == "2m 13s"
    assert duration_text(timedelta(hours=1, minutes=5)) == "1h 5m"


def test_plain_text_drops_tags_and_decodes_entities():
    assert plain("<b>1 &lt; 2</b>") == "1 < 2"


def test_the_longest_callback_data_fits_in_64_bytes():
    data = cb.game_button(cb.CONFIRM, 10**12, 10**6, "g", "6r10z")
    assert len(data.encode()) <= cb.MAX_BYTES
    assert cb.decode(data) == cb.Callback(cb.CONFIRM, 10**12, 10**6, ("g", "6r10z"))


def test_callback_data_round_trips_and_carries_no_secret():
    data = cb.game_button(cb.ANSWER, 42, 7, cb.score_arg(Score(1, 2)))
    assert data == "a:42:7:12"
    pressed = cb.decode(data)
    assert (pressed.game_id, pressed.revision, cb.decode_score(pressed.args[0])) == (42, 7, Score(1, 2))


def test_a_match_button_carries_a_match_id_and_a_game_button_a_game_id():
    assert cb.decode("m:42:7:a:12") == cb.Callback(cb.MATCH, revision=7, args=("a", "12"), match_id=42)
    assert cb.decode("rm:42") == cb.Callback(cb.REMATCH, match_id=42)
    assert cb.decode("ag:42") == cb.Callback(cb.AGAIN, game_id=42)
    assert cb.decode("m:42:7:a:12").game_id is None


@pytest.mark.parametrize("data", ["", "zz", "a:x:1:12", "a:1"])
def test_foreign_callback_data_is_refused(data):
    with pytest.raises(cb.BadCallback):
        cb.decode(data)


@pytest.mark.parametrize("name", ["classic", "nozero", "mastermind", "6d6", "3r6z", "6r10"])
def test_example_codes_are_valid_for_their_variant(name):
    from bot.texts import example
    from engine.variant import variant_named

    variant = variant_named(name)
    assert variant.parse(example(variant)) == example(variant)


def test_one_guess_is_singular_and_more_are_plural():
    assert "in 1 guess," in t("ref.won", secret="0123", n=1, duration="5s")
    assert "in 2 guesses," in t("ref.won", secret="0123", n=2, duration="5s")
    assert "(1 guess," in t("ref.gave_up", secret="0123", n=1, duration="5s")


def test_every_singular_form_has_its_plural_and_the_same_parameters():
    import string

    def fields(key):
        return {name for _, name, _, _ in string.Formatter().parse(EN[key]) if name}

    for key in (k for k in EN if k.endswith(".one")):
        plural = key.removesuffix(".one")
        assert plural in EN, key
        assert fields(key) <= fields(plural) | {"n"}, key


def test_a_button_action_a_feature_declares_is_decoded_for_it_and_any_other_is_refused():
    assert cb.decode("pz:12:3:a", frozenset({"pz"})) == cb.Callback("pz", args=("12", "3", "a"))
    with pytest.raises(cb.BadCallback):
        cb.decode("pz:12:3:a")
    assert "pz" not in cb.NAMED_ACTIONS

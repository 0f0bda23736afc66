"""The page's JSON schema (bot/page/schema.py): what the page sends is checked as the API always checked it (sizes,
ranges, one of what the chat sends, a game's revision), what it is sent keeps its names on the wire, and a struct goes
out and comes back the same."""

import json

import msgspec
import pytest

from bot.games.model import Mode
from bot.games.status import Status
from bot.page import schema
from bot.puzzles.board import PuzzleTrack
from bot.replies import Did

KEY = "key-123456"


def act(**fields):
    return schema.decode(json.dumps({"key": KEY, **fields}).encode(), schema.ActRequest)


def test_a_guess_is_a_text_about_its_game_at_its_revision():
    asked = act(text="0123", game=7, revision=3)
    assert (asked.text, asked.game_id, asked.revision, asked.command, asked.match_id) == ("0123", 7, 3, None, None)


def test_an_act_is_what_the_chat_sends_a_command_with_its_arguments_or_a_buttons_data():
    assert (act(command="puzzle", args="0123").command, act(command="puzzle", args="0123").args) == ("puzzle", "0123")
    assert act(command="daily").game_id is None
    assert act(data="m:4:2:x", match=4, revision=2).match_id == 4


def test_a_body_with_fields_the_page_does_not_send_is_still_an_act():
    assert act(command="hint", game=1, revision=1, extra={"anything": [1, 2]}).command == "hint"


@pytest.mark.parametrize(
    ("fields", "why"),
    [
        ({"text": "0123", "key": "short"}, "key"),
        ({"text": "0123", "key": "key with spaces!"}, "key"),
        ({"command": "/play"}, "command"),
        ({"command": "Play"}, "command"),
        ({"command": "duel"}, "command"),  # a command the page does not send
        ({"command": ["play"]}, "command"),
        ({"text": ""}, "text"),
        ({"text": "0" * 65}, "text"),
        ({"data": "x" * 65}, "data"),
        ({"data": None, "text": None}, "not one of"),
        ({}, "not one of"),
        ({"text": "0123", "data": "g:1"}, "not one of"),
        ({"text": "0123", "args": "1"}, "arguments without a command"),
        ({"command": "reveal", "args": "1" * 65}, "args"),
        ({"text": "0123", "game": True, "revision": 1}, "game"),
        ({"text": "0123", "game": -1, "revision": 1}, "game"),
        ({"text": "0123", "game": 2**53, "revision": 1}, "game"),
        ({"text": "0123", "game": 1.5, "revision": 1}, "game"),
        ({"text": "0123", "game": 1, "revision": "3"}, "revision"),
        ({"text": "0123", "game": 1, "match": 2, "revision": 1}, "both a game and a match"),
        ({"text": "0123", "game": 1}, "without its revision"),
        ({"text": "0123", "revision": 1}, "a revision of nothing"),
    ],
)
def test_an_act_the_page_could_not_have_made_is_a_bad_body_saying_why(fields, why):
    with pytest.raises(schema.BadBody, match=why):
        act(**fields)


@pytest.mark.parametrize(
    "body",
    [b"", b"null", b"[]", b"{", b"\xff\xfe", b"[" * 8000 + b"]" * 8000, b'{"a":' * 3000 + b"1" + b"}" * 3000],
)
def test_what_is_not_a_json_object_is_a_bad_body(body):
    for shape in schema.REQUESTS:
        with pytest.raises(schema.BadBody):
            schema.decode(body, shape)


def test_the_log_line_of_a_bad_body_never_carries_a_long_value_of_it():
    with pytest.raises(schema.BadBody) as refused:
        act(command="Secretname" * 50)
    assert "Secretname" not in str(refused.value)
    assert len(str(refused.value)) <= 160


def notes(**fields):
    return schema.decode(json.dumps(fields).encode(), schema.NotesRequest)


def test_a_notepad_is_a_game_and_marks_of_dots_crosses_and_rings():
    assert notes(game=3, marks=".xo" * 10) == schema.NotesRequest(game=3, marks=".xo" * 10)
    for bad in ({"game": "3", "marks": "..."}, {"game": 3, "marks": "..q"}, {"game": 3}, {"game": 3, "marks": 4}):
        with pytest.raises(schema.BadBody):
            notes(**bad)
    with pytest.raises(schema.BadBody):
        notes(game=3, marks="." * (schema.MAX_NOTES + 1))


def test_the_wire_names_are_camel_case_as_the_page_reads_them():
    variant = schema.Variant(name="classic", length=4, symbols=10, repeats=False, leading_zero=True, text="4 digits")
    assert json.loads(schema.encode(variant))["leadingZero"] is True
    session = schema.Session(key="k", game=None, match=None, busy=None, language="en", texts={}, pass_="p")
    assert json.loads(schema.encode(session)) == {
        "key": "k",
        "game": None,
        "match": None,
        "busy": None,
        "language": "en",
        "texts": {},
        "pass": "p",
    }
    assert json.loads(schema.encode(schema.NoReview(text="no"))) == {"status": "none", "text": "no"}
    assert json.loads(schema.encode(schema.ReviewOf(match=3))) == {"match": 3}


def a_game():
    variant = schema.Variant(name="classic", length=4, symbols=10, repeats=False, leading_zero=True, text="4 digits")
    buttons = [[schema.Choice(label="1 2", data="g:1")]]
    board = schema.Asking(pending="0123", lines=["1 2?"], buttons=buttons, reveal=False)
    return schema.Game(
        turns=[schema.Turn(guess="0123", bulls=1, cows=2)],
        scores=["1🐂 2🐄"],
        hints=None,
        id=1,
        revision=2,
        mode=Mode.GUESSER,
        status=Status.ACTIVE,
        active=True,
        daily=False,
        variant=variant,
        hard=False,
        limit=None,
        possible=True,
        notes=None,
        ending=None,
        board=board,
    )


def test_a_state_goes_out_and_comes_back_the_same():
    state = schema.State(key="g1.2-m-", game=a_game(), match=None, busy=None)
    wire = schema.encode(state)
    assert json.loads(wire)["game"]["mode"] == "guesser"
    assert schema.decode(wire, schema.State) == state


def test_an_acts_record_is_read_back_from_the_database_as_it_was_kept():
    board = a_game().board
    screen = schema.LinesScreen(lines=["🏆 Puzzle of the day"])
    record = schema.ActRecord(did="shown", notice="again?", choices=[], board=board, screen=screen)
    kept = json.loads(json.dumps(schema.builtins(record)))  # as bot/page/records.py stores and reads it
    assert kept["matchBoard"] is None
    assert kept["screen"]["screen"] == "lines"  # its tag: the page draws it by that
    assert schema.convert(kept, schema.ActRecord) == record


def test_every_answer_struct_round_trips_through_its_wire_form():
    for shape in (schema.ReviewOf, schema.Same, schema.Saved, schema.Ping, schema.PossibleHidden):
        made = msgspec.convert({}, shape) if shape is not schema.PossibleHidden else shape(coach=None)
        assert schema.decode(schema.encode(made), shape) == made


def test_the_schemas_puzzle_kinds_are_the_puzzles_own():
    assert set(schema.PuzzleTrackName.__args__) == {track.value for track in PuzzleTrack}


def test_the_schemas_names_of_what_an_act_did_are_the_accounts_own():
    assert set(schema.DidName.__args__) == {did.value for did in Did}


def test_a_record_kept_in_another_shape_is_a_bad_body_not_a_failure():
    with pytest.raises(schema.BadBody):
        schema.convert({"changed": True, "notice": "x", "board": {"pending": None}}, schema.ActRecord)

"""The page's JSON schema (bot/page/schema.py): what the page sends is checked as the API always checked it (sizes,
kinds, ranges, the fields a move needs), what it is sent keeps its names on the wire, and a struct goes out and
comes back the same."""

import json

import msgspec
import pytest

from bot.games.model import Mode
from bot.games.status import Status
from bot.page import schema
from bot.puzzles.board import PuzzleKind

KEY = "key-123456"


def move(**fields):
    return schema.decode(json.dumps({"key": KEY, **fields}).encode(), schema.MoveRequest)


def test_a_guess_names_its_game_and_revision_and_reads_as_the_move_it_is():
    asked = move(kind="guess", game=7, revision=3, code="0123")
    assert (asked.kind, asked.game_id, asked.revision, asked.code, asked.match_id) == ("guess", 7, 3, "0123", None)


def test_a_new_game_needs_no_game_and_a_versus_move_names_its_match():
    assert move(kind="new", mode="versus").mode == "versus"
    assert move(kind="daily").game_id is None
    assert move(kind="press", match=4, revision=2, data="m:4:2:x", game=None).match_id == 4


def test_a_body_with_fields_the_page_does_not_send_is_still_a_move():
    assert move(kind="hint", game=1, revision=1, extra={"anything": [1, 2]}).kind == "hint"


@pytest.mark.parametrize(
    ("fields", "why"),
    [
        ({"kind": "guess", "game": 1, "key": "short"}, "key"),
        ({"kind": "guess", "game": 1, "key": "key with spaces!"}, "key"),
        ({"kind": "fly", "game": 1}, "kind"),
        ({"kind": ["guess"], "game": 1}, "kind"),
        ({"kind": "guess", "game": True}, "game"),
        ({"kind": "guess", "game": -1}, "game"),
        ({"kind": "guess", "game": 2**53}, "game"),
        ({"kind": "guess", "game": 1.5}, "game"),
        ({"kind": "guess", "game": 1, "revision": "3"}, "revision"),
        ({"kind": "guess", "game": 1, "code": "0" * 17}, "code"),
        ({"kind": "press", "game": 1, "data": "x" * 65}, "data"),
        ({"kind": "press", "game": 1, "data": None}, "data"),
        ({"kind": "new"}, "no mode for a new game"),
        ({"kind": "new", "mode": "chess"}, "mode"),
        ({"kind": "replace", "game": 1, "mode": "versus"}, "no mode for a new game"),
        ({"kind": "guess", "game": 1, "match": 2}, "no move of a versus game"),
        ({"kind": "hint", "match": 2}, "no move of a versus game"),
        ({"kind": "guess"}, "no game"),
    ],
)
def test_a_move_the_page_could_not_have_made_is_a_bad_body_saying_why(fields, why):
    with pytest.raises(schema.BadBody, match=why):
        move(**fields)


@pytest.mark.parametrize(
    "body",
    [b"", b"null", b"[]", b"{", b"\xff\xfe", b"[" * 8000 + b"]" * 8000, b'{"a":' * 3000 + b"1" + b"}" * 3000],
)
def test_what_is_not_a_json_object_is_a_bad_body(body):
    for shape in (schema.MoveRequest, schema.NotesRequest, schema.PuzzleRequest):
        with pytest.raises(schema.BadBody):
            schema.decode(body, shape)


def test_the_log_line_of_a_bad_body_never_carries_a_long_value_of_it():
    with pytest.raises(schema.BadBody) as refused:
        move(kind="Secretname" * 50, game=1)
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


def puzzle(**fields):
    return schema.decode(json.dumps(fields).encode(), schema.PuzzleRequest)


def test_a_puzzle_request_names_its_puzzle_when_it_answers_or_gives_up():
    assert puzzle(do="show").do == "show"
    assert puzzle(do="answer", kind="ladder", key="42", code="0123").key == "42"
    assert puzzle(do="give_up", kind="daily", key="2026-01-31").kind == "daily"


@pytest.mark.parametrize(
    ("fields", "why"),
    [
        ({"do": "dance"}, "do"),
        ({"do": "give_up"}, "no puzzle named"),
        ({"do": "give_up", "kind": "daily", "key": "2026-1-31"}, "no puzzle named"),
        ({"do": "give_up", "kind": "ladder", "key": "4x"}, "no puzzle named"),
        ({"do": "give_up", "kind": "ladder", "key": "1" * 19}, "key"),
        ({"do": "give_up", "kind": "group", "key": "2026-01-31"}, "no puzzle named"),
        ({"do": "answer", "kind": "ladder", "key": "42"}, "an answer is a short text"),
        ({"do": "answer", "kind": "ladder", "key": "42", "code": "1" * 33}, "code"),
        ({"do": "answer", "kind": "ladder", "key": "42", "code": 123}, "code"),
    ],
)
def test_a_puzzle_request_no_page_makes_is_a_bad_body(fields, why):
    with pytest.raises(schema.BadBody, match=why):
        puzzle(**fields)


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


def test_a_moves_record_is_read_back_from_the_database_as_it_was_kept():
    board = a_game().board
    record = schema.MoveRecord(changed=False, notice="again?", choices=[], board=board)
    kept = json.loads(json.dumps(schema.builtins(record)))  # as bot/page/records.py stores and reads it
    assert kept["matchBoard"] is None
    assert schema.convert(kept, schema.MoveRecord) == record


def test_every_answer_struct_round_trips_through_its_wire_form():
    for shape in (schema.ReviewOf, schema.Same, schema.Saved, schema.Ping, schema.PossibleHidden):
        made = msgspec.convert({}, shape) if shape is not schema.PossibleHidden else shape(coach=None)
        assert schema.decode(schema.encode(made), shape) == made


def test_the_schemas_puzzle_kinds_are_the_puzzles_own():
    assert set(schema.PuzzleKindName.__args__) == {kind.value for kind in PuzzleKind}


def test_a_record_kept_in_another_shape_is_a_bad_body_not_a_failure():
    with pytest.raises(schema.BadBody):
        schema.convert({"changed": True, "notice": "x", "board": {"pending": None}}, schema.MoveRecord)

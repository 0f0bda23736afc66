"""Which coach reviews may run on an event loop (quick_review), the remembered outlooks of tree positions, and the
walk down the optimal tree that replaces a replay (tree_guesses)."""

import pytest

from engine import analysis
from engine.analysis import quick_review, review_move, tree_guesses
from engine.guesser import next_guess
from engine.history import Turn, candidates
from engine.play import play
from engine.scoring import score
from engine.variant import PRESETS, variant_named

CLASSIC = PRESETS["classic"]


def turn(secret: str, guess: str) -> Turn:
    return Turn(guess, score(secret, guess))


def following_the_tree(secret: str, moves: int) -> list[Turn]:
    """The first `moves` turns of the engine's own game against `secret`."""
    history: list[Turn] = []
    for _ in range(moves):
        history.append(turn(secret, next_guess(CLASSIC, history)))
    return history


@pytest.fixture
def classic_reviewed():
    review_move(CLASSIC, [turn("4567", "0123")])  # loads the tree and the tables, as the bot's warm-up does


def test_a_variant_not_reviewed_lately_is_never_quick():
    mastermind = variant_named("mastermind")
    analysis._reviewed.pop(mastermind, None)
    assert not quick_review(mastermind, [turn("1122", next_guess(mastermind, ()))])


def test_a_game_that_follows_the_optimal_tree_is_reviewed_by_lookups(classic_reviewed):
    for moves in (1, 2, 3):
        assert quick_review(CLASSIC, following_the_tree("9482", moves))


def test_a_guess_off_the_tree_among_many_candidates_is_left_to_a_thread(classic_reviewed):
    history = [turn("9482", "5678")]  # not the tree's first guess: hundreds of codes still fit
    history.append(turn("9482", "0912"))
    assert not quick_review(CLASSIC, history)


def test_a_guess_off_the_tree_among_a_handful_of_candidates_is_quick(classic_reviewed):
    history = [turn("9482", g) for g in ("5678", "0912", "9431", "9462")]  # two codes still fit: 9452, 9482
    history.append(turn("9482", "9482"))
    assert quick_review(CLASSIC, history)


def test_big_variants_always_go_to_a_thread():
    six = variant_named("6")
    assert six.size > analysis.QUICK_CODES
    assert not quick_review(six, [turn("012345", "543210")])


@pytest.mark.parametrize("secret", ["9482", "0123", "7051", "3210", "5986"])
def test_the_outlook_read_from_the_trees_replay_is_the_one_worked_out(classic_reviewed, secret):
    for moves in range(1, 8):
        history = following_the_tree(secret, moves)
        if history[-1].answer.bulls == 4:
            return
        after = candidates(CLASSIC, history)
        assert analysis._outlook(CLASSIC, history, None, after) == analysis.outlook(CLASSIC, history)


@pytest.mark.parametrize("secret", ["9482", "0123", "7051", "3210"])
def test_walking_the_tree_counts_the_guesses_the_engine_plays(classic_reviewed, secret):
    first = turn(secret, next_guess(CLASSIC, ()))
    if first.answer.bulls == 4:
        assert tree_guesses(CLASSIC, secret, (first,)) == 1
        return
    assert tree_guesses(CLASSIC, secret, (first,)) == 1 + len(play(CLASSIC, secret, history=(first,)))


def test_a_first_guess_off_the_tree_has_no_walk(classic_reviewed):
    assert tree_guesses(CLASSIC, "9482", (turn("9482", "5678"),)) is None


def test_a_review_keeps_the_candidates_after_the_move_for_the_next_one(classic_reviewed):
    from engine import history as memo

    played = [turn("9482", g) for g in ("5678", "0912", "9431")]
    memo._remembered_sets.pop((CLASSIC, tuple(played)), None)
    review = review_move(CLASSIC, played)
    kept = memo._remembered_sets[(CLASSIC, tuple(played))]
    assert len(kept) == review.after
    assert sorted(kept.tolist()) == sorted(memo._fitting(CLASSIC, played, memo.np.arange(CLASSIC.size)).tolist())

"""Puzzle ratings: an attempt moves the player and the puzzle exactly as OpenSkill rates a two-side game, a new
puzzle starts where the engine's estimate puts it, the shown numbers (one scale for players and puzzles), when a
rating is established, and picking a puzzle near a player."""

from __future__ import annotations

import random
from math import sqrt
from statistics import NormalDist

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import ThurstoneMostellerFull

from bot.puzzles import rating as rules
from bot.records.rating import Skill
from engine.inverse import start_mu
from engine.inverse.difficulty import REFERENCE_ESTIMATE, START_MU_AT_REFERENCE

LIBRARY = ThurstoneMostellerFull()  # a model of the library's own, with its defaults, to compare with
mus = st.floats(0, 50)
sigmas = st.floats(0.5, 25 / 3)


def by_the_library(player: Skill, puzzle: Skill, solved: bool) -> tuple[tuple[float, float], tuple[float, float]]:
    teams = [[LIBRARY.rating(mu=player.mu, sigma=player.sigma)], [LIBRARY.rating(mu=puzzle.mu, sigma=puzzle.sigma)]]
    after = LIBRARY.rate(teams, ranks=[1, 2] if solved else [2, 1])
    return (after[0][0].mu, after[0][0].sigma), (after[1][0].mu, after[1][0].sigma)


@settings(max_examples=100, deadline=None)
@given(mus, sigmas, mus, sigmas, st.booleans())
def test_an_attempt_moves_both_ratings_as_the_library_rates_the_game(
    player_mu: float, player_sigma: float, puzzle_mu: float, puzzle_sigma: float, solved: bool
) -> None:
    player, puzzle = Skill(player_mu, player_sigma, 3), Skill(puzzle_mu, puzzle_sigma, 10)
    after = rules.attempted(player, puzzle, solved)
    expected_player, expected_puzzle = by_the_library(player, puzzle, solved)
    assert (after.player.mu, after.player.sigma) == expected_player
    assert (after.puzzle.mu, after.puzzle.sigma) == expected_puzzle
    assert (after.player.games, after.puzzle.games) == (4, 11)


def thurstone_mosteller(winner: Skill, loser: Skill) -> tuple[tuple[float, float], tuple[float, float]]:
    """Weng & Lin (2011), Algorithm 2 (Thurstone–Mosteller, full pairing) for two sides, written from the paper:
    (mu, sigma) of the winner and the loser after their game. tau = 25/300 is added to sigma first, beta = 25/6, the
    draw margin epsilon = 0.1, kappa = 1e-4, gamma = sigma_i / c; V(x, t) = phi(x - t) / Phi(x - t) and
    W(x, t) = V (V + x - t)."""
    normal, beta, tau, epsilon, kappa = NormalDist(), 25 / 6, 25 / 300, 0.1, 1e-4
    var_w, var_l = winner.sigma**2 + tau**2, loser.sigma**2 + tau**2
    c = sqrt(var_w + var_l + 2 * beta**2)
    x, t = (winner.mu - loser.mu) / c, epsilon / c
    v = normal.pdf(x - t) / normal.cdf(x - t)
    w = v * (v + x - t)
    after = []
    for mu, var, sign in ((winner.mu, var_w, 1), (loser.mu, var_l, -1)):
        delta = sqrt(var) / c * var / c**2 * w
        after.append((mu + sign * var / c * v, sqrt(var) * sqrt(max(1 - delta, kappa))))
    return after[0], after[1]


@pytest.mark.parametrize(
    ("player", "puzzle"),
    [(Skill(), Skill(25, 25 / 6)), (Skill(31, 2.5, 40), Skill(24, 1.3, 300)), (Skill(20, 4, 9), Skill(29, 3, 12))],
)
def test_an_attempt_moves_both_ratings_by_the_papers_formula(player: Skill, puzzle: Skill) -> None:
    solved = rules.attempted(player, puzzle, solved=True)
    (p_mu, p_sigma), (q_mu, q_sigma) = thurstone_mosteller(player, puzzle)
    assert (solved.player.mu, solved.player.sigma) == pytest.approx((p_mu, p_sigma), rel=1e-12)
    assert (solved.puzzle.mu, solved.puzzle.sigma) == pytest.approx((q_mu, q_sigma), rel=1e-12)
    failed = rules.attempted(player, puzzle, solved=False)
    (q_mu, q_sigma), (p_mu, p_sigma) = thurstone_mosteller(puzzle, player)
    assert (failed.player.mu, failed.player.sigma) == pytest.approx((p_mu, p_sigma), rel=1e-12)
    assert (failed.puzzle.mu, failed.puzzle.sigma) == pytest.approx((q_mu, q_sigma), rel=1e-12)


def test_solving_raises_the_player_and_lowers_the_puzzle_and_failing_the_reverse() -> None:
    player, puzzle = Skill(25, 3, 20), Skill(27, 2, 50)
    won, lost = rules.attempted(player, puzzle, True), rules.attempted(player, puzzle, False)
    assert won.player.mu > player.mu > lost.player.mu
    assert won.puzzle.mu < puzzle.mu < lost.puzzle.mu
    # an expected result moves less than a surprise
    assert won.player.mu - player.mu > player.mu - lost.player.mu


def test_the_solve_chance_is_the_librarys_prediction() -> None:
    player, puzzle = Skill(28, 2, 40), Skill(25, 1.5, 90)
    teams = [[LIBRARY.rating(mu=28, sigma=2)], [LIBRARY.rating(mu=25, sigma=1.5)]]
    assert rules.solve_chance(player, puzzle) == LIBRARY.predict_win(teams)[0]
    assert rules.solve_chance(Skill(25, 2), Skill(25, 3)) == pytest.approx(0.5)
    assert rules.solve_chance(Skill(30, 2), Skill(25, 3)) > 0.5 > rules.solve_chance(Skill(20, 2), Skill(25, 3))


def test_a_new_puzzle_starts_where_the_engine_estimates_it() -> None:
    middle = rules.puzzle_start(REFERENCE_ESTIMATE)
    assert (middle.mu, middle.sigma, middle.games) == (START_MU_AT_REFERENCE, 25 / 6, 0)
    assert rules.puzzle_start(33).mu == pytest.approx(start_mu(33)) == pytest.approx(25.3 + 12 * 0.8)
    assert rules.puzzle_start(15).mu < middle.mu < rules.puzzle_start(33).mu


def test_the_settled_sigma_is_where_a_players_rating_settles() -> None:
    sigma = 25 / 3
    for _ in range(2000):  # a settled player against an even, settled opponent: the game's shrinking meets tau
        side = LIBRARY.rating(mu=25, sigma=sigma)
        sigma = LIBRARY.rate([[side], [LIBRARY.rating(mu=25, sigma=sigma)]], ranks=[1, 2])[0][0].sigma
    assert pytest.approx(sigma, abs=0.005) == rules.SETTLED_SIGMA


def test_shown_numbers_are_one_scale_for_players_and_puzzles() -> None:
    assert rules.player_shown(Skill()) == 1500  # a newcomer
    assert rules.player_shown(Skill(30, 2, 40)) == rules.puzzle_shown(Skill(30, 4, 3)) == 1600  # σ aside
    # a player and a puzzle the model gives even odds show the same number, whatever the player's σ
    for sigma in (25 / 3, 4.0, rules.SETTLED_SIGMA):
        player, puzzle = Skill(27.3, sigma, 9), Skill(27.3, 1.1, 500)
        assert rules.solve_chance(player, puzzle) == pytest.approx(0.5)
        assert rules.puzzle_shown(puzzle) == rules.player_shown(player) == 1546


def rated_until_established(puzzle_sigma: float, solved: bool) -> int:
    player, count = Skill(), 0
    while not rules.established(player):
        player = rules.attempted(player, Skill(player.mu, puzzle_sigma, 10), solved).player
        count += 1
    return count


@pytest.mark.parametrize("solved", [True, False])
def test_a_rating_is_established_after_about_a_dozen_rated_puzzles_whatever_the_results(solved: bool) -> None:
    assert rated_until_established(rules.START_SIGMA, solved) == 14  # against new puzzles
    assert rated_until_established(rules.SETTLED_SIGMA, solved) == 9  # against settled ones
    player = Skill()
    for _ in range(3):  # three scripted answers, however they go, leave a rating provisional
        player = rules.attempted(player, Skill(45, rules.START_SIGMA), solved=True).player
    assert not rules.established(player)


def test_the_window_holds_the_puzzles_of_the_chances_it_names() -> None:
    player = Skill(27, 3, 30)
    low, high = rules.window(player)
    at = [rules.solve_chance(player, Skill(mu, rules.START_SIGMA)) for mu in (low, high)]
    assert at == pytest.approx([max(rules.WINDOW_CHANCES), min(rules.WINDOW_CHANCES)])
    spread = sqrt(2 * rules.MODEL.beta**2 + 9 + rules.START_SIGMA**2)
    centre = 27 - spread * NormalDist().inv_cdf(rules.TARGET_CHANCE)
    assert low < centre < high
    wider = rules.window(player, widen=1)
    assert wider[0] == pytest.approx(centre - 2 * (centre - low))
    assert wider[1] == pytest.approx(centre + 2 * (high - centre))


def test_a_new_players_window_is_wider_than_a_settled_ones() -> None:
    new, settled = rules.window(Skill()), rules.window(Skill(25, 1.5, 100))
    assert new[1] - new[0] > settled[1] - settled[0]


def candidates(*mus: float) -> list[rules.Candidate]:
    return [rules.Candidate(i, Skill(mu, 2, 30)) for i, mu in enumerate(mus, start=100)]


def test_pick_draws_among_the_puzzles_nearest_the_target_chance() -> None:
    player = Skill(25, 2, 40)
    pool = candidates(10, 15, 20, 22, 23, 24, 25, 26, 27, 35, 40)
    by_distance = sorted(pool, key=lambda c: abs(rules.solve_chance(player, c.skill) - rules.TARGET_CHANCE))
    nearest = {c.puzzle_id for c in by_distance[: rules.NEAREST]}
    rng = random.Random(3)
    picked = [rules.pick(player, pool, rng) for _ in range(200)]
    assert {c.puzzle_id for c in picked if c is not None} == nearest


def test_pick_never_gives_a_puzzle_already_seen() -> None:
    player, pool = Skill(), candidates(24, 25, 26)
    rng = random.Random(1)
    for _ in range(50):
        chosen = rules.pick(player, pool, rng, seen={100, 102})
        assert chosen is not None
        assert chosen.puzzle_id == 101
    assert rules.pick(player, pool, rng, seen={100, 101, 102}) is None
    assert rules.pick(player, [], rng) is None


def test_pick_is_the_same_for_the_same_draws() -> None:
    player, pool = Skill(26, 3, 9), candidates(*range(10, 40))
    first = [rules.pick(player, pool, random.Random(seed)) for seed in range(20)]
    again = [rules.pick(player, pool, random.Random(seed)) for seed in range(20)]
    assert first == again


def test_an_easier_target_picks_easier_puzzles() -> None:
    player, pool = Skill(25, 2, 40), candidates(*range(10, 41))
    rng = random.Random(5)
    easy = rules.pick(player, pool, rng, target=0.85)
    hard = rules.pick(player, pool, rng, target=0.3)
    assert easy is not None
    assert hard is not None
    assert easy.skill.mu < 25 < hard.skill.mu

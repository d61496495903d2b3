"""Ratings (issue 7): openskill Plackett-Luce, ties, and taken-over seats (AW1)."""

from __future__ import annotations

import pytest

from bot.ratings import (
    PROVISIONAL_GAMES,
    START,
    BoardRating,
    Rating,
    Standing,
    places_after_takeovers,
    points,
    rate,
)


def test_the_winner_gains_and_the_loser_drops() -> None:
    after = rate({}, {1: Standing(1), 2: Standing(2)})
    assert after[1].mu > Rating.initial().mu > after[2].mu
    assert after[1].sigma < Rating.initial().sigma


def test_tied_players_move_alike() -> None:
    after = rate({}, {1: Standing(1), 2: Standing(1), 3: Standing(3)})
    assert after[1] == after[2]
    assert after[1].mu > after[3].mu


def test_a_draw_between_equals_changes_no_ones_estimate() -> None:
    after = rate({}, {1: Standing(1), 2: Standing(1)})
    assert after[1].mu == after[2].mu == Rating.initial().mu


def test_a_taken_over_seat_ranks_below_every_seat_that_stayed() -> None:
    standings = {1: Standing(1, taken_over=True), 2: Standing(2), 3: Standing(3)}
    assert places_after_takeovers(standings) == {2: 1, 3: 2, 1: 3}
    after = rate({}, standings)
    assert after[1].mu < after[3].mu < after[2].mu


def test_takeovers_keep_ties_among_themselves() -> None:
    standings = {
        1: Standing(1),
        2: Standing(1),
        3: Standing(2, taken_over=True),
        4: Standing(2, taken_over=True),
        5: Standing(4, taken_over=True),
    }
    assert places_after_takeovers(standings) == {1: 1, 2: 1, 3: 3, 4: 3, 5: 5}


def test_existing_ratings_are_the_starting_point() -> None:
    strong = Rating(35.0, 3.0)
    after = rate({1: strong}, {1: Standing(2), 2: Standing(1)})
    assert after[1].mu < strong.mu
    assert after[2].mu > Rating.initial().mu
    assert strong.shown == 26.0


# -- the board's scale (issue 21, docs/ratings.md) ------------------------------------------------


def test_a_newcomer_is_shown_the_starting_rating() -> None:
    fresh = Rating.initial()
    assert fresh.shown == 0.0  # openskill's cautious estimate of a newcomer
    assert points(fresh.mu, fresh.sigma) == START == 1000
    assert BoardRating(fresh.mu, fresh.sigma, games=0).provisional


@pytest.mark.parametrize("seats", range(2, 9))
def test_one_lost_game_leaves_a_newcomer_far_above_zero(seats: int) -> None:
    # Last of up to eight newcomers: openskill's estimate goes below zero, the board's not.
    after = rate({}, {player: Standing(player) for player in range(1, seats + 1)})
    last = after[seats]
    assert last.shown < 0
    assert START * 0.8 < points(last.mu, last.sigma) < START
    first = after[1]
    assert points(first.mu, first.sigma) > START


def test_the_board_keeps_openskills_order_and_never_goes_below_zero() -> None:
    ratings = [Rating(mu, sigma) for mu in (-40.0, 0.0, 12.5, 25.0, 31.0) for sigma in (1, 4, 8)]
    ordered = sorted(ratings, key=lambda r: r.shown)
    shown = [points(r.mu, r.sigma) for r in ordered]
    assert shown == sorted(shown) and min(shown) == 0


def test_a_rating_is_provisional_for_the_first_rated_games() -> None:
    assert [BoardRating(25.0, 5.0, games).provisional for games in range(7)] == [
        games < PROVISIONAL_GAMES for games in range(7)
    ]
    assert PROVISIONAL_GAMES == 5

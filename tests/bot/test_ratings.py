"""Ratings (issue 7): openskill Plackett-Luce, ties, and taken-over seats (AW1)."""

from __future__ import annotations

from bot.ratings import Rating, Standing, places_after_takeovers, rate


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

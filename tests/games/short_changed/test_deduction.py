"""What a seat can work out from the public log (games/short_changed/deduction.py).

Each scenario deals chosen hands, plays real moves through the engine, and
checks what seat 0 deduces from its own view alone. Three seats hold
3 green (25), 4 blue (10), 5 red (5) and 6 white (1) between them and the bag
(SC1).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import combinations

import pytest

from games.ai.knowledge import Knowledge
from games.catalog import tactics_for
from games.short_changed import GAME
from games.short_changed.chips import Chips, supply
from games.short_changed.deduction import deduce, fits_clues, hands_of_size, read_ledger
from games.short_changed.game import can_short_change
from games.short_changed.model import Donate, Guess, ShortChange
from tests.games.short_changed.tables import (
    BLUES_AND_REDS,
    FIVE_WHITES,
    MINE,
    B,
    G,
    R,
    W,
    ante,
    dealt,
    in_play,
)


def test_before_the_pot_is_in_every_five_chip_hand_the_rest_allows_is_possible() -> None:
    state = dealt(MINE, FIVE_WHITES, BLUES_AND_REDS)
    deduction = deduce(GAME.view(state, 0))
    rest = supply(3) - MINE
    assert set(deduction.starts(1)) == set(hands_of_size(5, rest))
    assert sum(deduction.starts(1).values()) == pytest.approx(1.0)


def test_sc2_each_seat_held_the_chip_it_put_in_the_pot() -> None:
    state = dealt(MINE, FIVE_WHITES, BLUES_AND_REDS)
    ante(state, G, W, B)
    deduction = deduce(GAME.view(state, 0))
    assert all(start.white >= 1 for start in deduction.starts(1))
    assert all(start.blue >= 1 for start in deduction.starts(2))
    assert deduction.starts(1)[FIVE_WHITES] > 0
    # Hands now are the starts less the pick.
    assert set(deduction.hands(1)) == {start - Chips.of(W) for start in deduction.starts(1)}


def test_two_seats_cannot_hold_the_same_chips() -> None:
    # Seat 0 holds two of the three greens and seat 1 put the third in the pot.
    state = dealt(Chips.of(G, G, B, R, W), Chips.of(G, R, R, W, W), Chips.of(B, B, R, W, W))
    ante(state, W, G, W)
    deduction = deduce(GAME.view(state, 0))
    assert all(start.green == 1 for start in deduction.starts(1))
    assert all(start.green == 0 for start in deduction.starts(2))


def test_sc4_a_short_change_shows_what_was_given_was_held() -> None:
    state = dealt(MINE, FIVE_WHITES, BLUES_AND_REDS, first=1)
    ante(state, G, W, B)
    GAME.apply(state, 1, ShortChange(take=Chips.of(G), give=Chips.of(W, W, W, W)))
    deduction = deduce(GAME.view(state, 0))
    # The pick and the four given make five whites: the whole starting hand.
    assert deduction.starts(1) == {FIVE_WHITES: 1.0}
    assert deduction.hands(1) == {Chips.of(G): 1.0}
    assert deduction.certain_total(1) == 25
    assert deduction.likeliest_total(1) == (25, 1.0)


def test_the_chips_taken_are_known_to_be_in_the_hand() -> None:
    state = dealt(MINE, FIVE_WHITES, BLUES_AND_REDS, first=1)
    ante(state, G, W, B)
    GAME.apply(state, 1, ShortChange(take=Chips.of(G), give=Chips.of(W, W, W, W)))
    GAME.apply(state, 2, ShortChange(take=Chips.of(B, W, W), give=Chips.of(R)))
    deduction = deduce(GAME.view(state, 0))
    assert all(hand.contains(Chips.of(B, W, W)) for hand in deduction.hands(2))
    assert all(hand.count == 6 for hand in deduction.hands(2))
    assert deduction.certain_total(2) is None
    assert Chips.of(G, B, B, R, W, W) in deduction.hands(2)


def test_sc6_a_donation_says_no_short_change_was_possible() -> None:
    # A lone red in the pot: any hand with two whites could give them for it.
    pot = Chips.of(R)
    state = in_play(Chips.of(G, B, R), Chips.of(B, R, W, W), Chips.of(G, B, R, W), pot=pot, turn=2)
    before = deduce(GAME.view(state, 0))
    assert any(start.white >= 2 for start in before.starts(2))
    GAME.apply(state, 2, Donate(G))
    deduction = deduce(GAME.view(state, 0))
    assert deduction.starts(2)
    assert all(not can_short_change(start, pot) for start in deduction.starts(2))
    assert all(start.white <= 1 and start.green >= 1 for start in deduction.starts(2))


def test_sc5_a_wrong_guess_rules_that_total_out() -> None:
    state = dealt(MINE, FIVE_WHITES, BLUES_AND_REDS, first=0)
    ante(state, G, W, B)
    before = deduce(GAME.view(state, 0)).totals(1)
    wrong = next(total for total in before if total != state.hands[1].value)
    GAME.apply(state, 0, Guess(target=1, total=wrong))
    after = deduce(GAME.view(state, 0)).totals(1)
    assert wrong in before and wrong not in after
    assert sum(after.values()) == pytest.approx(1.0)


def test_the_odds_count_every_way_the_bag_could_have_dealt_the_hands() -> None:
    """Against brute force: deal the hidden chips one by one in every possible way."""
    state = dealt(MINE, FIVE_WHITES, BLUES_AND_REDS, first=1)
    ante(state, G, W, B)
    GAME.apply(state, 1, ShortChange(take=Chips.of(B), give=Chips.of(W, W)))
    view = GAME.view(state, 0)
    ledger = read_ledger(view)
    chips = list((supply(3) - MINE).colours())  # thirteen physical chips
    counts: Counter[tuple[Chips, Chips]] = Counter()
    for first in combinations(range(len(chips)), 5):
        rest = [i for i in range(len(chips)) if i not in first]
        one = Chips.of(*(chips[i] for i in first))
        if not fits_clues(one, ledger.clues[1]):
            continue
        for second in combinations(rest, 5):
            two = Chips.of(*(chips[i] for i in second))
            if fits_clues(two, ledger.clues[2]):
                counts[one, two] += 1
    deals = sum(counts.values())
    deduction = deduce(view)
    assert deduction.worlds == deals
    for seat, place in ((1, 0), (2, 1)):
        expected: Counter[Chips] = Counter()
        for pair, n in counts.items():
            expected[pair[place]] += n
        assert deduction.starts(seat) == pytest.approx({k: v / deals for k, v in expected.items()})


def test_drawn_deals_fit_the_log_and_follow_the_odds() -> None:
    state = dealt(MINE, FIVE_WHITES, BLUES_AND_REDS, first=1)
    ante(state, G, W, B)
    GAME.apply(state, 1, ShortChange(take=Chips.of(B), give=Chips.of(W, W)))
    deduction = deduce(GAME.view(state, 0))
    rng = random.Random(3)
    drawn: Counter[Chips] = Counter()
    for _ in range(4000):
        hands, bag = deduction.sample(rng)
        assert set(hands) == {1, 2}
        assert hands[1] in deduction.hands(1) and hands[2] in deduction.hands(2)
        assert hands[1] + hands[2] + bag + state.hands[0] + state.pot == supply(3)
        drawn[hands[1]] += 1
    for hand, odds in deduction.hands(1).items():
        assert drawn[hand] / 4000 == pytest.approx(odds, abs=0.03)


def test_a_log_that_cannot_have_happened_is_refused() -> None:
    state = dealt(MINE, FIVE_WHITES, BLUES_AND_REDS, first=1)
    ante(state, G, W, B)
    GAME.apply(state, 1, ShortChange(take=Chips.of(G), give=Chips.of(W, W, W, W)))
    view = GAME.view(state, 2)
    # Seat 2 claims to hold two whites: then seat 1 cannot have had five.
    assert view.hand is not None
    impossible = replace(view, hand=view.hand + Chips.of(W, W))
    with pytest.raises(ValueError, match="no deal"):
        deduce(impossible)


def test_only_a_seat_can_deduce() -> None:
    with pytest.raises(ValueError, match="seat's view"):
        deduce(GAME.view(GAME.new(3, seed=1), None))


MOVES_CHECKED = 120
"""Random games run long; the first moves are where the odds change most."""


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_in_random_games_the_real_hands_always_stay_possible(seats: int) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.new(seats, seed)
        for _ in range(MOVES_CHECKED):
            acting = GAME.to_act(state)
            if not acting:
                break
            seat = rng.choice(acting)
            deduction = deduce(GAME.view(state, seat))
            for other in deduction.others:
                assert deduction.hands(other).get(state.hands[other], 0) > 0
                certain = deduction.certain_total(other)
                assert certain is None or certain == state.hands[other].value
            GAME.apply(state, seat, GAME.random_action(state, seat, rng))


def test_worlds_drawn_from_the_deduction_keep_the_view_and_the_rules() -> None:
    tactics = tactics_for(GAME.key)
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.new(3, seed)
        for _ in range(MOVES_CHECKED):
            acting = GAME.to_act(state)
            if not acting:
                break
            seat = rng.choice(acting)
            knowledge = Knowledge(GAME, state, seat, refine=tactics.refine)
            world = knowledge.sample_world(rng)
            GAME.check_state(world)
            assert GAME.view(world, seat) == GAME.view(state, seat)
            assert GAME.legal_actions(world, seat) == GAME.legal_actions(state, seat)
            GAME.apply(state, seat, GAME.random_action(state, seat, rng))

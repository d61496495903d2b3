"""Tricky's basic tactics (games/tricky/advice.py) and the computer's use of them
(games/tricky/tactics.py), against the rules they lean on (TR2, TR6-TR9)."""

from __future__ import annotations

from games.tricky.advice import (
    bid_call,
    choose_pair,
    make_odds,
    reroll_choice,
    strength,
    trump_choice,
)
from games.tricky.dice import FACES
from games.tricky.model import Reroll
from games.tricky.tactics import _reroll_candidates
from games.tricky.tricks import pair_rank

# Die indices by kind: three of each, d4s first (games/tricky/dice.py).
D4, D6, D8, D10, D12, D20 = (0, 1, 2), (3, 4, 5), (6, 7, 8), (9, 10, 11), (12, 13, 14), (15, 16, 17)


def test_tr2_rerolls_exactly_the_dice_at_or_below_half_their_faces() -> None:
    values = [2, 3, 1, 3, 4, 6, 4, 5, 8, 5, 6, 10, 6, 7, 12, 10, 11, 20]
    assert reroll_choice(values) == (0, 2, 3, 6, 9, 12, 15)
    assert all(2 * values[i] <= FACES[i] for i in reroll_choice(values))


def test_tr7_any_pair_showing_trump_beats_every_pair_without() -> None:
    assert pair_rank(4, 1, 6, 7, trump=7) > pair_rank(20, 20, 20, 19, trump=7)
    assert pair_rank(20, 7, 20, 7, trump=7) > pair_rank(20, 7, 12, 12, trump=7), "two trumps"
    assert pair_rank(12, 11, 20, 19, trump=None) == 30, "without trump, the total"


def test_tr8_names_a_high_number_its_own_d20_shows_else_twenty() -> None:
    values = [1] * 18
    values[D20[0]], values[D20[1]] = 14, 9
    assert trump_choice(values) == 14
    values[D20[0]] = 10
    assert trump_choice(values) == 20, "no d20 shows 11 or more: name 20 for the multiplier"


def test_last_to_play_wins_the_trick_with_its_cheapest_winning_pair() -> None:
    held = [(D6[0], 6, 6), (D6[1], 6, 5), (D8[0], 8, 8), (D4[0], 4, 1)]
    trick = [(6, 3, 6, 4)]  # the leader played two d6s totalling 7
    # Must follow with d6s (TR6); 6+5 wins, and it is the only d6 pair.
    assert choose_pair(held, trick, trump=None, seats=2) == (D6[0], D6[1])
    held = [(D10[0], 10, 9), (D10[1], 10, 2), (D20[0], 20, 15), (D4[0], 4, 1)]
    trick = [(6, 3, 8, 4), (6, 1, 8, 2)]
    assert choose_pair(held, trick, trump=None, seats=3) == (D10[0], D4[0]), "10 beats 7, cheapest"


def test_not_last_to_play_sheds_its_lowest_pair() -> None:
    held = [(D20[0], 20, 18), (D20[1], 20, 17), (D4[0], 4, 1), (D6[0], 6, 2)]
    assert choose_pair(held, [], trump=None, seats=3) == (D4[0], D6[0])


def test_a_stronger_hand_is_likelier_to_make_the_same_bid() -> None:
    weak = strength([1] * 18)
    strong = strength([4, 4, 4, 6, 6, 6, 8, 8, 8, 10, 10, 10, 12, 12, 12, 20, 20, 20])
    assert make_odds(strong, 60, 3) > make_odds(weak, 60, 3)
    assert make_odds(strong, 60, 3) > make_odds(strong, 300, 3), "a bigger bid is harder"


def test_tr3_passes_a_big_bid_with_a_weak_hand_and_raises_with_a_strong_one() -> None:
    weak = strength([1] * 18)
    assert bid_call(weak, seats=3, minimum=150, score=0, target=300) is None
    strong = strength([4, 4, 4, 6, 6, 6, 8, 8, 8, 10, 10, 10, 12, 12, 12, 20, 20, 20])
    bid = bid_call(strong, seats=3, minimum=150, score=0, target=300)
    assert bid is not None and bid >= 150 and bid % 3 == 0, "raises come in seat-count steps"


def test_tr2_the_hard_search_weighs_the_basic_reroll_first_then_bolder_and_timider_ones() -> None:
    values = [2, 3, 1, 3, 4, 6, 4, 5, 8, 5, 6, 10, 6, 7, 12, 10, 11, 20]
    weighed = _reroll_candidates(values)
    candidates = [action.dice for action in weighed if isinstance(action, Reroll)]
    assert len(candidates) == len(weighed), "only re-rolls"
    assert candidates[0] == reroll_choice(values)
    assert len(set(candidates)) == len(candidates), "no re-roll weighed twice"
    assert () in candidates, "keeping every die is weighed"
    bolder = max(candidates, key=len)
    assert set(reroll_choice(values)) < set(bolder), "a bolder re-roll adds dice to the basic one"
    assert 15 in bolder and 17 not in bolder, "a d20 showing 10 goes again, one showing 20 stays"

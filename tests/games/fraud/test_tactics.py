"""The Fraud's basic tactics (games/fraud/odds.py, games/fraud/advice.py): the odds a seat
reads from its hand and the face-up discards, and the move least likely to cost it a card
(FR1, FR6, FR7)."""

from __future__ import annotations

import collections
import itertools
import math
import random

import pytest

from games.ai.knowledge import Knowledge
from games.core.game import Seat
from games.fraud import GAME
from games.fraud.advice import Situation, advise, leaning, opening_bids, situation_at_table
from games.fraud.cards import Card
from games.fraud.model import Bid, BidMade, CallFraud, CallOnTarget, FraudState
from games.fraud.odds import hypergeometric, outside, read, reading
from games.fraud.tactics import TACTICS
from tests.games.fraud.build import cards, table

RNG = random.Random(0)


def test_the_odds_of_matching_cards_are_hypergeometric() -> None:
    law = hypergeometric(population=10, matching=4, drawn=3)
    assert sum(law.odds) == pytest.approx(1.0)
    assert law.exactly(2) == pytest.approx(math.comb(4, 2) * math.comb(6, 1) / math.comb(10, 3))
    assert law.at_most(3) == pytest.approx(1.0) and law.at_most(-1) == 0.0
    assert law.mean == pytest.approx(3 * 4 / 10)


def test_fr1_a_seat_counts_its_own_cards_of_either_sign_and_reads_the_rest() -> None:
    hand = cards("+3c -3t +5s +1c -6t")
    reading = read("traditional", hand, discards=(), cards=15)
    assert reading.own[3] == 2 and reading.own[5] == 1
    assert reading.hidden == 10 and reading.unseen == 36 - 5
    # Six cards of each magnitude in the deck; the seat holds two 3s, so four are unseen.
    assert reading.expected(3) == pytest.approx(2 + 10 * 4 / 31)


def test_fr7_face_up_discards_are_counted_out() -> None:
    hand = cards("+3c -3t +5s +1c -6t")
    discards = cards("+3s -3s -3c")
    reading = read("traditional", hand, discards, cards=15)
    assert reading.unseen_matching[3] == 1, "six 3s: two held, three face up, one unseen"


def _situation(hand: str, standing: tuple[int, int] | None, discards: str = "") -> Situation:
    held = cards(hand)
    sizes = (5, 5, 5)
    reading = read("traditional", held, cards(discards), sum(sizes))
    made = None if standing is None else BidMade(seat=2, bid=Bid(*standing))
    return situation_at_table(reading, held, 0, made, sizes, spike_dice=False, suit=None, sign=None)


def test_fr6_calls_fraud_on_a_bid_the_table_cannot_hold() -> None:
    # Every other 2 is face up: the table holds no more 2s than the seat's one.
    rest = " ".join(f"{sign}2{suit}" for suit in "cts" for sign in "+-")
    discards = rest.replace("+2c ", "", 1)
    situation = _situation("+2c +4t +5s +1c -6t", (4, 2), discards)
    assert advise(situation, RNG) == CallFraud()


def test_fr6_calls_on_target_when_the_count_is_sure_to_be_exact() -> None:
    # The seat holds two 2s and sees the other four face up: the table holds exactly two.
    situation = _situation("+2c -2c +4t +5s +1c", (2, 2), "+2t -2t +2s -2s")
    assert advise(situation, RNG) == CallOnTarget()


def test_raises_rather_than_calling_a_bid_that_is_surely_good() -> None:
    situation = _situation("+4c -4c +4t -4t +4s", (2, 4))
    move = advise(situation, RNG)
    assert isinstance(move, Bid), "the seat holds five 4s: a two-4s bid is no fraud"


def test_opens_on_the_value_it_holds_most_of() -> None:
    situation = _situation("+5c -5t +5s -5c +1t", None)
    best = opening_bids(situation, RNG)[0]
    assert best.value == 5 and best.count >= 4


# -- reading the other seats' bids (the hard player's worlds) --------------------------------------


def test_an_opening_bid_reads_as_the_value_the_opener_holds_most_of() -> None:
    fives = _situation("+5c -5t +5s +1c -6t", None)
    none = _situation("+2c -3t +4s +1c -6t", None)
    assert leaning(fives, Bid(4, 5)) > 10 * leaning(none, Bid(4, 5))
    every = [Bid(count, value) for count in range(1, 16) for value in range(1, 7)]
    assert sum(leaning(fives, bid) for bid in every) == pytest.approx(1.0)


def test_a_raise_reads_as_a_value_the_raiser_holds() -> None:
    fours = _situation("+4c -4t +2s +1c -6t", (2, 3))
    assert leaning(fours, Bid(2, 4)) > 3 * leaning(fours, Bid(2, 5))


def test_a_hand_the_chance_cube_spares_is_not_read_as_raising() -> None:
    # FR11: a safe hand risks nothing by calling, so the tactics call fraud rather than raise.
    held = cards("+4c +4t +2s +1c -6t")
    reading = read("traditional", held, (), 15)
    standing = BidMade(seat=2, bid=Bid(2, 3))
    safe, exposed = (
        situation_at_table(
            reading, held, 0, standing, (5, 5, 5), spike_dice=False, suit=None, sign=sign
        )
        for sign in ("positive", "negative")
    )
    assert advise(safe, RNG) == CallFraud()
    assert leaning(safe, Bid(2, 4)) < leaning(exposed, Bid(2, 4)) / 5


def _posterior(state: FraudState, seat: Seat, other: Seat) -> dict[tuple[Card, ...], float]:
    """The exact chance of each hand ``other`` may hold, given its bids this round, as the
    hard player reads them: every deal of the unseen cards alike, times the bids' leaning."""
    view = GAME.view(state, seat)
    unseen = sorted([*state.draw_pile, *state.hands[other]])
    unshown = outside(view.deck, view.discards)
    odds: dict[tuple[Card, ...], float] = {}
    for hand in itertools.combinations(unseen, len(state.hands[other])):
        known = reading(unshown, hand, view.cards_at_table)
        fit = 1.0
        standing = None
        for made in state.bids:
            if made.seat == other:
                situation = situation_at_table(
                    known,
                    hand,
                    other,
                    standing,
                    view.hand_sizes,
                    spike_dice=False,
                    suit=None,
                    sign=None,
                )
                fit *= leaning(situation, made.bid)
            standing = made
        odds[hand] = odds.get(hand, 0.0) + fit
    total = sum(odds.values())
    return {hand: fit / total for hand, fit in odds.items()}


def test_the_hard_players_worlds_fit_the_bids_as_the_exact_odds_do() -> None:
    # Late in a game: seat 1 holds two of the seven cards seat 0 has not seen, and opened
    # the round with two 5s. The worlds must give it each hand as often as the exact odds.
    state = table("+2c -5t", "+2t -2s", "", bids=[(1, 2, 5)], opener=1, draw="-2c +5c -5c +3s +6t")
    exact = _posterior(state, seat=0, other=1)
    knowledge = Knowledge(GAME, state, 0, refine=TACTICS.refine)
    rng = random.Random(5)
    seen: collections.Counter[tuple[Card, ...]] = collections.Counter()
    worlds = 4000
    for _ in range(worlds):
        world = knowledge.sample_world(rng)
        GAME.check_state(world)
        assert GAME.view(world, 0) == knowledge.view
        seen[tuple(sorted(world.hands[1]))] += 1
    apart = sum(abs(seen[hand] / worlds - chance) for hand, chance in exact.items()) / 2
    assert apart < 0.05, f"the worlds are {apart:.2f} from the exact odds (total variation)"
    prior = 1 / len(exact)
    best = max(exact, key=exact.__getitem__)
    assert exact[best] > 3 * prior, "the bid tells: this case must not be a uniform one"

"""The Fraud's basic tactics (games/fraud/odds.py, games/fraud/advice.py): the odds a seat
reads from its hand and the face-up discards, and the move least likely to cost it a card
(FR1, FR6, FR7)."""

from __future__ import annotations

import math
import random

import pytest

from games.fraud.advice import Situation, advise, opening_bids, situation_at_table
from games.fraud.model import Bid, BidMade, CallFraud, CallOnTarget
from games.fraud.odds import hypergeometric, read
from tests.games.fraud.build import cards

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

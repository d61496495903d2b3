"""The basic tactics of The Fraud from Trandosha, for one seat that knows its odds.

A seat weighs each move by the chance it costs the seat a card:

* calling fraud costs a card when the table holds the bid's count or more (FR6);
* calling on target costs a card unless the table holds exactly the count;
* raising costs a card when the new bid is short and the next seat calls it,
  and with spike dice (FR9) when the next roll is doubles and another hand
  holds more cards of the bid's value than the seat does.

It makes the move least likely to cost it a card, raising by as little as it
can. A seat the suit die or the chance cube is likely to spare this round
(FR10, FR11) fears the judgment less, so it calls more readily. The opener bids
the value it expects most of, at a count the table holds with good odds.

The same advice plays the easy computer player (from its view) and every seat
in the hard player's rollouts (from what that seat knows in a sampled world),
so :class:`Situation` is built from either.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from games.core.game import Seat
from games.fraud.cards import Card, Sign, Suit
from games.fraud.model import Action, Bid, BidMade, CallFraud, CallOnTarget, FraudView
from games.fraud.odds import Reading, read
from games.fraud.showdown import cube_standing, suit_majority

__all__ = [
    "COUNT_SHARPNESS",
    "OPENING_CONFIDENCE",
    "OPENING_SHARPNESS",
    "RISK_SHARPNESS",
    "SPIKE_DOUBLES",
    "SUIT_SHIELD",
    "Situation",
    "advise",
    "leaning",
    "opening_bids",
    "raises",
    "shield",
    "situation_at_table",
    "situation_in_view",
]

OPENING_CONFIDENCE = 0.6
"""The opener bids a count the table holds with at least these odds, as it sees them."""
SPIKE_DOUBLES = 1 / 6
"""The chance two six-sided spike dice show the same symbol (FR9)."""
SUIT_SHIELD = 0.75
"""The chance a hand mostly of the rolled suit is the one the suit die protects: another
hand may qualify too, and then one of them is picked (FR10)."""

RISK_SHARPNESS = 12.0
"""How firmly a seat is taken to prefer its least risky move when its bids are read
(:func:`leaning`): a move's odds fall by a factor e for each 1/12 of a card it risks more."""
OPENING_SHARPNESS = 3.0
"""How firmly an opener is taken to bid the value it expects most of: the odds of a value
grow by e to this power for each card more it expects."""
COUNT_SHARPNESS = 1.5
"""How firmly an opener is taken to bid the count the table holds with good odds: the odds
of a count fall by e to this power for each card it is off."""
LEANING_STEPS = 3
"""Counts per value weighed as the other raises a seat could have made."""

_FRAUD = CallFraud()
_ON_TARGET = CallOnTarget()


@dataclass(frozen=True, slots=True)
class Situation:
    """What one seat knows that the basic tactics weigh."""

    seat: Seat
    reading: Reading
    standing: BidMade | None
    sizes: tuple[int, ...]
    """Every seat's hand size."""
    spike_dice: bool
    """Whether spike dice are rolled at the start of each turn (FR9)."""
    shield: float
    """The chance the seat loses nothing to this round's judgment (FR10, FR11)."""

    @property
    def cards_at_table(self) -> int:
        return sum(self.sizes)


def situation_in_view(view: FraudView, discards: Iterable[Card]) -> Situation:
    """The situation of the view's seat; ``discards`` is the face-up discard pile."""
    if view.viewer is None or view.hand is None:
        raise ValueError("advice needs a seat's view, not the public one")
    shield = 0.0
    if view.cube_standing == "safe":
        shield = 1.0
    elif view.suit_majority:
        shield = SUIT_SHIELD
    return Situation(
        seat=view.viewer,
        reading=read(view.deck, view.hand, discards, view.cards_at_table),
        standing=view.standing,
        sizes=view.hand_sizes,
        spike_dice=view.spike_dice is not None,
        shield=shield,
    )


def situation_at_table(
    reading: Reading,
    hand: tuple[Card, ...],
    seat: Seat,
    standing: BidMade | None,
    sizes: tuple[int, ...],
    *,
    spike_dice: bool,
    suit: Suit | None,
    sign: Sign | None,
) -> Situation:
    """The situation of a seat holding ``hand``, read as ``reading``, with the round's dice."""
    return Situation(seat, reading, standing, sizes, spike_dice, shield(hand, suit=suit, sign=sign))


def shield(hand: Sequence[Card], *, suit: Suit | None, sign: Sign | None) -> float:
    """The chance the round's dice spare ``hand`` the judgment: the chance cube surely when
    it leans to the rolled sign (FR11), the suit die likely when it is mostly of the rolled
    suit (FR10)."""
    if sign is not None and cube_standing(hand, sign) == "safe":
        return 1.0
    if suit is not None and suit_majority(hand, suit):
        return SUIT_SHIELD
    return 0.0


def advise(situation: Situation, rng: random.Random) -> Action:
    """The move least likely to cost the seat a card (see the module docstring)."""
    standing = situation.standing
    if standing is None:
        return opening_bids(situation, rng)[0]
    reading, bid = situation.reading, standing.bid
    exposed = 1.0 - situation.shield
    choices: list[tuple[float, Action]] = [
        ((1.0 - reading.below(bid)) * exposed, _FRAUD),
        ((1.0 - reading.exactly(bid)) * exposed, _ON_TARGET),
    ]
    ranked = raises(situation, rng)
    if ranked:
        choices.append(ranked[0])
    least = min(risk for risk, _action in choices)
    return next(action for risk, action in choices if risk <= least + 1e-9)


def raises(situation: Situation, rng: random.Random, *, steps: int = 1) -> list[tuple[float, Bid]]:
    """The raises over the standing bid, least risky first, each with its risk.

    For each value the smallest count allowed, and with ``steps`` > 1 that many
    counts from it; equal risks in random order.
    """
    standing = situation.standing
    assert standing is not None, "a raise needs a standing bid"
    found = [(risk, rng.random(), bid) for risk, bid in _raise_risks(situation, standing, steps)]
    found.sort(key=lambda item: (item[0], item[1]))
    return [(risk, bid) for risk, _tie, bid in found]


def _raise_risks(situation: Situation, standing: BidMade, steps: int) -> list[tuple[float, Bid]]:
    """Each raise over ``standing`` (``steps`` counts from the smallest, for every value) with
    its risk, in order of value and count."""
    held, reading = standing.bid, situation.reading
    exposed = 1.0 - situation.shield
    found: list[tuple[float, Bid]] = []
    for value in range(held.value, reading.top + 1):
        first = held.count if value > held.value else held.count + 1
        spike = _spike_risk(situation, value) if situation.spike_dice else 0.0
        for count in range(first, min(first + steps, situation.cards_at_table + 1)):
            bid = Bid(count, value)
            found.append(((reading.below(bid) + spike) * exposed, bid))
    return found


def opening_bids(situation: Situation, rng: random.Random, *, levels: int = 1) -> list[Bid]:
    """Opening bids, the best first: the values the seat expects most of, each at counts the
    table holds with good odds (``levels`` of them, from safe to bold)."""
    reading = situation.reading
    values = list(range(1, reading.top + 1))
    rng.shuffle(values)
    values.sort(key=lambda value: -_opening_worth(situation, value))
    confidences = (OPENING_CONFIDENCE, 0.8, 0.4)[:levels]
    bids: list[Bid] = []
    for value in values:
        for confidence in confidences:
            count = min(reading.likely_count(value, confidence), situation.cards_at_table)
            bid = Bid(count, value)
            if bid not in bids:
                bids.append(bid)
    return bids


def _opening_worth(situation: Situation, value: int) -> float:
    """How good a value is to open on: many expected at the table, and with spike dice, many
    in the seat's own hand."""
    worth = situation.reading.expected(value)
    if situation.spike_dice:
        worth -= _spike_risk(situation, value)
    return worth


def _spike_risk(situation: Situation, value: int) -> float:
    """The chance the next spike roll costs the seat a card with ``value`` standing: doubles,
    and some other hand holding more matching cards than the seat (FR9)."""
    reading = situation.reading
    mine = reading.own[value]
    none_above = 1.0
    for seat, size in enumerate(situation.sizes):
        if seat != situation.seat and size:
            none_above *= reading.others(value, size).at_most(mine)
    return SPIKE_DOUBLES * (1.0 - none_above)


def leaning(situation: Situation, bid: Bid) -> float:
    """The chance that a seat playing these tactics loosely makes ``bid`` in ``situation``.

    Loosely: rather than always the least risky move, each move with odds that
    fall the more it risks (a quantal response, :data:`RISK_SHARPNESS`), and the
    opener a value the more likely the more it expects of it, at about the count
    the table holds with good odds. The hard player reads the other seats' bids
    with it: a bid says something of the cards behind it.
    """
    standing = situation.standing
    if standing is None:
        return _opening_leaning(situation, bid)
    reading, held = situation.reading, standing.bid
    exposed = 1.0 - situation.shield
    risks = [(1.0 - reading.below(held)) * exposed, (1.0 - reading.exactly(held)) * exposed]
    mine: float | None = None
    for risk, option in _raise_risks(situation, standing, LEANING_STEPS):
        risks.append(risk)
        if option == bid:
            mine = risk
    if mine is None:  # a bigger jump than the raises weighed
        spike = _spike_risk(situation, bid.value) if situation.spike_dice else 0.0
        mine = (reading.below(bid) + spike) * exposed
        risks.append(mine)
    least = min(risks)
    total = sum(math.exp(-RISK_SHARPNESS * (risk - least)) for risk in risks)
    return math.exp(-RISK_SHARPNESS * (mine - least)) / total


def _opening_leaning(situation: Situation, bid: Bid) -> float:
    top, cards = situation.reading.top, situation.cards_at_table
    worths = [_opening_worth(situation, value) for value in range(1, top + 1)]
    best = max(worths)
    value_odds = math.exp(OPENING_SHARPNESS * (worths[bid.value - 1] - best)) / sum(
        math.exp(OPENING_SHARPNESS * (worth - best)) for worth in worths
    )
    likely = min(situation.reading.likely_count(bid.value, OPENING_CONFIDENCE), cards)
    count_odds = math.exp(-COUNT_SHARPNESS * abs(bid.count - likely)) / sum(
        math.exp(-COUNT_SHARPNESS * abs(count - likely)) for count in range(1, cards + 1)
    )
    return value_odds * count_odds

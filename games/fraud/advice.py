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

import random
from collections.abc import Iterable
from dataclasses import dataclass

from games.core.game import Seat
from games.fraud.cards import Card, Sign, Suit
from games.fraud.model import Action, Bid, BidMade, CallFraud, CallOnTarget, FraudView
from games.fraud.odds import Reading, read
from games.fraud.showdown import cube_standing, suit_majority

__all__ = [
    "OPENING_CONFIDENCE",
    "SPIKE_DOUBLES",
    "SUIT_SHIELD",
    "Situation",
    "advise",
    "opening_bids",
    "raises",
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
    shield = 0.0
    if sign is not None and cube_standing(hand, sign) == "safe":
        shield = 1.0
    elif suit is not None and suit_majority(hand, suit):
        shield = SUIT_SHIELD
    return Situation(seat, reading, standing, sizes, spike_dice, shield)


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
    held, reading = standing.bid, situation.reading
    exposed = 1.0 - situation.shield
    found: list[tuple[float, float, Bid]] = []
    for value in range(held.value, reading.top + 1):
        first = held.count if value > held.value else held.count + 1
        spike = _spike_risk(situation, value) if situation.spike_dice else 0.0
        for count in range(first, min(first + steps, situation.cards_at_table + 1)):
            bid = Bid(count, value)
            risk = (reading.below(bid) + spike) * exposed
            found.append((risk, rng.random(), bid))
    found.sort(key=lambda item: (item[0], item[1]))
    return [(risk, bid) for risk, _tie, bid in found]


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

"""The odds one seat can work out for the cards at the table (FR1, FR4, FR6, FR7).

From a seat's place every card of the deck is in one of three places: its own
hand, the discard pile (face up: each card there was turned up at the start or
shown at a reveal, FR7), or unseen, in another hand or the draw pile. The other
hands are a random draw from the unseen cards, so how many of their cards match
a value follows the hypergeometric law; adding the seat's own matching cards
gives the odds of every count at the table. A sylop matches every value (FR1),
so it is counted among the matching cards of each one.

A :class:`Reading` is that arithmetic for one seat. It knows nothing of the
bids: what they reveal is the computer's tactics' business, not plain odds.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from math import comb

from games.fraud.cards import Card, DeckKind, deck, top_value
from games.fraud.model import Bid

__all__ = ["Law", "Reading", "hypergeometric", "outside", "read", "reading"]


@dataclass(frozen=True, slots=True)
class Law:
    """The odds of each number of matching cards in a random draw."""

    odds: tuple[float, ...]
    """``odds[k]``: the chance of exactly ``k``."""
    up_to: tuple[float, ...]
    """``up_to[k]``: the chance of ``k`` or fewer."""

    def at_most(self, k: int) -> float:
        if k < 0:
            return 0.0
        return self.up_to[min(k, len(self.up_to) - 1)]

    def exactly(self, k: int) -> float:
        return self.odds[k] if 0 <= k < len(self.odds) else 0.0

    @property
    def mean(self) -> float:
        return sum(k * p for k, p in enumerate(self.odds))


@cache
def hypergeometric(population: int, matching: int, drawn: int) -> Law:
    """How many of ``drawn`` cards, dealt from ``population`` cards of which ``matching``
    match, match."""
    total = comb(population, drawn)
    odds = tuple(
        comb(matching, k) * comb(population - matching, drawn - k) / total
        for k in range(min(matching, drawn) + 1)
    )
    up_to: list[float] = []
    running = 0.0
    for p in odds:
        running += p
        up_to.append(min(running, 1.0))
    return Law(odds, tuple(up_to))


@dataclass(frozen=True, slots=True)
class Reading:
    """One seat's odds for the count of cards matching each value at the table."""

    top: int
    """The deck's top value: bids name values 1 to this."""
    own: tuple[int, ...]
    """``own[v]``: the seat's cards matching ``v`` (index 0: its sylops)."""
    unseen_matching: tuple[int, ...]
    """``unseen_matching[v]``: unseen cards matching ``v``, sylops included (index 0: the
    unseen sylops)."""
    unseen: int
    """Cards the seat has not seen: the other hands and the draw pile."""
    hidden: int
    """Cards in the other hands."""

    def others(self, value: int, cards: int | None = None) -> Law:
        """The odds for how many matching cards ``cards`` of the hidden ones hold (all of them
        by default; fewer for one other seat's hand)."""
        drawn = self.hidden if cards is None else cards
        return hypergeometric(self.unseen, self.unseen_matching[value], drawn)

    def below(self, bid: Bid) -> float:
        """The chance the table holds fewer matching cards than the bid claims."""
        return self.others(bid.value).at_most(bid.count - self.own[bid.value] - 1)

    def exactly(self, bid: Bid) -> float:
        """The chance the table holds exactly the bid's count."""
        return self.others(bid.value).exactly(bid.count - self.own[bid.value])

    def expected(self, value: int) -> float:
        """The expected number of cards at the table matching ``value``."""
        if not self.unseen:
            return float(self.own[value])
        return self.own[value] + self.hidden * self.unseen_matching[value] / self.unseen

    def likely_count(self, value: int, confidence: float) -> int:
        """The largest count the table holds for ``value`` with at least this confidence
        (at least 1, the smallest bid)."""
        law = self.others(value)
        count = self.own[value]
        for k in range(len(law.odds)):
            if 1.0 - law.at_most(k - 1) >= confidence:
                count = self.own[value] + k
        return max(1, count)


def read(kind: DeckKind, hand: Sequence[Card], discards: Iterable[Card], cards: int) -> Reading:
    """The reading of a seat holding ``hand`` with ``discards`` face up and ``cards`` at the
    table in all."""
    return reading(outside(kind, discards), hand, cards)


def outside(kind: DeckKind, discards: Iterable[Card]) -> tuple[int, ...]:
    """How many cards of each magnitude (index 0: the sylops) are not in the discard pile."""
    counts = list(_magnitude_counts(kind))
    for card in discards:
        counts[abs(card.value)] -= 1
    return tuple(counts)


def reading(unshown: tuple[int, ...], hand: Sequence[Card], cards: int) -> Reading:
    """The reading of a seat holding ``hand``, with ``unshown`` cards of each magnitude outside
    the discard pile (see :func:`outside`) and ``cards`` at the table in all."""
    magnitudes = [abs(card.value) for card in hand]
    held_sylops = magnitudes.count(0)
    unseen_sylops = unshown[0] - held_sylops
    values = range(1, len(unshown))
    return Reading(
        top=len(unshown) - 1,
        own=(held_sylops, *(magnitudes.count(value) + held_sylops for value in values)),
        unseen_matching=(
            unseen_sylops,
            *(unshown[value] - magnitudes.count(value) + unseen_sylops for value in values),
        ),
        unseen=sum(unshown) - len(magnitudes),
        hidden=cards - len(magnitudes),
    )


@cache
def _magnitude_counts(kind: DeckKind) -> tuple[int, ...]:
    counts = [0] * (top_value(kind) + 1)
    for card in deck(kind):
        counts[card.magnitude] += 1
    return tuple(counts)

"""Starting hands as bit sets: fast bookkeeping for deductions repeated thousands of times.

:mod:`games.short_changed.deduction` weighs every possibility exactly, once per
decision. Search rollouts and move scoring need the same kind of reasoning
after every simulated move, so here the starting hands a seat may have had
are the bits of one int (at most 56 hands of five chips), and each fact from
the log becomes a mask: "held at least these chips", "was not worth that",
"could not short change that pot". Narrowing a set is then a single ``&``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from math import comb

from games.short_changed.chips import Chips
from games.short_changed.deduction import Counts, could_short_change, hands_of_size

__all__ = ["Counts", "StartIndex", "bits", "start_index"]


@dataclass(slots=True)
class StartIndex:
    """Every starting hand of one size a limit allows, numbered; bit ``i`` is ``hands[i]``."""

    hands: tuple[Chips, ...]
    counts: tuple[Counts, ...]
    values: tuple[int, ...]
    _at_least: dict[Counts, int] = field(default_factory=dict)
    _within: dict[Counts, int] = field(default_factory=dict)
    _worth: dict[int, int] = field(default_factory=dict)
    _weights: dict[Counts, tuple[int, ...]] = field(default_factory=dict)

    def at_least(self, floor: Counts) -> int:
        """The hands holding at least ``floor`` of each colour (negative floors ask nothing)."""
        mask = self._at_least.get(floor)
        if mask is None:
            mask = 0
            for i, counts in enumerate(self.counts):
                if all(have >= need for have, need in zip(counts, floor, strict=True)):
                    mask |= 1 << i
            self._at_least[floor] = mask
        return mask

    def within(self, limit: Counts) -> int:
        """The hands that ``limit`` could supply."""
        mask = self._within.get(limit)
        if mask is None:
            mask = 0
            for i, counts in enumerate(self.counts):
                if all(have <= most for have, most in zip(counts, limit, strict=True)):
                    mask |= 1 << i
            self._within[limit] = mask
        return mask

    def worth(self, value: int) -> int:
        """The hands worth exactly ``value``."""
        mask = self._worth.get(value)
        if mask is None:
            mask = 0
            for i, worth in enumerate(self.values):
                if worth == value:
                    mask |= 1 << i
            self._worth[value] = mask
        return mask

    def stuck(self, candidates: int, change: Counts, pot: Chips) -> int:
        """Among ``candidates``, the starts whose hand (start plus ``change``) could not
        short change ``pot`` (SC6: what a donation, steal or pass tells)."""
        mask = 0
        pot_counts = pot.counts
        for i in bits(candidates):
            counts = self.counts[i]
            hand = (
                counts[0] + change[0],
                counts[1] + change[1],
                counts[2] + change[2],
                counts[3] + change[3],
            )
            if not could_short_change(hand, pot_counts):
                mask |= 1 << i
        return mask

    def weights(self, limit: Counts) -> tuple[int, ...]:
        """How many ways a bag of ``limit`` deals each hand (0 for hands it cannot)."""
        found = self._weights.get(limit)
        if found is None:
            found = tuple(
                _ways(limit, counts) if all(n >= 0 for n in limit) else 0 for counts in self.counts
            )
            self._weights[limit] = found
        return found

    def value_weights(self, mask: int, weights: Sequence[int]) -> dict[int, int]:
        """The total weight of the hands of ``mask`` at each value."""
        by_value: dict[int, int] = {}
        for i in bits(mask):
            value = self.values[i]
            by_value[value] = by_value.get(value, 0) + weights[i]
        return by_value


@lru_cache(maxsize=64)
def start_index(size: int, limit: Chips) -> StartIndex:
    hands = hands_of_size(size, limit)
    return StartIndex(
        hands=hands,
        counts=tuple(hand.counts for hand in hands),
        values=tuple(hand.value for hand in hands),
    )


def _ways(limit: Counts, counts: Counts) -> int:
    ways = 1
    for have, take in zip(limit, counts, strict=True):
        ways *= comb(have, take)
    return ways


def bits(mask: int) -> Iterator[int]:
    """The indices of the set bits, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def minus(counts: Sequence[int], change: Sequence[int]) -> Counts:
    return (
        counts[0] - change[0],
        counts[1] - change[1],
        counts[2] - change[2],
        counts[3] - change[3],
    )

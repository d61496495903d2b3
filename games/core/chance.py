"""Seeded randomness that lives inside a game's state.

A game must replay exactly from its seed and its action log, and its state must
survive a JSON round trip between any two actions. Storing a whole
``random.Random`` state would add 600 integers to every saved state, so instead
the state keeps the seed and a count of random events so far, and each random
event (a deal, a roll, a shuffle) draws its luck from both: either a fresh
generator (:meth:`Chance.next`) or, when the event needs a known amount of luck,
a block of random words (:meth:`Chance.words`, :meth:`Chance.below`,
:meth:`Chance.shuffle`), which costs a fraction of seeding a generator.
"""

from __future__ import annotations

import random
from collections.abc import Callable, MutableSequence
from dataclasses import dataclass
from functools import lru_cache
from hashlib import shake_128
from struct import Struct
from typing import Any

__all__ = ["Chance"]


@lru_cache(maxsize=64)
def _words_in(count: int) -> Callable[[bytes], tuple[int, ...]]:
    """Reads ``count`` little-endian 64-bit words from bytes, on a machine of either byte
    order: one C call makes every int (and the few counts used are kept compiled)."""
    return Struct(f"<{count}Q").unpack


@dataclass(slots=True)
class Chance:
    """The game's own source of luck: ``seed`` fixes it, ``draws`` is how far it has gone."""

    seed: int
    draws: int = 0

    def next(self) -> random.Random:
        """A generator for the next random event, different from every earlier one."""
        self.draws += 1
        # Seeded with text, which random hashes (SHA-512): integer seeds are fed to the
        # Mersenne Twister word by word, and (seed << 32) + draws collides across seeds.
        return random.Random(f"{self.seed}/{self.draws}")

    def words(self, count: int) -> tuple[int, ...]:
        """``count`` independent uniform 64-bit numbers: the luck of the next random event.

        Seeding the Mersenne Twister of :meth:`next` takes longer than most games
        take to deal a hand, so an event that needs a known amount of luck (a roll
        of many dice, a shuffle) reads it here instead: SHAKE-128 of the seed and
        the event's number, as little-endian words on every machine.
        ``word * n >> 64`` is then a uniform number below ``n`` (each value's
        chance is off by less than ``n / 2**64``, far too little to matter).
        """
        self.draws += 1
        luck = shake_128(f"{self.seed}/{self.draws}".encode()).digest(8 * count)
        return _words_in(count)(luck)

    def below(self, n: int) -> int:
        """A uniform number from 0 to ``n - 1``: the next random event."""
        return self.words(1)[0] * n >> 64

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle ``items`` in place, every order equally likely: the next random event.

        Each item gets a random word and the items are sorted by them: the sort runs in C,
        which makes it cheaper than a Fisher-Yates loop in Python. Words are distinct except
        with a chance below ``n**2 / 2**65`` (a tie keeps its two items in order), far too
        little to matter.
        """
        keys = self.words(len(items))
        order = sorted(range(len(items)), key=keys.__getitem__)
        items[:] = [items[i] for i in order]

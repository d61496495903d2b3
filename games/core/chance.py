"""Seeded randomness that lives inside a game's state.

A game must replay exactly from its seed and its action log, and its state must
survive a JSON round trip between any two actions. Storing a whole
``random.Random`` state would add 600 integers to every saved state, so instead
the state keeps the seed and a count of random events so far, and each random
event (a deal, a roll, a shuffle) draws its luck from both: either from
:meth:`Chance.next`, or, when the event needs a known amount of luck, from a
block of random words (:meth:`Chance.words`, :meth:`Chance.below`,
:meth:`Chance.shuffle`).

What :meth:`Chance.next` draws from depends on the seed, so that every game
replays as it was played:

* a seed below :data:`LUCK_BY_WORDS` (every table dealt before 26 November 2026,
  and any small seed a test picks) gets a Mersenne Twister seeded for that
  event, as it always did;
* a seed from :data:`LUCK_BY_WORDS` up (:func:`fresh_seed`, how new tables are
  seeded) gets the event's SHAKE-128 words (:class:`WordLuck`): the same
  luck :meth:`Chance.words` reads, at a fraction of the cost of seeding a
  generator, which took longer than the rest of a Short Changed deal.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, MutableSequence, Sequence
from dataclasses import dataclass
from functools import lru_cache
from hashlib import shake_128
from struct import Struct
from typing import Any, Protocol, TypeVar

__all__ = ["LUCK_BY_WORDS", "Chance", "Luck", "WordLuck", "fresh_seed"]

T = TypeVar("T")

LUCK_BY_WORDS = 1 << 62
"""Seeds from here up draw each :meth:`Chance.next` event from words (:class:`WordLuck`).

Older tables were seeded with 62 random bits, so their seeds all lie below it and
keep the generators they were dealt with. A seed is at most 63 bits: it still fits
the database's signed 64-bit integers."""


def fresh_seed(bits: Callable[[int], int] = secrets.randbits) -> int:
    """A seed for a new table: 62 random bits (``bits(62)``), its luck drawn by words."""
    return LUCK_BY_WORDS | bits(62)


class Luck(Protocol):
    """The luck of one random event, as :meth:`Chance.next` gives it.

    ``random.Random`` is one (a table seeded before :data:`LUCK_BY_WORDS`);
    :class:`WordLuck` is the other.
    """

    def random(self) -> float: ...

    def randrange(self, stop: int, /) -> int: ...

    def randint(self, a: int, b: int, /) -> int: ...

    def choice(self, seq: Sequence[T], /) -> T: ...

    def shuffle(self, x: MutableSequence[Any], /) -> None: ...


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

    def next(self) -> Luck:
        """The luck of the next random event, different from every earlier one."""
        self.draws += 1
        if self.seed >= LUCK_BY_WORDS:
            return WordLuck(f"{self.seed}/{self.draws}".encode())
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


class WordLuck:
    """One event's luck read from SHAKE-128 of the seed and the event's number.

    The words are the ones :meth:`Chance.words` gives for the event, read as the event
    asks for them (two dice take one word each). ``word * n >> 64`` is a number below
    ``n`` (off uniform by under ``n / 2**64``), and a shuffle sorts by a word per item,
    as :meth:`Chance.shuffle` does.
    """

    __slots__ = ("_key", "_used")

    def __init__(self, key: bytes) -> None:
        self._key = key
        self._used = 0

    def _words(self, count: int) -> tuple[int, ...]:
        start, self._used = self._used, self._used + count
        # SHAKE is an extendable output: a longer digest starts with the shorter one.
        luck = shake_128(self._key).digest(8 * self._used)[8 * start :]
        return _words_in(count)(luck)

    def random(self) -> float:
        """A float in [0, 1), from the word's top 53 bits."""
        return (self._words(1)[0] >> 11) * 2.0**-53

    def randrange(self, stop: int, /) -> int:
        if stop <= 0:
            raise ValueError(f"empty range for randrange({stop})")
        return self._words(1)[0] * stop >> 64

    def randint(self, a: int, b: int, /) -> int:
        return a + self.randrange(b - a + 1)

    def choice(self, seq: Sequence[T], /) -> T:
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        return seq[self.randrange(len(seq))]

    def shuffle(self, x: MutableSequence[Any], /) -> None:
        keys = self._words(len(x))
        order = sorted(range(len(x)), key=keys.__getitem__)
        x[:] = [x[i] for i in order]

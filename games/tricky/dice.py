"""Dice: the 18 every seat holds, named by a fixed index so actions stay small.

Each seat has three each of d4, d6, d8, d10, d12 and d20 (TR1), always in that
order: dice 0-2 are the d4s, 3-5 the d6s, ... 15-17 the d20s. A die's *kind* is
its number of faces; its index never changes, only the value it shows.

A seat's unplayed dice are a bit set (bit ``i`` set = die ``i`` still behind
the screen), which makes the match rule (TR6) a couple of ``&`` operations.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import product
from typing import NamedTuple

__all__ = [
    "ALL_DICE",
    "DICE_PER_KIND",
    "DICE_PER_SEAT",
    "FACES",
    "KINDS",
    "KIND_MASK",
    "KIND_MASK_OF",
    "WORDS_PER_SET",
    "Die",
    "dice_in",
    "die_text",
    "roll_again",
    "roll_from",
    "roll_set",
]

KINDS: tuple[int, ...] = (4, 6, 8, 10, 12, 20)
"""The kinds of die, by number of faces, in index order."""
DICE_PER_KIND = 3
DICE_PER_SEAT = DICE_PER_KIND * len(KINDS)

FACES: tuple[int, ...] = tuple(faces for faces in KINDS for _ in range(DICE_PER_KIND))
"""``FACES[i]``: how many faces die ``i`` has."""

ALL_DICE = (1 << DICE_PER_SEAT) - 1
"""The bit set of a full, unplayed set of 18 dice."""

KIND_MASK: dict[int, int] = {
    faces: ((1 << DICE_PER_KIND) - 1) << (DICE_PER_KIND * n) for n, faces in enumerate(KINDS)
}
"""The bits of the three dice of each kind."""

KIND_MASK_OF: tuple[int, ...] = tuple(KIND_MASK[faces] for faces in FACES)
"""``KIND_MASK_OF[i]``: the bits of every die of the same kind as die ``i``."""

_LOW_BITS = 9
_LOW = tuple(tuple(i for i in range(_LOW_BITS) if mask >> i & 1) for mask in range(1 << _LOW_BITS))
_HIGH = tuple(tuple(i + _LOW_BITS for i in low) for low in _LOW)


class Die(NamedTuple):
    """A die as the table sees it once played: its kind and the value it shows."""

    faces: int
    value: int

    def __str__(self) -> str:
        return die_text(self.faces, self.value)


def die_text(faces: int, value: int) -> str:
    """``d12:7``: a twelve-sided die showing 7, the way dice are written everywhere."""
    return f"d{faces}:{value}"


def dice_in(mask: int) -> tuple[int, ...]:
    """The indices of the dice in a bit set, lowest first (two table look-ups, no loop)."""
    return _LOW[mask & 511] + _HIGH[mask >> _LOW_BITS]


_TRIPLES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(product(range(1, faces + 1), repeat=DICE_PER_KIND)) for faces in KINDS
)
"""Every way the three dice of each kind can land, so one random number rolls all three."""


_D4, _D6, _D8, _D10, _D12, _D20 = _TRIPLES
_N4, _N6, _N8, _N10, _N12, _N20 = (len(triples) for triples in _TRIPLES)
_WAYS_4_8, _WAYS_6_10 = _N4 * _N8, _N6 * _N10
_WAYS_4_8_20, _WAYS_6_10_12 = _WAYS_4_8 * _N20, _WAYS_6_10 * _N12

WORDS_PER_SET = 2
"""The random words :func:`roll_from` reads for one set: one rolls the d4s, d8s and d20s,
the other the d6s, d10s and d12s."""


def roll_from(words: Sequence[int], start: int) -> list[int]:
    """A roll of a whole set of 18 dice, in index order, from two random 64-bit words
    (``words[start]`` and ``words[start + 1]``, see :meth:`games.core.chance.Chance.words`).

    Rolling is the hot part of setting up a hand, so each word rolls three kinds at once.
    Taken modulo the number of ways its three kinds can land together, the word is a
    uniform number (to within ``n / 2**64``, less than one part in 10**10 here), and its
    digits in the mixed base of the three kinds' counts of triples pick each kind's triple:
    each uniform, and independent of the others. The kinds are paired small with large so
    that both moduli stay below ``2**30``: everything after the first ``%`` is then
    arithmetic on one-digit Python ints, the cheap kind. Written out kind by kind rather
    than looped over, as this runs for every set of every hand.
    """
    d4_d8_d20 = words[start] % _WAYS_4_8_20
    d6_d10_d12 = words[start + 1] % _WAYS_6_10_12
    return [
        *_D4[d4_d8_d20 % _N4],
        *_D6[d6_d10_d12 % _N6],
        *_D8[d4_d8_d20 // _N4 % _N8],
        *_D10[d6_d10_d12 // _N6 % _N10],
        *_D12[d6_d10_d12 // _WAYS_6_10],
        *_D20[d4_d8_d20 // _WAYS_4_8],
    ]


def roll_set(rng: random.Random) -> list[int]:
    """A roll of a whole set of 18 dice, in index order, from a generator (for sampling
    worlds, see :meth:`games.tricky.game.TrickyGame.redeal`): each kind's three dice from
    one ``random()`` (the float's 53 bits make any unevenness far too small to matter)."""
    draw = rng.random
    return [
        *_D4[int(draw() * _N4)],
        *_D6[int(draw() * _N6)],
        *_D8[int(draw() * _N8)],
        *_D10[int(draw() * _N10)],
        *_D12[int(draw() * _N12)],
        *_D20[int(draw() * _N20)],
    ]


def roll_again(values: list[int], dice: tuple[int, ...], rng: random.Random) -> None:
    """Roll the given dice of a set afresh, in place."""
    draw = rng.random
    for index in dice:
        values[index] = int(draw() * FACES[index]) + 1

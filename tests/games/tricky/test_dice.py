"""The luck of the dice (TR1): :func:`roll_from` turns random words into a fair roll.

Each word rolls three kinds at once, so besides every kind's triples being equally
likely, the kinds must not lean on each other. The rolls come from seeded
:class:`Chance` words, as in play, so these counts never change from run to run.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import combinations, product
from math import sqrt

import pytest

from games.core.chance import Chance
from games.tricky.dice import DICE_PER_KIND, DICE_PER_SEAT, FACES, KINDS, WORDS_PER_SET, roll_from

SETS = 48_000
"""Six rolls, on average, for each of the 8,000 ways three d20s can land."""


@pytest.fixture(scope="module")
def rolls() -> list[list[int]]:
    words = Chance(2024).words(WORDS_PER_SET * SETS)
    return [roll_from(words, start) for start in range(0, len(words), WORDS_PER_SET)]


def triple(roll: list[int], kind: int) -> tuple[int, ...]:
    """The three dice of one kind (by its place in :data:`KINDS`)."""
    return tuple(roll[DICE_PER_KIND * kind : DICE_PER_KIND * (kind + 1)])


def assert_uniform(counts: Counter[tuple[int, ...]], outcomes: Iterable[tuple[int, ...]]) -> None:
    """Nothing else turns up, and Pearson's chi-squared statistic is within six standard
    deviations of its mean for that many outcomes (a biased or lopsided roll is far off)."""
    expected = list(outcomes)
    assert set(counts) <= set(expected)
    mean = sum(counts.values()) / len(expected)
    statistic = sum((counts[outcome] - mean) ** 2 / mean for outcome in expected)
    freedom = len(expected) - 1
    assert statistic < freedom + 6 * sqrt(2 * freedom)


def test_tr1_every_way_a_kind_can_land_is_equally_likely(rolls: list[list[int]]) -> None:
    for kind, faces in enumerate(KINDS):
        counts = Counter(triple(roll, kind) for roll in rolls)
        assert_uniform(counts, product(range(1, faces + 1), repeat=DICE_PER_KIND))


def test_tr1_the_kinds_roll_independently(rolls: list[list[int]]) -> None:
    # Every two dice of different kinds land every way equally often (two of one kind are
    # covered above); a die of one kind leaning on another kind would show up here.
    columns = list(zip(*rolls, strict=True))
    for a, b in combinations(range(DICE_PER_SEAT), 2):
        if FACES[a] != FACES[b]:
            counts: Counter[tuple[int, ...]] = Counter(zip(columns[a], columns[b], strict=True))
            assert_uniform(counts, product(range(1, FACES[a] + 1), range(1, FACES[b] + 1)))

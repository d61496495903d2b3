"""Tricks: which pairs a seat may play (TR6) and who wins a trick (TR7).

Pure functions over bit sets of dice and played :class:`Die` pairs, so the
rules can be tested without building a table.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from games.tricky.dice import KIND_MASK_OF, Die, dice_in

__all__ = [
    "BOTH_TRUMP",
    "TRICKS_PER_HAND",
    "TRUMP_PAIR",
    "leader_kinds",
    "legal_pairs",
    "pair_follows",
    "pair_rank",
    "trick_winner",
]

TRICKS_PER_HAND = 9
"""18 dice, two a trick."""


def leader_kinds(first: int, second: int) -> int:
    """The bits of every die of a kind the leader played (the kinds to match, TR6)."""
    return KIND_MASK_OF[first] | KIND_MASK_OF[second]


def pair_follows(unplayed: int, lead: int, first: int, second: int) -> bool:
    """Whether a pair keeps the match rule (TR6).

    ``lead`` is :func:`leader_kinds` of the leader's play, or 0 for the leader
    itself. A seat holding a die of one of those kinds must play at least one
    such die; a seat holding none may play any pair.
    """
    if not unplayed & lead:
        return True
    return bool(((1 << first) | (1 << second)) & lead)


def legal_pairs(unplayed: int, lead: int) -> Iterator[tuple[int, int]]:
    """Every pair of unplayed dice a seat may play, lower index first."""
    dice = dice_in(unplayed)
    matching = unplayed & lead
    for n, first in enumerate(dice):
        first_matches = matching >> first & 1
        for second in dice[n + 1 :]:
            if not matching or first_matches or matching >> second & 1:
                yield first, second


def pair_rank(faces_a: int, value_a: int, faces_b: int, value_b: int, trump: int | None) -> int:
    """How a pair ranks in a trick (TR7), as one number: of two pairs the higher rank wins,
    and the earlier play wins equal ranks.

    A pair with a die showing trump outranks every pair without one. Among those,
    both dice trump beats one; then the higher second die; then the trump die with
    more faces; then the second die with fewer faces (with both dice trump, the one
    with more faces is the trump die). Pairs without trump rank by their total.

    The trump ranks are those four comparisons packed into 5-bit fields, most
    significant first (values and faces are at most 20), above :data:`TRUMP_PAIR`,
    which is more than any total (or :data:`BOTH_TRUMP`).
    """
    if value_a == trump:
        if value_b == trump:
            high, low = (faces_a, faces_b) if faces_a >= faces_b else (faces_b, faces_a)
            return BOTH_TRUMP + (value_b << 10) + (high << 5) + 31 - low
        return TRUMP_PAIR + (value_b << 10) + (faces_a << 5) + 31 - faces_b
    if value_b == trump:
        return TRUMP_PAIR + (value_a << 10) + (faces_b << 5) + 31 - faces_a
    return value_a + value_b


TRUMP_PAIR = 1 << 15
"""The least rank of a pair with one die showing trump."""
BOTH_TRUMP = 2 << 15
"""The least rank of a pair with both dice showing trump."""


def trick_winner(plays: Sequence[tuple[Die, Die]], trump: int | None) -> int:
    """The position in play order of the pair that wins the trick (TR7, see :func:`pair_rank`)."""
    best, winner = -1, -1
    for position, (a, b) in enumerate(plays):
        rank = pair_rank(a.faces, a.value, b.faces, b.value, trump)
        if rank > best:  # strictly better: the earlier play keeps a tie
            best, winner = rank, position
    return winner

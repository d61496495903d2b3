"""Tricks: which pairs a seat may play (TR6) and who wins a trick (TR7).

Pure functions over bit sets of dice and played :class:`Die` pairs, so the
rules can be tested without building a table.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from games.tricky.dice import KIND_MASK_OF, Die, dice_in

__all__ = ["TRICKS_PER_HAND", "leader_kinds", "legal_pairs", "pair_follows", "trick_winner"]

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


def trick_winner(plays: Sequence[tuple[Die, Die]], trump: int | None) -> int:
    """The position in play order of the pair that wins the trick (TR7).

    Only pairs with a die showing the trump number can win when any was played:
    both dice trump beats one; then the higher second die; then the trump die
    with more faces; then the second die with fewer faces; then the earlier
    play. With both dice trump, the one with more faces is the trump die. When
    no die shows trump (or there is no trump), the highest total wins and the
    earlier play breaks a tie.
    """
    if trump is not None:
        best: tuple[bool, int, int, int] | None = None
        winner = -1
        for position, (a, b) in enumerate(plays):
            a_trump, b_trump = a.value == trump, b.value == trump
            if not (a_trump or b_trump):
                continue
            if a_trump and b_trump:
                trump_die, second = (a, b) if a.faces >= b.faces else (b, a)
            else:
                trump_die, second = (a, b) if a_trump else (b, a)
            rank = (a_trump and b_trump, second.value, trump_die.faces, -second.faces)
            if best is None or rank > best:  # strictly better: the earlier play keeps a tie
                best, winner = rank, position
        if best is not None:
            return winner
    highest, winner = -1, -1
    for position, (a, b) in enumerate(plays):
        total = a.value + b.value
        if total > highest:  # strictly higher: the earlier play keeps a tie
            highest, winner = total, position
    return winner

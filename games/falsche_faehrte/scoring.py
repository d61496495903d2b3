"""The face-down pile's verdict and what a round is worth: when the face-down cards are
turned (AF4), Plus or Minus (AF5), round points (AF9)."""

from __future__ import annotations

from collections.abc import Sequence

from games.falsche_faehrte.model import RoundType

__all__ = [
    "LAST_REVEAL",
    "PLACE_POINTS",
    "round_points",
    "round_type",
    "threshold",
    "turned_after",
    "worst_seats",
]

LAST_REVEAL = 5
"""The last face-down card is turned after trick 5, one after each trick before it (AF4)."""

PLACE_POINTS: dict[int, tuple[int, ...]] = {3: (3, 2, 0), 4: (4, 3, 2, 0)}
"""Points by place, best first (AF9)."""


def turned_after(tricks_done: int, seats: int) -> int:
    """How many face-down cards are face up after that many tricks: one after each of tricks
    3-5 with three seats, 2-5 with four (AF4)."""
    return min(max(tricks_done - (LAST_REVEAL - seats), 0), seats)


def threshold(seats: int) -> int:
    """The face-down total from which a round is a Plus round: 14 with three seats, 24 with
    four (AF5)."""
    return 14 if seats == 3 else 24


def round_type(total: int, seats: int) -> RoundType:
    return "plus" if total >= threshold(seats) else "minus"


def _standing(tricks: Sequence[int], kind: RoundType) -> list[int]:
    """Higher is better: trick counts in a Plus round, their negation in a Minus round."""
    return list(tricks) if kind == "plus" else [-count for count in tricks]


def worst_seats(tricks: Sequence[int], kind: RoundType) -> tuple[int, ...]:
    """The seats doing worst: fewest tricks in a Plus round, most in a Minus round (AF8)."""
    standing = _standing(tricks, kind)
    worst = min(standing)
    return tuple(seat for seat, value in enumerate(standing) if value == worst)


def round_points(tricks: Sequence[int], kind: RoundType) -> tuple[int, ...]:
    """AF9: seats tied on tricks share a place (1, 1, 3, 4) and its points; every seat whose
    count equals the worst count gets 0, even when all are tied."""
    standing = _standing(tricks, kind)
    worst = min(standing)
    table = PLACE_POINTS[len(tricks)]
    return tuple(
        0 if value == worst else table[sum(other > value for other in standing)]
        for value in standing
    )

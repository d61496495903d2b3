"""Plus or Minus, and what a round is worth (AF5, AF9)."""

from __future__ import annotations

from collections.abc import Sequence

from games.falsche_faehrte.model import RoundType

__all__ = ["PLACE_POINTS", "round_points", "round_type", "threshold", "worst_seats"]

PLACE_POINTS: dict[int, tuple[int, ...]] = {3: (3, 2, 0), 4: (4, 3, 2, 0)}
"""Points by place, best first (AF9)."""


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

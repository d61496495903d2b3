"""What a game's picture module provides: the table drawn from the public view, a hand
drawn from one seat's view with its panel's draft highlighted."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from cogs.pictures.kit import Sketch

__all__ = ["Artist"]


class Artist(Protocol):
    """One game's pictures. Both methods read a view and names only, never a state."""

    def table(self, view: Any, names: Sequence[str]) -> Sketch:
        """The public table (``view(state, None)``); once over, the final table and standings."""

    def hand(self, view: Any, names: Sequence[str], draft: str) -> Sketch:
        """A seat's own pieces (``view(state, seat)``); the draft's pieces highlighted."""


def standings(
    scores: Sequence[int], names: Sequence[str], *, higher_is_better: bool = True
) -> list[str]:
    """``1. Ann · 52`` lines, best first, ties sharing a place."""
    sign = -1 if higher_is_better else 1
    order = sorted(range(len(scores)), key=lambda seat: (sign * scores[seat], seat))
    lines = []
    for seat in order:
        place = 1 + sum(1 for other in scores if sign * other < sign * scores[seat])
        lines.append(f"{place}. {names[seat]} · {scores[seat]}")
    return lines

"""The most points a hand could possibly give a bidder: a bid above it cannot be made.

Points taken are the values on all dice won in tricks (TR8), and nine tricks of two
dice from every seat use every die at the table (TR6), so the most anyone can take is
the sum of every die's value. A seat knows its own dice; everyone else's may show the
highest face of each. Read from a view, so the same fact serves the seat's panel (its
own dice known) and the public table (none known).
"""

from __future__ import annotations

from games.tricky.dice import DICE_PER_KIND, KINDS
from games.tricky.model import TrickyView

__all__ = ["HIGHEST_PER_SEAT", "most_points_possible"]

HIGHEST_PER_SEAT = DICE_PER_KIND * sum(KINDS)
"""A seat's 18 dice all showing their highest face (TR1): 180."""


def most_points_possible(view: TrickyView) -> int:
    """The most points a seat could take this hand, as far as the viewer can know.

    Before the tricks every die is still in play; the viewer's own dice count at what they
    show, every other seat's at their highest faces.
    """
    if view.dice is None:
        return view.seats * HIGHEST_PER_SEAT
    own = sum(die.value for die in view.dice)
    return own + (view.seats - 1) * HIGHEST_PER_SEAT

"""Chips: four colours, each worth a fixed amount, counted rather than listed.

Chips of one colour are interchangeable, so a hand, the pot or the bag is just
a count per colour (:class:`Chips`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from operator import attrgetter
from typing import Annotated

from pydantic import Field

__all__ = ["COLOURS", "Chips", "Colour", "supply"]


class Colour(StrEnum):
    GREEN = "green"
    BLUE = "blue"
    RED = "red"
    WHITE = "white"

    @property
    def value_in_points(self) -> int:
        return _WORTH[self]

    @property
    def glyph(self) -> str:
        return _GLYPH[self]


_WORTH = {Colour.GREEN: 25, Colour.BLUE: 10, Colour.RED: 5, Colour.WHITE: 1}
_GLYPH = {Colour.GREEN: "🟩", Colour.BLUE: "🟦", Colour.RED: "🟥", Colour.WHITE: "⬜"}

COLOURS: tuple[Colour, ...] = (Colour.GREEN, Colour.BLUE, Colour.RED, Colour.WHITE)
"""Most valuable first: the order chips are shown in."""

Count = Annotated[int, Field(ge=0, le=30)]


@dataclass(frozen=True, slots=True)
class Chips:
    """A number of chips of each colour."""

    green: Count = 0
    blue: Count = 0
    red: Count = 0
    white: Count = 0

    @classmethod
    def of(cls, *colours: Colour) -> Chips:
        count = colours.count
        return cls(count(Colour.GREEN), count(Colour.BLUE), count(Colour.RED), count(Colour.WHITE))

    def __getitem__(self, colour: Colour) -> int:
        return _COUNT_OF[colour](self)

    @property
    def counts(self) -> tuple[int, int, int, int]:
        return (self.green, self.blue, self.red, self.white)

    @property
    def count(self) -> int:
        return self.green + self.blue + self.red + self.white

    @property
    def value(self) -> int:
        return 25 * self.green + 10 * self.blue + 5 * self.red + self.white

    def is_valid(self) -> bool:
        """No negative count (a Chips built in code, not parsed, could have one)."""
        return self.green >= 0 and self.blue >= 0 and self.red >= 0 and self.white >= 0

    def __add__(self, other: Chips) -> Chips:
        return Chips(
            self.green + other.green,
            self.blue + other.blue,
            self.red + other.red,
            self.white + other.white,
        )

    def __sub__(self, other: Chips) -> Chips:
        return Chips(
            self.green - other.green,
            self.blue - other.blue,
            self.red - other.red,
            self.white - other.white,
        )

    def contains(self, other: Chips) -> bool:
        """Whether ``other`` could be picked out of these chips."""
        return (
            other.green <= self.green
            and other.blue <= self.blue
            and other.red <= self.red
            and other.white <= self.white
        )

    def colours(self) -> Iterator[Colour]:
        """Each chip's colour, most valuable first."""
        return iter(
            (Colour.GREEN,) * self.green
            + (Colour.BLUE,) * self.blue
            + (Colour.RED,) * self.red
            + (Colour.WHITE,) * self.white
        )

    def worths(self) -> list[int]:
        """Each chip's worth in points, most valuable first."""
        return [25] * self.green + [10] * self.blue + [5] * self.red + [1] * self.white

    def __str__(self) -> str:
        return "".join(colour.glyph for colour in self.colours()) or "nothing"


_COUNT_OF: dict[Colour, Callable[[Chips], int]] = {
    colour: attrgetter(colour.value) for colour in COLOURS
}
"""How many chips of a colour a pile holds, by colour (an enum's ``value`` is slow to read)."""


def supply(seats: int) -> Chips:
    """The chips put in the bag for a seat count (rulebook Table 1, SC1)."""
    return Chips(green=seats, blue=seats + 1, red=seats + 2, white=seats + 3)

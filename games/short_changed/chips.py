"""Chips: four colours, each worth a fixed amount, counted rather than listed.

Chips of one colour are interchangeable, so a hand, the pot or the bag is just
a count per colour (:class:`Chips`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from enum import StrEnum
from operator import attrgetter
from typing import NamedTuple

from pydantic import GetCoreSchemaHandler
from pydantic_core import SchemaSerializer, core_schema

from games.core.wording import N_, tr

__all__ = ["COLOURS", "ONE", "Chips", "Colour", "supply"]


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

    def word(self) -> str:
        """``red`` (``Rot``): the colour as a sentence says it, in the reader's language;
        ``value`` is the English of code and JSON."""
        return tr(_WORDS[self])


_WORTH = {Colour.GREEN: 25, Colour.BLUE: 10, Colour.RED: 5, Colour.WHITE: 1}
_GLYPH = {Colour.GREEN: "🟩", Colour.BLUE: "🟦", Colour.RED: "🟥", Colour.WHITE: "⬜"}
_WORDS = {
    # The same messages as Auf falscher Fährte's colours (one German word for each).
    Colour.GREEN: N_("green"),
    Colour.BLUE: N_("blue"),
    Colour.RED: N_("red"),
    # i18n: a colour of Short Changed's chips, inside sentences ("a white (1)").
    Colour.WHITE: N_("white"),
}

COLOURS: tuple[Colour, ...] = (Colour.GREEN, Colour.BLUE, Colour.RED, Colour.WHITE)
"""Most valuable first: the order chips are shown in."""


class Chips(NamedTuple):
    """A number of chips of each colour, most valuable first.

    A tuple, so a pile is built, hashed and compared in C: the engine makes, adds and
    looks up piles on every move. It is stored as an object (``{"green": 1, ...}``),
    as it always was, not as the list a tuple would otherwise be written as.
    """

    green: int = 0
    blue: int = 0
    red: int = 0
    white: int = 0

    @classmethod
    def of(cls, *colours: Colour) -> Chips:
        count = colours.count
        return cls(count(Colour.GREEN), count(Colour.BLUE), count(Colour.RED), count(Colour.WHITE))

    def __getitem__(self, colour: Colour) -> int:  # type: ignore[override]
        """How many chips of ``colour`` (a pile is read by colour, never by position)."""
        return _COUNT_OF[colour](self)

    @property
    def counts(self) -> tuple[int, int, int, int]:
        return (self.green, self.blue, self.red, self.white)

    @property
    def count(self) -> int:  # type: ignore[override]
        """How many chips (not tuple.count: a pile is never searched for a number)."""
        green, blue, red, white = self
        return green + blue + red + white

    @property
    def value(self) -> int:
        green, blue, red, white = self
        return 25 * green + 10 * blue + 5 * red + white

    def is_valid(self) -> bool:
        """No negative count (a Chips built in code, not parsed, could have one)."""
        return min(self) >= 0

    def __add__(self, other: Chips) -> Chips:  # type: ignore[override]
        """Both piles together (not tuple concatenation)."""
        green, blue, red, white = self
        more_green, more_blue, more_red, more_white = other
        return _new(
            Chips, (green + more_green, blue + more_blue, red + more_red, white + more_white)
        )

    def __sub__(self, other: Chips) -> Chips:
        green, blue, red, white = self
        less_green, less_blue, less_red, less_white = other
        return _new(
            Chips, (green - less_green, blue - less_blue, red - less_red, white - less_white)
        )

    def contains(self, other: Chips) -> bool:
        """Whether ``other`` could be picked out of these chips."""
        green, blue, red, white = self
        return (
            other.green <= green
            and other.blue <= blue
            and other.red <= red
            and other.white <= white
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

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: object, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        return _CHIPS_SCHEMA


_new = tuple.__new__
"""Builds a pile from its four counts without the keyword handling of ``Chips(...)``."""

_COUNT_OF: dict[Colour, Callable[[Chips], int]] = {
    colour: attrgetter(colour.value) for colour in COLOURS
}
"""How many chips of a colour a pile holds, by colour (an enum's ``value`` is slow to read)."""


def _count_field() -> core_schema.TypedDictField:
    return core_schema.typed_dict_field(core_schema.int_schema(ge=0, le=30), required=False)


_AS_OBJECT = core_schema.typed_dict_schema(
    {colour.value: _count_field() for colour in COLOURS}, extra_behavior="ignore"
)
_CHIPS_SCHEMA = core_schema.no_info_before_validator_function(
    lambda data: data._asdict() if isinstance(data, Chips) else data,
    core_schema.no_info_after_validator_function(lambda counts: Chips(**counts), _AS_OBJECT),
    serialization=core_schema.plain_serializer_function_ser_schema(
        Chips._asdict, return_schema=_AS_OBJECT
    ),
)
"""Chips as pydantic reads and writes them: ``{"green": 1, "blue": 0, "red": 2, "white": 0}``,
each count 0 to 30 and missing counts 0, the format of every state saved so far."""

Chips.__pydantic_serializer__ = SchemaSerializer(_CHIPS_SCHEMA)  # type: ignore[attr-defined]
"""Lets ``pydantic_core.to_jsonable_python`` (the replay export) write piles as objects too."""


ONE: dict[Colour, Chips] = {colour: Chips.of(colour) for colour in COLOURS}
"""A single chip of each colour."""


def supply(seats: int) -> Chips:
    """The chips put in the bag for a seat count (rulebook Table 1, SC1)."""
    return Chips(green=seats, blue=seats + 1, red=seats + 2, white=seats + 3)

"""Short Changed: options, actions, events, the state and the views."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from games.core.chance import Chance
from games.core.game import Event, Seat
from games.core.wording import N_
from games.short_changed.chips import Chips, Colour

__all__ = [
    "Action",
    "Ante",
    "AnteChosen",
    "AnteReady",
    "Donate",
    "Donated",
    "Guess",
    "Guessed",
    "Options",
    "Pass",
    "Passed",
    "PotStarted",
    "ShortChange",
    "ShortChanged",
    "ShortChangedState",
    "ShortChangedView",
    "Stalemate",
    "Steal",
    "Stole",
    "Transaction",
    "TurnStarted",
]


class Options(BaseModel):
    """Lobby options; the defaults are the rulebook's game."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    stalemate_rounds: int = Field(
        default=100,
        ge=5,
        le=500,
        title=N_("Rounds before a draw"),
        description="The game ends in a draw after this many full rounds without a correct guess.",
        json_schema_extra={"suggested": [25, 50, 100, 200]},
    )


# -- actions ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ante:
    """Secretly choose the chip this seat puts in the starting pot."""

    chip: Colour
    type: Literal["ante"] = "ante"


@dataclass(frozen=True, slots=True)
class Guess:
    """Name another seat and the total value of the chips in its hand."""

    target: Annotated[int, Field(ge=0, le=5)]
    total: Annotated[int, Field(ge=0, le=10_000)]
    type: Literal["guess"] = "guess"


@dataclass(frozen=True, slots=True)
class ShortChange:
    """Take chips from the pot and give back a different number worth less."""

    take: Chips
    give: Chips
    type: Literal["short_change"] = "short_change"


@dataclass(frozen=True, slots=True)
class Donate:
    chip: Colour
    type: Literal["donate"] = "donate"


@dataclass(frozen=True, slots=True)
class Steal:
    chip: Colour
    type: Literal["steal"] = "steal"


@dataclass(frozen=True, slots=True)
class Pass:
    type: Literal["pass"] = "pass"


Action = Annotated[
    Ante | Guess | ShortChange | Donate | Steal | Pass,
    Field(discriminator="type"),
]


# -- events: the public transaction log plus a little private news ------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class AnteChosen(Event):
    """Private: the chip this seat chose for the starting pot."""

    seat: Seat
    chip: Colour
    kind: Literal["ante_chosen"] = "ante_chosen"


@dataclass(frozen=True, slots=True, kw_only=True)
class AnteReady(Event):
    """Public: a seat has made its secret choice (not which chip)."""

    seat: Seat
    kind: Literal["ante_ready"] = "ante_ready"


@dataclass(frozen=True, slots=True, kw_only=True)
class PotStarted(Event):
    """Every seat's starting chip, revealed together (SC2)."""

    chips: tuple[Colour, ...]
    kind: Literal["pot_started"] = "pot_started"


@dataclass(frozen=True, slots=True, kw_only=True)
class ShortChanged(Event):
    seat: Seat
    took: Chips
    gave: Chips
    kind: Literal["short_changed"] = "short_changed"


@dataclass(frozen=True, slots=True, kw_only=True)
class Donated(Event):
    seat: Seat
    chip: Colour
    kind: Literal["donated"] = "donated"


@dataclass(frozen=True, slots=True, kw_only=True)
class Stole(Event):
    seat: Seat
    chip: Colour
    kind: Literal["stole"] = "stole"


@dataclass(frozen=True, slots=True, kw_only=True)
class Passed(Event):
    seat: Seat
    kind: Literal["passed"] = "passed"


@dataclass(frozen=True, slots=True, kw_only=True)
class Guessed(Event):
    seat: Seat
    target: Seat
    total: int
    correct: bool
    kind: Literal["guessed"] = "guessed"


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnStarted(Event):
    """A seat's turn begins; ``double`` after its wrong guess (SC5)."""

    seat: Seat
    double: bool
    kind: Literal["turn_started"] = "turn_started"


@dataclass(frozen=True, slots=True, kw_only=True)
class Stalemate(Event):
    rounds: int
    kind: Literal["stalemate"] = "stalemate"


Transaction = Annotated[
    PotStarted | ShortChanged | Donated | Stole | Passed | Guessed | Stalemate,
    Field(discriminator="kind"),
]
"""What the public log records (SC4): every completed action with the exact chips."""


# -- the state ----------------------------------------------------------------------------------

Phase = Literal["ante", "play", "over"]


@dataclass(slots=True)
class ShortChangedState:
    """The whole truth of one table."""

    options: Options
    chance: Chance
    hands: list[Chips]
    bag: Chips
    """Out of play and never shown, not even at the end (SC1)."""
    pot: Chips = field(default_factory=Chips)
    phase: Phase = "ante"
    antes: list[Colour | None] = field(default_factory=list)
    """Secret starting-pot choices, revealed together once all are in (SC2)."""
    first_seat: Seat = 0
    turn: Seat = 0
    double_turn: bool = False
    """The seat on turn guessed wrong last time: two actions, no guess (SC5)."""
    actions_left: int = 1
    owes_double_turn: list[bool] = field(default_factory=list)
    turns_taken: int = 0
    log: list[Transaction] = field(default_factory=list)
    winner: Seat | None = None

    @property
    def seats(self) -> int:
        return len(self.hands)

    @property
    def rounds_completed(self) -> int:
        return self.turns_taken // self.seats


# -- views --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ShortChangedView:
    """What one seat (or, with ``viewer=None``, anyone at the table) may know."""

    viewer: Seat | None
    phase: Phase
    chip_counts: tuple[int, ...]
    pot: Chips
    hand: Chips | None
    """The viewer's own chips; ``None`` in the public view."""
    ante: Colour | None
    """The viewer's secret starting-pot choice, once made."""
    waiting_for: tuple[Seat, ...]
    turn: Seat | None
    double_turn: bool
    actions_left: int
    owes_double_turn: tuple[bool, ...]
    round: int
    """The round in progress, counting from 1."""
    stalemate_rounds: int
    log: tuple[Transaction, ...]
    winner: Seat | None
    revealed_hands: tuple[Chips, ...] | None
    """Every hand, once the game is over."""

    @property
    def seats(self) -> int:
        return len(self.chip_counts)

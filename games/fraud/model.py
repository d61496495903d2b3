"""The Fraud from Trandosha: options, actions, events, the state and the views."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, NamedTuple, get_type_hints

from pydantic import BaseModel, ConfigDict, Field, GetCoreSchemaHandler
from pydantic_core import CoreSchema, core_schema
from pydantic_core.core_schema import TypedDictField

from games.core.chance import Chance
from games.core.game import Event, Seat
from games.core.wording import N_
from games.fraud.cards import HAND_SIZE, Card, DeckKind, Sign, Suit

__all__ = [
    "MAX_COUNT",
    "MAX_SEATS",
    "Action",
    "Bid",
    "BidMade",
    "Call",
    "CallFraud",
    "CallOnTarget",
    "Called",
    "CubeRolled",
    "CubeStanding",
    "Dealt",
    "Fate",
    "FraudState",
    "FraudView",
    "GameWon",
    "Options",
    "Reshuffled",
    "RoundEnded",
    "RoundStarted",
    "Showdown",
    "SpikeRolled",
    "SuitRolled",
    "Trigger",
]

MAX_SEATS = 5
MAX_COUNT = HAND_SIZE * MAX_SEATS
"""No bid can name more cards than five full hands (FR4)."""


class Options(BaseModel):
    """Lobby options; the defaults are the rulebook's basic game. They combine freely."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    deck: DeckKind = Field(
        default="traditional",
        title=N_("Deck"),
        description="Traditional: values 1-6 (36 cards). Modern: 1-10 plus two wild sylops (62).",
    )
    pot: bool = Field(
        default=True,
        title=N_("Pot"),
        description="Everyone starts with 5 credits and pays one per card lost; "
        "the winner takes the pot.",
    )
    spike_dice: bool = Field(
        default=False,
        title=N_("Spike dice"),
        description="Doubles at the start of a turn cost everyone but the best-matching "
        "hand a card.",
    )
    suit_die: bool = Field(
        default=False,
        title=N_("Suit die"),
        description="A hand mostly of the rolled suit cannot lose a card; a correct call "
        "wins back a card.",
    )
    chance_cube: bool = Field(
        default=False,
        title=N_("Chance cube"),
        description="Hands leaning to the rolled sign are safe, hands leaning the other "
        "way lose a card.",
    )


# -- actions ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Bid:
    """Claim that at least ``count`` cards at the table match ``value`` (FR4).

    Also how the standing bid is written in the state and the views.
    """

    count: Annotated[int, Field(ge=1, le=MAX_COUNT)]
    value: Annotated[int, Field(ge=1, le=10)]
    type: Literal["bid"] = "bid"


@dataclass(frozen=True, slots=True)
class CallFraud:
    """Say the previous seat's bid claims more matching cards than there are (FR6)."""

    type: Literal["fraud"] = "fraud"


@dataclass(frozen=True, slots=True)
class CallOnTarget:
    """Say the previous seat's bid names exactly the number of matching cards (FR6)."""

    type: Literal["on_target"] = "on_target"


Action = Annotated[Bid | CallFraud | CallOnTarget, Field(discriminator="type")]


# -- what a round's end did ---------------------------------------------------------------------

Call = Literal["fraud", "on_target"]
Trigger = Literal["fraud", "on_target", "spike"]
"""What ended a round: one of the two calls (FR6), or spike dice doubles (FR9)."""
LossReason = Literal["cube", "call", "spike"]
"""Why a seat was to lose a card: the chance cube (FR11), the judged call (FR6), the
spike dice (FR9)."""
WinBackReason = Literal["call", "cube"]
"""Why a seat wins back a card: a correct call with the suit die (FR10), a hand all of
the cube's sign (FR11)."""
Shield = Literal["suit", "cube"]
"""What kept a seat from losing: the suit die's protection (FR10), or being safe by the
chance cube (FR11)."""


class Fate(NamedTuple):
    """What a round's end did to one seat still in the game.

    A named tuple rather than a frozen dataclass: a playout settles a round every few
    moves, and a frozen dataclass sets each field through ``object.__setattr__``, which
    made building the fates most of a round's cost. It is stored as the object it
    always was (:func:`_stored_as_object`).
    """

    seat: Seat
    hand: tuple[Card, ...]
    """Revealed to everyone (FR6)."""
    hit: tuple[LossReason, ...] = ()
    """Every reason this seat lost a card (a seat can lose two: the cube and the call)."""
    shield: Shield | None = None
    lost: int = 0
    won_back: tuple[WinBackReason, ...] = ()
    """Reasons it won a card back; only those that returned a card are listed."""
    paid: int = 0
    """Credits paid into the pot (FR8)."""
    out: bool = False

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: type[Any], handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        return _stored_as_object(cls, handler)


class Showdown(NamedTuple):
    """A round's end: the reveal of every hand, and what it cost whom.

    A named tuple stored as an object, as :class:`Fate` is, and for the same reason.
    """

    round: int
    trigger: Trigger
    seat: Seat
    """The seat that called, or whose spike dice rolled doubles."""
    bidder: Seat
    bid: Bid
    matching: int
    """Cards at the table matching the bid's value, sylops included (FR1)."""
    fates: tuple[Fate, ...]
    """One per seat that was in the round, in seat order."""
    spike_dice: tuple[int, int] | None = None
    suit: Suit | None = None
    protected: Seat | None = None
    """The seat the suit die protected this round (FR10)."""
    suit_candidates: tuple[Seat, ...] = ()
    """Every seat whose hand had a majority of the rolled suit (one is picked if several)."""
    sign: Sign | None = None

    @property
    def correct(self) -> bool | None:
        """Whether the call was right; ``None`` when spike dice ended the round."""
        if self.trigger == "fraud":
            return self.matching < self.bid.count
        if self.trigger == "on_target":
            return self.matching == self.bid.count
        return None

    def fate(self, seat: Seat) -> Fate | None:
        return next((fate for fate in self.fates if fate.seat == seat), None)

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: type[Any], handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        return _stored_as_object(cls, handler)


def _stored_as_object(
    cls: type[Fate] | type[Showdown], handler: GetCoreSchemaHandler
) -> CoreSchema:
    """Stored, and loaded, as a JSON object of its fields in order, the way a dataclass is
    (both were frozen dataclasses when tables were first stored); not as a JSON array,
    pydantic's way with a named tuple. An instance is taken as it is, as a dataclass is."""
    hints = get_type_hints(cls)
    fields: dict[str, TypedDictField] = {}
    for name in cls._fields:
        schema = handler.generate_schema(hints[name])
        if name in cls._field_defaults:
            schema = core_schema.with_default_schema(schema, default=cls._field_defaults[name])
        fields[name] = core_schema.typed_dict_field(
            schema, required=name not in cls._field_defaults
        )
    as_object = core_schema.typed_dict_schema(fields)
    return core_schema.union_schema(
        [
            core_schema.is_instance_schema(cls),
            core_schema.no_info_after_validator_function(lambda found: cls(**found), as_object),
        ],
        serialization=core_schema.plain_serializer_function_ser_schema(
            cls._asdict, return_schema=as_object
        ),
    )


# -- events -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundStarted(Event):
    round: int
    opener: Seat
    hand_sizes: tuple[int, ...]
    kind: Literal["round_started"] = "round_started"


@dataclass(frozen=True, slots=True, kw_only=True)
class Reshuffled(Event):
    """The draw pile ran out: the discard pile was shuffled into a new one (FR7)."""

    cards: int
    kind: Literal["reshuffled"] = "reshuffled"


@dataclass(frozen=True, slots=True, kw_only=True)
class Dealt(Event):
    """Private: the hand a seat was dealt for this round."""

    seat: Seat
    hand: tuple[Card, ...]
    kind: Literal["dealt"] = "dealt"


@dataclass(frozen=True, slots=True, kw_only=True)
class SuitRolled(Event):
    suit: Suit
    kind: Literal["suit_rolled"] = "suit_rolled"


@dataclass(frozen=True, slots=True, kw_only=True)
class CubeRolled(Event):
    sign: Sign
    kind: Literal["cube_rolled"] = "cube_rolled"


@dataclass(frozen=True, slots=True, kw_only=True)
class SpikeRolled(Event):
    seat: Seat
    dice: tuple[int, int]
    kind: Literal["spike_rolled"] = "spike_rolled"

    @property
    def doubles(self) -> bool:
        return self.dice[0] == self.dice[1]


@dataclass(frozen=True, slots=True, kw_only=True)
class BidMade(Event):
    seat: Seat
    bid: Bid
    kind: Literal["bid_made"] = "bid_made"


@dataclass(frozen=True, slots=True, kw_only=True)
class Called(Event):
    seat: Seat
    call: Call
    bidder: Seat
    bid: Bid
    kind: Literal["called"] = "called"


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundEnded(Event):
    showdown: Showdown
    kind: Literal["round_ended"] = "round_ended"


@dataclass(frozen=True, slots=True, kw_only=True)
class GameWon(Event):
    seat: Seat
    by_cube: bool
    """Every seat left went out at once and the chance cube picked this one (FR7)."""
    among: tuple[Seat, ...] = ()
    pot: int = 0
    kind: Literal["game_won"] = "game_won"


# -- the state ----------------------------------------------------------------------------------

Phase = Literal["bidding", "over"]
Die = Annotated[int, Field(ge=1, le=6)]


@dataclass(slots=True)
class FraudState:
    """The whole truth of one table. Piles are listed bottom to top."""

    options: Options
    chance: Chance
    hands: list[tuple[Card, ...]]
    hand_sizes: list[int]
    """Five minus the cards each seat has lost for good (FR2); 0 once out."""
    draw_pile: list[Card]
    discard_pile: list[Card]
    """Face up: every card in it was shown to everyone."""
    credits: list[int]
    """All zero without the pot option."""
    out_round: list[int | None]
    """The round in which each seat went out, ``None`` while it holds cards."""
    pot: int = 0
    phase: Phase = "bidding"
    round: int = 1
    opener: Seat = 0
    turn: Seat = 0
    bids: list[BidMade] = field(default_factory=list)
    """This round's bids in order; the last one stands."""
    suit: Suit | None = None
    sign: Sign | None = None
    spike_dice: tuple[Die, Die] | None = None
    """The spike dice rolled at the start of the current turn (FR9)."""
    last_showdown: Showdown | None = None
    winner: Seat | None = None
    won_by_cube: bool = False

    @property
    def seats(self) -> int:
        return len(self.hands)

    @property
    def active(self) -> list[Seat]:
        return [seat for seat, size in enumerate(self.hand_sizes) if size]

    @property
    def cards_at_table(self) -> int:
        return sum(self.hand_sizes)

    @property
    def standing(self) -> BidMade | None:
        return self.bids[-1] if self.bids else None


# -- views --------------------------------------------------------------------------------------

CubeStanding = Literal["safe", "exposed", "even"]
"""How a hand stands with the chance cube: safe (leans to the rolled sign), exposed (leans
the other way, so it loses a card at the call), or even (FR11)."""


@dataclass(frozen=True, slots=True)
class FraudView:
    """What one seat (or, with ``viewer=None``, anyone watching) may know."""

    viewer: Seat | None
    deck: DeckKind
    top_value: int
    pot_in_play: bool
    phase: Phase
    round: int
    opener: Seat
    turn: Seat | None
    hand_sizes: tuple[int, ...]
    out_round: tuple[int | None, ...]
    credits: tuple[int, ...]
    pot: int
    bids: tuple[BidMade, ...]
    suit: Suit | None
    sign: Sign | None
    spike_dice: tuple[int, int] | None
    draw_pile: int
    discards: tuple[Card, ...]
    """The discard pile, oldest first. It is face up (FR7): every card in it was shown
    when it got there, so anyone may know all of it, not just the top card."""
    last_showdown: Showdown | None
    winner: Seat | None
    won_by_cube: bool
    hand: tuple[Card, ...] | None
    """The viewer's own cards; ``None`` in the public view."""
    matching: int | None
    """How many of the viewer's cards match the standing bid's value."""
    suit_majority: bool
    """The viewer's hand is mostly of the rolled suit, so the suit die protects it (FR10)."""
    cube_standing: CubeStanding | None

    @property
    def seats(self) -> int:
        return len(self.hand_sizes)

    @property
    def discard_pile(self) -> int:
        """How many cards the discard pile holds."""
        return len(self.discards)

    @property
    def discard_top(self) -> Card | None:
        return self.discards[-1] if self.discards else None

    @property
    def cards_at_table(self) -> int:
        return sum(self.hand_sizes)

    @property
    def standing(self) -> BidMade | None:
        return self.bids[-1] if self.bids else None

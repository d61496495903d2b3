"""Auf falscher Fährte: options, actions, events, the state and the views."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from games.core.chance import Chance
from games.core.game import Event, Seat
from games.core.wording import N_
from games.falsche_faehrte.cards import Card, CardCode, Colour, ColourName, value_of

__all__ = [
    "MAX_SEATS",
    "MIN_SEATS",
    "Action",
    "CardPlayed",
    "FaceDown",
    "FaceDownChosen",
    "FaceDownReady",
    "FaceDownTurned",
    "FaehrteState",
    "FaehrteView",
    "KeepTrump",
    "Options",
    "Phase",
    "PileShuffled",
    "Play",
    "RoundDealt",
    "RoundScored",
    "RoundType",
    "SwitchTrump",
    "TrickTaken",
    "TrumpChoice",
    "TrumpKept",
    "TrumpReason",
    "TrumpSwitchSkipped",
    "TrumpSwitched",
]


MIN_SEATS, MAX_SEATS = 3, 4


class Options(BaseModel):
    """Lobby options; the defaults are the rulebook's game."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    jokers: bool = Field(
        default=False,
        title=N_("Jokers (variant)"),
        description=(
            "One joker per player: 14-card hands, jokers never win a trick, and the first "
            "two jokers of a round may switch trump (AF11)."
        ),
    )


# -- actions ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FaceDown:
    """Secretly put one card (never a joker) on the face-down pile (AF4)."""

    card: CardCode
    type: Literal["face_down"] = "face_down"


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card to the trick."""

    card: CardCode
    type: Literal["play"] = "play"


@dataclass(frozen=True, slots=True)
class SwitchTrump:
    """Make another colour trump (AF8, AF11)."""

    colour: ColourName
    type: Literal["switch_trump"] = "switch_trump"


@dataclass(frozen=True, slots=True)
class KeepTrump:
    """Leave trump as it is when allowed to switch it."""

    type: Literal["keep_trump"] = "keep_trump"


Action = Annotated[FaceDown | Play | SwitchTrump | KeepTrump, Field(discriminator="type")]


# -- events -------------------------------------------------------------------------------------

RoundType = Literal["plus", "minus"]
TrumpReason = Literal["worst", "joker"]
"""Why a seat may switch trump: the worst seat with four cards left (AF8), or a joker (AF11)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundDealt(Event):
    """A new round: the dealer, who leads, trump, and the card set aside with three seats."""

    round: int
    dealer: Seat
    leader: Seat
    trump: ColourName
    set_aside: CardCode | None
    kind: Literal["round_dealt"] = "round_dealt"


@dataclass(frozen=True, slots=True, kw_only=True)
class FaceDownChosen(Event):
    """Private: the card this seat put face down."""

    seat: Seat
    card: CardCode
    kind: Literal["face_down_chosen"] = "face_down_chosen"


@dataclass(frozen=True, slots=True, kw_only=True)
class FaceDownReady(Event):
    """Public: a seat has put its card face down (not which)."""

    seat: Seat
    kind: Literal["face_down_ready"] = "face_down_ready"


@dataclass(frozen=True, slots=True, kw_only=True)
class PileShuffled(Event):
    """Every face-down card is in and the pile is shuffled: nobody knows whose is whose (AF4)."""

    cards: int
    kind: Literal["pile_shuffled"] = "pile_shuffled"


@dataclass(frozen=True, slots=True, kw_only=True)
class CardPlayed(Event):
    seat: Seat
    card: CardCode
    kind: Literal["card_played"] = "card_played"


@dataclass(frozen=True, slots=True, kw_only=True)
class TrickTaken(Event):
    """A finished trick; ``winner`` is ``None`` for a trick of jokers only (AF11)."""

    number: int
    leader: Seat
    cards: tuple[CardCode, ...]
    winner: Seat | None
    kind: Literal["trick_taken"] = "trick_taken"


@dataclass(frozen=True, slots=True, kw_only=True)
class FaceDownTurned(Event):
    """A face-down card turned up (AF4); the last one makes the round type public (AF5)."""

    card: CardCode
    total: int
    left: int
    round_type: RoundType | None
    kind: Literal["face_down_turned"] = "face_down_turned"


@dataclass(frozen=True, slots=True, kw_only=True)
class TrumpChoice(Event):
    """A seat may now switch trump."""

    seat: Seat
    reason: TrumpReason
    kind: Literal["trump_choice"] = "trump_choice"


@dataclass(frozen=True, slots=True, kw_only=True)
class TrumpSwitchSkipped(Event):
    """Several seats tie for worst with four cards left, so nobody switches (AF8)."""

    seats: tuple[Seat, ...]
    kind: Literal["trump_switch_skipped"] = "trump_switch_skipped"


@dataclass(frozen=True, slots=True, kw_only=True)
class TrumpSwitched(Event):
    seat: Seat
    colour: ColourName
    kind: Literal["trump_switched"] = "trump_switched"


@dataclass(frozen=True, slots=True, kw_only=True)
class TrumpKept(Event):
    seat: Seat
    colour: ColourName
    kind: Literal["trump_kept"] = "trump_kept"


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundScored(Event):
    """A round's result (AF9): the face-down cards, tricks, points and the new totals."""

    round: int
    rounds: int
    round_type: RoundType
    face_down: tuple[CardCode, ...]
    total: int
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]
    kind: Literal["round_scored"] = "round_scored"


# -- the state ----------------------------------------------------------------------------------

Phase = Literal["face_down", "play", "trump", "over"]


@dataclass(slots=True)
class FaehrteState:
    """The whole truth of one table.

    Cards are ints (see :mod:`games.falsche_faehrte.cards`); every hand is kept
    sorted. Once every seat has chosen, the face-down cards live only in the
    shuffled ``pile``: the state no longer knows who gave which (AF4).
    """

    options: Options
    chance: Chance
    round: int
    """The round in progress, from 1 to 2 x seats (AF10)."""
    dealer: Seat
    hands: list[list[CardCode]]
    set_aside: CardCode | None = None
    """The leftover card of a three-seat deal: shown, and out of this round (AF2)."""
    phase: Phase = "face_down"
    chosen: list[CardCode | None] = field(default_factory=list)
    """Face-down choices made so far; emptied into the pile once all are in (AF4)."""
    given: list[CardCode | None] = field(default_factory=list)
    """Each seat's own face-down card this round, kept after the shuffle for that seat's view
    only: a player remembers the card it gave, though nobody can tell whose the others
    are (AF4). Empty in a state saved before it was kept."""
    pile: list[CardCode] = field(default_factory=list)
    """The face-down cards still hidden, in a random order; the last one is turned next."""
    revealed: list[CardCode] = field(default_factory=list)
    trump: ColourName = Colour.RED
    leader: Seat = 0
    """Who leads the trick in progress."""
    turn: Seat = 0
    trick: list[CardCode] = field(default_factory=list)
    """The cards of the trick in progress, from the leader on."""
    led: int = -1
    """The colour to follow in this trick; -1 until a colour card is in it (AF11 joker lead)."""
    discards: list[CardCode] = field(default_factory=list)
    """The cards of this round's finished tricks, in the order played."""
    tricks: list[int] = field(default_factory=list)
    """Tricks taken this round, per seat."""
    jokers_played: int = 0
    choosers: list[Seat] = field(default_factory=list)
    """Seats still to decide on a trump switch after this trick, in order."""
    chooser_reason: TrumpReason | None = None
    voids: list[int] = field(default_factory=list)
    """Per seat, a bit per colour it failed to follow this round: it holds none of them."""
    scores: list[int] = field(default_factory=list)
    history: list[RoundScored] = field(default_factory=list)
    last_trick: TrickTaken | None = None

    @property
    def seats(self) -> int:
        return len(self.hands)

    def own_face_down(self, seat: Seat | None) -> CardCode | None:
        """The seat's own face-down card while it is still in the pile, from what the seat
        knows (the card it gave and the turned cards), never from the pile itself."""
        if seat is None or not self.given or self.phase == "face_down":
            return None
        own = self.given[seat]
        return None if own is None or own in self.revealed else own

    @property
    def rounds(self) -> int:
        return 2 * len(self.hands)

    @property
    def tricks_done(self) -> int:
        return len(self.discards) // len(self.hands)


# -- views --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FaehrteView:
    """What one seat (or, with ``viewer=None``, anyone watching) may know."""

    viewer: Seat | None
    phase: Phase
    round: int
    rounds: int
    jokers: bool
    dealer: Seat
    trump: Colour
    hand: tuple[Card, ...] | None
    """The viewer's own cards, sorted by colour and value; ``None`` in the public view."""
    hand_sizes: tuple[int, ...]
    chosen: Card | None
    """The viewer's own face-down pick while others are still choosing."""
    given: Card | None
    """The viewer's own face-down card once the pile is shuffled (turned up or not): it
    remembers what it gave, not whose the other cards are (AF4)."""
    ready: tuple[bool, ...]
    """Who has put a card face down (during the face-down choice)."""
    set_aside: Card | None
    threshold: int
    """The face-down total from which the round is a Plus round (AF5)."""
    hidden_face_down: int
    """Face-down cards not yet turned."""
    revealed: tuple[Card, ...]
    round_type: RoundType | None
    """Known once the last face-down card is turned (AF5)."""
    tricks: tuple[int, ...]
    trick_number: int
    """The trick in progress, from 1."""
    tricks_per_round: int
    leader: Seat
    trick: tuple[Card, ...]
    turn: Seat | None
    choosing_trump: Seat | None
    trump_reason: TrumpReason | None
    jokers_played: int
    last_trick: TrickTaken | None
    scores: tuple[int, ...]
    history: tuple[RoundScored, ...]

    @property
    def seats(self) -> int:
        return len(self.hand_sizes)

    @property
    def face_down_total(self) -> int:
        return sum(value_of(card) for card in self.revealed)

    @property
    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        """The trick in progress as (seat, card), in play order."""
        return tuple(((self.leader + i) % self.seats, card) for i, card in enumerate(self.trick))

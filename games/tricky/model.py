"""Tricky: options, actions, events, the state and the views."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from games.core.chance import Chance
from games.core.game import Event, Seat
from games.core.wording import N_
from games.tricky.dice import DICE_PER_SEAT, Die

__all__ = [
    "Action",
    "AllPassed",
    "AuctionStarted",
    "AuctionWon",
    "Bid",
    "BidMade",
    "Call",
    "DicePlayed",
    "GameWon",
    "HandScored",
    "HandStarted",
    "HeldDie",
    "NameTrump",
    "Options",
    "Pass",
    "Passed",
    "Phase",
    "Play",
    "PlayedPair",
    "Reroll",
    "RerollChosen",
    "Rerolled",
    "TieAtTheTarget",
    "TrickWon",
    "TrickyState",
    "TrickyView",
    "TrumpNamed",
]

DieIndex = Annotated[int, Field(ge=0, lt=DICE_PER_SEAT)]
TrumpNumber = Annotated[int, Field(ge=1, le=20)]


class Options(BaseModel):
    """Lobby options; the defaults are the rulebook's game."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    target_per_seat: int = Field(
        default=1000,
        ge=50,
        le=2000,
        title=N_("Points to win, per player"),
        description=(
            "The game ends once someone reaches this many points times the number of "
            "players (the rulebook plays to 1000 per player)."
        ),
        json_schema_extra={"suggested": [100, 250, 500, 1000]},
    )


# -- actions ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Reroll:
    """The one secret re-roll (TR2): the dice to roll again; empty keeps them all."""

    dice: tuple[DieIndex, ...]
    type: Literal["reroll"] = "reroll"


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid the points this seat expects to take, for the right to name trump (TR4)."""

    amount: int
    type: Literal["bid"] = "bid"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass in the auction; a seat that passed may bid again later (TR4)."""

    type: Literal["pass"] = "pass"


@dataclass(frozen=True, slots=True)
class NameTrump:
    """The high bidder names trump: a number from 1 to 20, or ``None`` for no trump (TR5)."""

    number: TrumpNumber | None
    type: Literal["trump"] = "trump"


@dataclass(frozen=True, slots=True)
class Play:
    """Play two dice, named by index, to the trick (TR6)."""

    dice: tuple[DieIndex, DieIndex]
    type: Literal["play"] = "play"

    def __post_init__(self) -> None:
        # Code builds plays as well as the parser: whatever sequence names the dice, the
        # action holds a tuple, which the engine looks its pair up by.
        if type(self.dice) is not tuple:
            object.__setattr__(self, "dice", tuple(self.dice))


Action = Annotated[Reroll | Bid | Pass | NameTrump | Play, Field(discriminator="type")]


# -- events -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class HandStarted(Event):
    """Every seat has rolled its 18 dice behind its screen."""

    hand: int
    first_bidder: Seat
    kind: Literal["hand_started"] = "hand_started"


@dataclass(frozen=True, slots=True, kw_only=True)
class RerollChosen(Event):
    """Public: how many dice a seat re-rolled, never which or what they show (TR2)."""

    seat: Seat
    count: int
    kind: Literal["reroll_chosen"] = "reroll_chosen"


@dataclass(frozen=True, slots=True, kw_only=True)
class Rerolled(Event):
    """Private: what the re-rolled dice showed before and show now."""

    seat: Seat
    dice: tuple[int, ...]
    before: tuple[int, ...]
    after: tuple[int, ...]
    kind: Literal["rerolled"] = "rerolled"


@dataclass(frozen=True, slots=True, kw_only=True)
class AuctionStarted(Event):
    first_bidder: Seat
    minimum: int
    kind: Literal["auction_started"] = "auction_started"


@dataclass(frozen=True, slots=True, kw_only=True)
class BidMade(Event):
    seat: Seat
    amount: int
    kind: Literal["bid_made"] = "bid_made"


@dataclass(frozen=True, slots=True, kw_only=True)
class Passed(Event):
    seat: Seat
    kind: Literal["passed"] = "passed"


@dataclass(frozen=True, slots=True, kw_only=True)
class AllPassed(Event):
    """Nobody opened the bidding: every seat lost ``penalty`` and the dice are rolled again."""

    hand: int
    penalty: int
    scores: tuple[int, ...]
    kind: Literal["all_passed"] = "all_passed"


@dataclass(frozen=True, slots=True, kw_only=True)
class AuctionWon(Event):
    seat: Seat
    amount: int
    kind: Literal["auction_won"] = "auction_won"


@dataclass(frozen=True, slots=True, kw_only=True)
class TrumpNamed(Event):
    seat: Seat
    trump: int | None
    kind: Literal["trump_named"] = "trump_named"


@dataclass(frozen=True, slots=True, kw_only=True)
class DicePlayed(Event):
    seat: Seat
    dice: tuple[Die, Die]
    kind: Literal["dice_played"] = "dice_played"


@dataclass(frozen=True, slots=True, kw_only=True)
class TrickWon(Event):
    seat: Seat
    trick: int
    """Which trick of the hand, from 1 to 9."""
    points: int
    """The total of every die in the trick, now taken by ``seat``."""
    kind: Literal["trick_won"] = "trick_won"


@dataclass(frozen=True, slots=True, kw_only=True)
class HandScored(Event):
    """The end of a played hand (TR8): the hand's whole result, kept for the table."""

    hand: int
    bidder: Seat
    bid: int
    trump: int | None
    taken: tuple[int, ...]
    """Points each seat took in tricks."""
    made: bool
    gained: tuple[int, ...]
    """What each seat scored for the hand."""
    scores: tuple[int, ...]
    """The totals after the hand."""
    kind: Literal["hand_scored"] = "hand_scored"


@dataclass(frozen=True, slots=True, kw_only=True)
class TieAtTheTarget(Event):
    """Seats reached the target tied for the win, without the high bidder: play on (TR9)."""

    seats: tuple[Seat, ...]
    kind: Literal["tie_at_the_target"] = "tie_at_the_target"


@dataclass(frozen=True, slots=True, kw_only=True)
class GameWon(Event):
    seat: Seat
    scores: tuple[int, ...]
    kind: Literal["game_won"] = "game_won"


# -- the state ----------------------------------------------------------------------------------

Phase = Literal["reroll", "auction", "trump", "tricks", "over"]

Call = tuple[Seat, int | None]
"""One turn of the auction: the seat and its bid, ``None`` for a pass."""

PlayedPair = tuple[Seat, int, int]
"""A seat's play to the trick in progress: the seat and its two dice, by index."""


@dataclass(slots=True)
class TrickyState:
    """The whole truth of one table."""

    options: Options
    chance: Chance
    scores: list[int]
    first_bidder: Seat
    """Who bids first this hand (TR3)."""
    values: list[list[int]]
    """``values[seat][i]``: what die ``i`` of that seat shows (kinds are fixed, see dice.py)."""
    unplayed: list[int]
    """Per seat, the bit set of dice still behind its screen."""
    rerolled: list[int | None]
    """How many dice each seat re-rolled this hand; ``None`` until it chose (TR2)."""
    reserve: list[list[int]]
    """While re-rolling: ``reserve[seat][i]`` is what die ``i`` shows if that seat
    re-rolls it. Rolled with the hand and seen by nobody, so taking it is the same
    as rolling then, and the hand needs one random event instead of one per seat.
    Emptied once the auction starts."""
    phase: Phase = "reroll"
    hand: int = 1
    """The hand being played, counting hands that everyone passed."""
    turn: Seat = 0
    """The seat to bid, name trump or play (unused while re-rolling)."""
    calls: list[Call] = field(default_factory=list)
    high_bidder: Seat | None = None
    high_bid: int = 0
    passes: int = 0
    """Passes in a row since the last bid, or since the auction opened (TR4)."""
    trump: int | None = None
    """The trump number; ``None`` before it is named and for no trump."""
    trick: list[PlayedPair] = field(default_factory=list)
    tricks_played: int = 0
    tricks_won: list[int] = field(default_factory=list)
    taken: list[int] = field(default_factory=list)
    """Points taken in tricks this hand, per seat."""
    last_plays: list[PlayedPair] = field(default_factory=list)
    """The last completed trick of this hand, as it was played (like :attr:`trick`)."""
    last_trick_winner: Seat | None = None
    last_score: HandScored | None = None
    """The result of the last played hand (it decides the next first bidder, TR3)."""
    winner: Seat | None = None

    @property
    def seats(self) -> int:
        return len(self.scores)

    @property
    def target(self) -> int:
        return self.options.target_per_seat * len(self.scores)


# -- views --------------------------------------------------------------------------------------


class HeldDie(NamedTuple):
    """One of the viewer's own unplayed dice."""

    die: int
    """Which of the seat's 18 dice it is: the index actions name it by."""
    faces: int
    value: int


@dataclass(frozen=True, slots=True)
class TrickyView:
    """What one seat (or, with ``viewer=None``, anyone at the table) may know."""

    viewer: Seat | None
    phase: Phase
    hand: int
    target: int
    scores: tuple[int, ...]
    first_bidder: Seat
    waiting_for: tuple[Seat, ...]
    rerolled: tuple[int | None, ...]
    calls: tuple[Call, ...]
    high_bidder: Seat | None
    high_bid: int
    minimum_bid: int | None
    """The least bid allowed now; ``None`` outside the auction."""
    trump_named: bool
    trump: int | None
    trick_number: int
    """The trick being played, 1 to 9 (0 before the tricks)."""
    trick: tuple[tuple[Seat, Die, Die], ...]
    leader: Seat | None
    last_trick: tuple[tuple[Seat, Die, Die], ...]
    last_trick_winner: Seat | None
    tricks_won: tuple[int, ...]
    taken: tuple[int, ...]
    dice_left: tuple[int, ...]
    dice: tuple[HeldDie, ...] | None
    """The viewer's own unplayed dice, in index order; ``None`` in the public view."""
    last_score: HandScored | None
    winner: Seat | None

    @property
    def seats(self) -> int:
        return len(self.scores)

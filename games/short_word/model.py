"""The Short Word Game: options, actions, events, the state and the views."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from games.core.chance import Chance
from games.core.game import Event, Seat
from games.core.wording import N_
from games.short_word.cards import Card
from games.short_word.lexicon import DICTIONARIES, MAX_WORD_LETTERS, DictionaryName
from games.short_word.spelling import Meld

__all__ = [
    "MAX_HANDS",
    "Action",
    "Answered",
    "Challenge",
    "ChallengeOpened",
    "ChallengeResult",
    "ChallengeWindow",
    "ChallengesResolved",
    "Discard",
    "Discarded",
    "Draw",
    "Drew",
    "DrewCard",
    "GameOver",
    "HandDealt",
    "HandResult",
    "HandScored",
    "HouseList",
    "Laid",
    "Lay",
    "LetStand",
    "Options",
    "SeatResult",
    "ShortWordState",
    "ShortWordView",
    "Step",
    "StockRefilled",
    "TurnStarted",
    "Validation",
    "WordAnswer",
    "WordOptions",
    "YourCards",
    "YourLayout",
]

MAX_HANDS = 8
"""A full game is eight hands, of 3 up to 10 cards (SW2)."""

Validation = Literal["dictionary", "challenge"]

HouseWord = Annotated[str, StringConstraints(pattern=rf"^[a-z]{{2,{MAX_WORD_LETTERS}}}$")]
HouseList = Annotated[tuple[HouseWord, ...], Field(max_length=1000)]
"""A server's own words (a-z only), snapshotted into each lobby's options."""


class WordOptions(BaseModel):
    """The options about words, shared by the multi-hand game and solitaire."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    dictionary: DictionaryName = Field(
        default="modern",
        title=N_("Dictionary"),
        description="modern: a word-game list with plurals and verb forms (188,000 words); "
        "webster: Webster's Second of 1934 (210,000 headwords, no plurals or verb forms).",
    )
    house_add: HouseList = Field(
        default=(),
        title=N_("House words"),
        description="Words this server accepts on top of the dictionary.",
        json_schema_extra={"hidden": True},
    )
    house_remove: HouseList = Field(
        default=(),
        title=N_("Banned words"),
        description="Dictionary words this server does not accept.",
        json_schema_extra={"hidden": True},
    )


class Options(WordOptions):
    """Lobby options; the defaults are the rulebook's game."""

    hands: int = Field(
        default=MAX_HANDS,
        ge=1,
        le=MAX_HANDS,
        title=N_("Hands"),
        description="How many hands to play: the first hand deals 3 cards, each next one "
        "a card more (8 hands: 3 to 10 cards).",
        json_schema_extra={"suggested": [1, 3, 5, MAX_HANDS]},
    )
    validation: Validation = Field(
        default="dictionary",
        title=N_("Word check"),
        description="dictionary: a word not in the dictionary is refused when laid. "
        "challenge: words are accepted as laid and the other players may challenge one (SW7).",
    )


# -- actions ------------------------------------------------------------------------------------

TypedWord = Annotated[str, Field(max_length=40)]


@dataclass(frozen=True, slots=True)
class Draw:
    """Start a turn: the top card of the stock, or the top discard (SW3)."""

    source: Literal["stock", "discard"]
    type: Literal["draw"] = "draw"


@dataclass(frozen=True, slots=True)
class Discard:
    """End a turn by discarding a card; on a last turn, lay no words (SW3, SW4)."""

    card: Card
    type: Literal["discard"] = "discard"


@dataclass(frozen=True, slots=True)
class Lay:
    """Lay typed words down and discard: going out, or on a last turn (SW3-SW5).

    The engine picks which cards spell the words (SW5). With no ``discard``
    named, the costliest card left over is discarded.
    """

    words: Annotated[tuple[TypedWord, ...], Field(min_length=1, max_length=8)]
    discard: Card | None = None
    type: Literal["lay"] = "lay"


@dataclass(frozen=True, slots=True)
class Challenge:
    """Challenge one of the words just laid, by its place in the list (SW7)."""

    word: int
    type: Literal["challenge"] = "challenge"


@dataclass(frozen=True, slots=True)
class LetStand:
    """Challenge none of the words just laid (SW7)."""

    type: Literal["let_stand"] = "let_stand"


Action = Annotated[
    Draw | Discard | Lay | Challenge | LetStand,
    Field(discriminator="type"),
]


# -- results ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatResult:
    """How one seat scored a hand (SW6)."""

    words: tuple[Meld, ...]
    """Words that count for the seat."""
    struck: tuple[Meld, ...]
    """Words found invalid after a challenge: they count against the seat (SW7)."""
    left: tuple[Card, ...]
    """Cards in no word: they count against the seat (SW4)."""
    penalty: int
    """Points lost by challenging valid words (SW7)."""
    most_words: bool
    longest_word: bool
    score: int
    total: int


@dataclass(frozen=True, slots=True)
class HandResult:
    hand: int
    went_out: Seat
    seats: tuple[SeatResult, ...]


@dataclass(frozen=True, slots=True)
class ChallengeResult:
    word: Meld
    challengers: tuple[Seat, ...]
    valid: bool


# -- events -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class HandDealt(Event):
    hand: int
    of: int
    cards: int
    dealer: Seat
    first: Seat
    top_discard: Card
    kind: Literal["hand_dealt"] = "hand_dealt"


@dataclass(frozen=True, slots=True, kw_only=True)
class YourCards(Event):
    """Private: the cards dealt to this seat."""

    cards: tuple[Card, ...]
    kind: Literal["your_cards"] = "your_cards"


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnStarted(Event):
    seat: Seat
    last: bool
    """The seat's one last turn after another went out (SW4)."""
    kind: Literal["turn_started"] = "turn_started"


@dataclass(frozen=True, slots=True, kw_only=True)
class StockRefilled(Event):
    """The discards but the top one were shuffled into a new stock (SW8)."""

    cards: int
    kind: Literal["stock_refilled"] = "stock_refilled"


@dataclass(frozen=True, slots=True, kw_only=True)
class Drew(Event):
    """Public: where a seat drew from; the card only when it was the open discard."""

    seat: Seat
    source: Literal["stock", "discard"]
    card: Card | None
    kind: Literal["drew"] = "drew"


@dataclass(frozen=True, slots=True, kw_only=True)
class DrewCard(Event):
    """Private: the card drawn from the stock."""

    card: Card
    kind: Literal["drew_card"] = "drew_card"


@dataclass(frozen=True, slots=True, kw_only=True)
class Discarded(Event):
    seat: Seat
    card: Card
    last_turn: bool
    kind: Literal["discarded"] = "discarded"


@dataclass(frozen=True, slots=True, kw_only=True)
class Laid(Event):
    """Public: a seat laid words and discarded, going out or on its last turn."""

    seat: Seat
    words: tuple[Meld, ...]
    discard: Card
    went_out: bool
    kind: Literal["laid"] = "laid"


@dataclass(frozen=True, slots=True, kw_only=True)
class YourLayout(Event):
    """Private: how the laid words score and which cards stay in hand."""

    words: tuple[Meld, ...]
    discard: Card
    left: tuple[Card, ...]
    score: int
    kind: Literal["your_layout"] = "your_layout"


@dataclass(frozen=True, slots=True, kw_only=True)
class ChallengeOpened(Event):
    layer: Seat
    waiting: tuple[Seat, ...]
    kind: Literal["challenge_opened"] = "challenge_opened"


@dataclass(frozen=True, slots=True, kw_only=True)
class Answered(Event):
    """Public: a seat has decided whether to challenge (not what)."""

    seat: Seat
    kind: Literal["answered"] = "answered"


@dataclass(frozen=True, slots=True, kw_only=True)
class WordAnswer(Event):
    """Private: the word this seat challenges, or ``None`` to let the words stand."""

    word: str | None
    kind: Literal["word_answer"] = "word_answer"


@dataclass(frozen=True, slots=True, kw_only=True)
class ChallengesResolved(Event):
    layer: Seat
    results: tuple[ChallengeResult, ...]
    kind: Literal["challenges_resolved"] = "challenges_resolved"


@dataclass(frozen=True, slots=True, kw_only=True)
class HandScored(Event):
    result: HandResult
    kind: Literal["hand_scored"] = "hand_scored"


@dataclass(frozen=True, slots=True, kw_only=True)
class GameOver(Event):
    scores: tuple[int, ...]
    winners: tuple[Seat, ...]
    kind: Literal["game_over"] = "game_over"


# -- the state ----------------------------------------------------------------------------------

Step = Literal["draw", "discard", "challenge", "over"]
"""``draw`` and ``discard`` are the two halves of a turn (SW3); ``challenge`` is the
window after words are laid in challenge mode (SW7)."""


@dataclass(slots=True)
class ChallengeWindow:
    """The seats deciding whether to challenge the words just laid (SW7)."""

    layer: Seat
    waiting: list[Seat]
    picks: list[int | None]
    """Per seat, the index of the word it challenges; ``None`` for none (or for the layer)."""


@dataclass(slots=True)
class ShortWordState:
    """The whole truth of one table."""

    options: Options
    chance: Chance
    hand: int
    """The hand being played, from 1; it deals ``hand + 2`` cards (SW2)."""
    dealer: Seat
    hands: list[list[Card]]
    """Each seat's cards, sorted (see :func:`games.short_word.cards.sort_cards`)."""
    stock: list[Card]
    """Face down, kept sorted: nobody knows the order of a shuffled stock, so a draw
    takes a random card of it, which is the same thing (and leaves no hidden order
    in the state for :meth:`~games.short_word.game.ShortWordGame.redeal` to redo)."""
    discards: list[Card]
    """Face up; the top card is the last."""
    turn: Seat
    step: Step = "draw"
    known: list[list[Card]] = field(default_factory=list)
    """Per seat, cards it took from the discard pile and still holds: everyone saw them."""
    went_out: Seat | None = None
    last_turns: list[Seat] = field(default_factory=list)
    """Seats still owed their last turn after someone went out, in order (SW4)."""
    laid: list[list[Meld] | None] = field(default_factory=list)
    """Words each seat laid this hand; ``None`` until it has laid (or passed on laying)."""
    struck: list[list[int]] = field(default_factory=list)
    """Per seat, the indexes of its laid words found invalid by a challenge (SW7)."""
    penalties: list[int] = field(default_factory=list)
    """Per seat, points lost this hand by challenging valid words (SW7)."""
    window: ChallengeWindow | None = None
    scores: list[int] = field(default_factory=list)
    hand_scores: list[list[int]] = field(default_factory=list)
    """Per finished hand, each seat's score for it (SW6)."""
    last_result: HandResult | None = None
    """The last finished hand in full: words, cards left, bonuses."""

    @property
    def seats(self) -> int:
        return len(self.hands)


# -- views --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ShortWordView:
    """What one seat (or, with ``viewer=None``, anyone at the table) may know."""

    viewer: Seat | None
    hand_cards: tuple[Card, ...] | None
    """The viewer's own cards; ``None`` in the public view."""
    hand: int
    hands: int
    dealer: Seat
    step: Step
    turn: Seat | None
    waiting_for: tuple[Seat, ...]
    card_counts: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    stock: int
    discards: int
    top_discard: Card | None
    went_out: Seat | None
    last_turns: tuple[Seat, ...]
    laid: tuple[tuple[Meld, ...] | None, ...]
    struck: tuple[tuple[int, ...], ...]
    challenge_layer: Seat | None
    my_challenge: int | None
    """The word the viewer chose to challenge in the open window, if any."""
    answered: bool
    """Whether the viewer has answered the open challenge window."""
    scores: tuple[int, ...]
    hand_scores: tuple[tuple[int, ...], ...]
    last_result: HandResult | None
    options: Options
    """The lobby's options (hands, dictionary, house words, validation): public to all."""
    winners: tuple[Seat, ...]

    @property
    def seats(self) -> int:
        return len(self.card_counts)

    @property
    def validation(self) -> Validation:
        return self.options.validation

    @property
    def dictionary(self) -> str:
        """The dictionary's title, as players know it."""
        return DICTIONARIES[self.options.dictionary]

    @property
    def over(self) -> bool:
        return self.step == "over"

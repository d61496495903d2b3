"""Short Word Solitaire: options, actions, events, the state and the view (SW10)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field

from games.core.chance import Chance
from games.core.game import Event
from games.short_word.cards import Card
from games.short_word.model import WordOptions
from games.short_word.spelling import Meld

__all__ = [
    "CARDS_PER_STACK",
    "STACKS",
    "Action",
    "CardMoved",
    "GaveUp",
    "GiveUp",
    "MoveCard",
    "PlayWord",
    "SolitaireOptions",
    "SolitaireState",
    "SolitaireView",
    "Won",
    "WordMade",
]

STACKS = 8
CARDS_PER_STACK = 6
"""Five face down, then one face up (SW10): 48 cards in all."""


class SolitaireOptions(WordOptions):
    """Lobby options: the dictionary (and the server's house list)."""


# -- actions ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayWord:
    """Make a word from the face-up cards; the engine picks the stacks (SW10)."""

    word: Annotated[str, Field(max_length=40)]
    type: Literal["word"] = "word"


@dataclass(frozen=True, slots=True)
class MoveCard:
    """Move the top card of a stack onto an empty stack (SW10)."""

    source: int
    target: int
    type: Literal["move"] = "move"


@dataclass(frozen=True, slots=True)
class GiveUp:
    """Stop here; the result is the number of cards used (SW10)."""

    type: Literal["give_up"] = "give_up"


Action = Annotated[PlayWord | MoveCard | GiveUp, Field(discriminator="type")]


# -- events -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class WordMade(Event):
    word: Meld
    stacks: tuple[int, ...]
    """The stack each card came from, in the word's order."""
    turned: tuple[Card | None, ...]
    """The card each stack turned up (``None`` when it ran out), in the same order."""
    used: int
    kind: Literal["word_made"] = "word_made"


@dataclass(frozen=True, slots=True, kw_only=True)
class CardMoved(Event):
    card: Card
    source: int
    target: int
    turned: Card | None
    """The card the source stack turned up."""
    kind: Literal["card_moved"] = "card_moved"


@dataclass(frozen=True, slots=True, kw_only=True)
class Won(Event):
    kind: Literal["won"] = "won"


@dataclass(frozen=True, slots=True, kw_only=True)
class GaveUp(Event):
    used: int
    kind: Literal["gave_up"] = "gave_up"


# -- the state ----------------------------------------------------------------------------------

Step = Literal["word", "move", "over"]
"""``move``: a stack is empty and must get a card from another one first (SW10)."""
Ending = Literal["won", "gave_up"]


@dataclass(slots=True)
class SolitaireState:
    options: SolitaireOptions
    chance: Chance
    stacks: list[list[Card]]
    """Bottom card first; the last card of a stack is its face-up card."""
    unused: list[Card]
    """The 70 cards left out of the deal: never seen, never played."""
    words: list[Meld]
    step: Step = "word"
    ending: Ending | None = None

    @property
    def used(self) -> int:
        return sum(len(meld.cards) for meld in self.words)


# -- the view -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SolitaireView:
    """The face-up cards and stack sizes, the words made, and how it ended. The player sees
    nothing more than anyone watching, so every view is the same."""

    tops: tuple[Card | None, ...]
    sizes: tuple[int, ...]
    words: tuple[Meld, ...]
    used: int
    step: Step
    ending: Ending | None
    dictionary: str

    @property
    def over(self) -> bool:
        return self.step == "over"

    @property
    def cards(self) -> int:
        return STACKS * CARDS_PER_STACK

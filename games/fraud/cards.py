"""The sabacc deck: suits, signs, cards, and the two decks the game is played with (FR1).

A card's value carries its sign (-10 to +10); a sylop has value 0 and no suit.
For bidding only the magnitude counts: a -3 and a +3 both match a bid of 3s,
and a sylop matches every value.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Annotated, Literal, NamedTuple, get_args

from pydantic import Field

__all__ = [
    "DECKS",
    "HAND_SIZE",
    "SUITS",
    "Card",
    "DeckKind",
    "Sign",
    "Suit",
    "deck",
    "matching",
    "of_sign",
    "of_suit",
    "top_value",
]

HAND_SIZE = 5
"""Every seat starts with five cards; a seat's hand is five minus the cards it lost (FR2)."""

DeckKind = Literal["traditional", "modern"]


Suit = Literal["circle", "triangle", "square"]
SUITS: tuple[Suit, ...] = ("circle", "triangle", "square")

Sign = Literal["positive", "negative"]
"""The two signs, and the two colours of the chance cube (FR11: blue is positive)."""


class Card(NamedTuple):
    """A card: a tuple, so hands hash, compare and serialise cheaply (``[-3, "circle"]``)."""

    value: Annotated[int, Field(ge=-10, le=10)]
    """Signed value; 0 is a sylop."""
    suit: Suit | None = None

    @property
    def is_sylop(self) -> bool:
        return self.value == 0

    @property
    def magnitude(self) -> int:
        return abs(self.value)

    @property
    def sign(self) -> Sign | None:
        if self.value > 0:
            return "positive"
        if self.value < 0:
            return "negative"
        return None

    def matches(self, value: int) -> bool:
        """Whether this card counts towards a bid of ``value`` (FR1)."""
        return self.value == 0 or abs(self.value) == value


SYLOP = Card(0)

DECKS: dict[DeckKind, int] = {"traditional": 6, "modern": 10}
"""The top value of each deck (FR1)."""


def top_value(kind: DeckKind) -> int:
    return DECKS[kind]


@cache
def deck(kind: DeckKind) -> tuple[Card, ...]:
    """Every card of a deck in a fixed order: 36 traditional, 62 modern with two sylops."""
    cards = [
        Card(sign * magnitude, suit)
        for suit in SUITS
        for magnitude in range(1, top_value(kind) + 1)
        for sign in (1, -1)
    ]
    if kind == "modern":
        cards += [SYLOP, SYLOP]
    return tuple(cards)


_MATCHES: dict[int, frozenset[Card]] = {
    value: frozenset(card for card in deck("modern") if card.matches(value))
    for value in range(1, top_value("modern") + 1)
}
"""The cards that count towards a bid of each value (the traditional deck's cards are
the modern deck's too): counting a hand is then a membership test per card, in C."""


def matching(cards: Iterable[Card], value: int) -> int:
    """How many of these cards count towards a bid of ``value`` (1 to 10)."""
    return sum(map(_MATCHES[value].__contains__, cards))


_OF_SUIT: dict[Suit, frozenset[Card]] = {
    suit: frozenset(card for card in deck("modern") if card.suit == suit) for suit in SUITS
}
_OF_SIGN: dict[Sign, frozenset[Card]] = {
    sign: frozenset(card for card in deck("modern") if card.sign == sign) for sign in get_args(Sign)
}
"""The cards of each suit and of each sign, counted the way :data:`_MATCHES` is."""


def of_suit(cards: Iterable[Card], suit: Suit) -> int:
    """How many of these cards are of ``suit`` (a sylop has none)."""
    return sum(map(_OF_SUIT[suit].__contains__, cards))


def of_sign(cards: Iterable[Card], sign: Sign) -> int:
    """How many of these cards show ``sign`` (a sylop has none)."""
    return sum(map(_OF_SIGN[sign].__contains__, cards))

"""Letter cards: the 118-card deck, what each card spells and what it is worth (SW1).

A card is named by the letters it shows, in capitals: ``"A"`` .. ``"Z"`` and the
five double-letter cards ``"QU"``, ``"IN"``, ``"ER"``, ``"CL"``, ``"TH"``. Cards
with the same letters are interchangeable, so a hand is just a sorted list of
names (see :func:`sort_cards`), which also makes every hand's JSON canonical.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, get_args

__all__ = [
    "CARDS",
    "COPIES",
    "DECK_SIZE",
    "DOUBLE_CARDS",
    "POINTS",
    "Card",
    "card_text",
    "cards_text",
    "full_deck",
    "letters",
    "points",
    "sort_cards",
]

Card = Literal[
    "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M",
    "N", "O", "P", "Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z",
    "QU", "IN", "ER", "CL", "TH",
]  # fmt: skip

CARDS: tuple[Card, ...] = get_args(Card)
DOUBLE_CARDS: tuple[Card, ...] = tuple(card for card in CARDS if len(card) == 2)

COPIES: dict[Card, int] = {
    "A": 10, "B": 2, "C": 2, "D": 4, "E": 12, "F": 2, "G": 4, "H": 2, "I": 8, "J": 2,
    "K": 2, "L": 4, "M": 2, "N": 6, "O": 8, "P": 2, "Q": 2, "R": 6, "S": 4, "T": 6,
    "U": 6, "V": 2, "W": 2, "X": 2, "Y": 4, "Z": 2,
    "QU": 2, "IN": 2, "ER": 2, "CL": 2, "TH": 2,
}  # fmt: skip
"""How many of each card the deck holds (the rulebook's letter frequency table)."""

POINTS: dict[Card, int] = {
    "A": 2, "B": 8, "C": 8, "D": 5, "E": 2, "F": 6, "G": 6, "H": 7, "I": 2, "J": 13,
    "K": 8, "L": 3, "M": 5, "N": 5, "O": 2, "P": 6, "Q": 15, "R": 5, "S": 3, "T": 3,
    "U": 4, "V": 11, "W": 10, "X": 12, "Y": 4, "Z": 14,
    "QU": 9, "IN": 7, "ER": 7, "CL": 10, "TH": 9,
}  # fmt: skip
"""Each card's points (SW1)."""

DECK_SIZE = sum(COPIES.values())
assert DECK_SIZE == 118, "SW1: the deck has 118 cards"

_ORDER = {card: index for index, card in enumerate(sorted(CARDS))}


def full_deck() -> list[Card]:
    """Every card of the deck, in a fixed order (shuffle it with the game's chance)."""
    return list(_DECK)


_DECK = tuple(card for card in CARDS for _ in range(COPIES[card]))


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Alphabetical by the letters shown: A, B, C, CL, D, E, ER, ..."""
    return sorted(cards, key=_ORDER.__getitem__)


def letters(card: Card) -> str:
    """What the card spells in a word, in lower case."""
    return card.lower()


def points(cards: Iterable[Card]) -> int:
    return sum(POINTS[card] for card in cards)


def card_text(card: Card) -> str:
    """``QU(9)``: the letters, then the points."""
    return f"{card}({POINTS[card]})"


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(card_text(card) for card in cards) or "no cards"

"""The cards: four colours of numbered cards, plus jokers in the variant (AF1).

A card is a small int, ``colour * 16 + value``, and every joker is the same
card, :data:`JOKER` (``64``, so ``JOKER >> 4`` is a fifth "colour" of its own).
Ints keep the trick-taking loop cheap: a hand is a sorted list of them, the
cards of one colour sit next to each other, and ``card >> 4`` is its colour.

Outside the engine (JSON, logs) a card is written as a short code: ``r7`` is
the red 7, ``b12`` the blue 12, ``j`` a joker.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Annotated

from pydantic import PlainSerializer, PlainValidator

from games.core.wording import N_, tr

__all__ = [
    "COLOURS",
    "JOKER",
    "JOKER_GLYPH",
    "JOKER_SUIT",
    "JOKER_WORD",
    "Card",
    "CardCode",
    "Colour",
    "ColourName",
    "card",
    "card_code",
    "card_text",
    "card_words",
    "colour_of",
    "colour_title",
    "colour_word",
    "deck",
    "hand_size",
    "parse_card",
    "top_value",
    "value_of",
]

Card = int
"""``colour * 16 + value``, or :data:`JOKER`."""


class Colour(IntEnum):
    RED = 0
    YELLOW = 1
    GREEN = 2
    BLUE = 3

    @property
    def glyph(self) -> str:
        return _GLYPH[self]

    @property
    def label(self) -> str:
        """``Red``: the colour's English name, as code and logs write it; players read
        :func:`colour_word`."""
        return self.name.title()

    @property
    def letter(self) -> str:
        return self.name[0].lower()


_GLYPH = {Colour.RED: "🟥", Colour.YELLOW: "🟨", Colour.GREEN: "🟩", Colour.BLUE: "🟦"}
_WORDS = {
    # i18n: a colour of Auf falscher Fährte's cards and Short Changed's chips, written inside
    # sentences ("Follow red", "red 7"); German capitalises it there too ("Bediene Rot").
    Colour.RED: N_("red"),
    # i18n: a colour of Auf falscher Fährte's cards, inside sentences ("Follow yellow").
    Colour.YELLOW: N_("yellow"),
    # i18n: a colour of the cards and of Short Changed's chips, inside sentences.
    Colour.GREEN: N_("green"),
    # i18n: a colour of the cards and of Short Changed's chips, inside sentences.
    Colour.BLUE: N_("blue"),
}
COLOURS: tuple[Colour, ...] = tuple(Colour)

JOKER: Card = 64
JOKER_SUIT = JOKER >> 4
"""What ``card >> 4`` gives for a joker: no colour it could ever have to follow."""
JOKER_GLYPH = "🃏"

FOUR_SEAT_TOP = 12
THREE_SEAT_TOP = 9


def card(colour: Colour | int, value: int) -> Card:
    return (int(colour) << 4) | value


def colour_of(card: Card) -> Colour:
    """The card's colour; not for jokers."""
    return COLOURS[card >> 4]


def value_of(card: Card) -> int:
    """The number on the card; a joker has none (AF11) and counts as 0."""
    return 0 if card == JOKER else card & 15


def top_value(seats: int) -> int:
    """Three seats play with values 0-9 only, four with 0-12 (AF1)."""
    return THREE_SEAT_TOP if seats == 3 else FOUR_SEAT_TOP


def hand_size(jokers: bool) -> int:
    """13 cards each, 14 with jokers (AF2)."""
    return 14 if jokers else 13


def deck(seats: int, jokers: bool) -> list[Card]:
    """Every card in play for a seat count, sorted; one joker per seat with jokers (AF1).

    Sorted ints are also how hands are shown: by colour, then value, jokers last.
    """
    return list(_DECKS[seats, jokers])


_DECKS = {
    (seats, jokers): tuple(
        [card(colour, value) for colour in COLOURS for value in range(top_value(seats) + 1)]
        + [JOKER] * (seats if jokers else 0)
    )
    for seats in (3, 4)
    for jokers in (False, True)
}


# -- writing cards down ---------------------------------------------------------------------------

_CODES: dict[Card, str] = {
    card(colour, value): f"{colour.letter}{value}"
    for colour in COLOURS
    for value in range(FOUR_SEAT_TOP + 1)
}
_CODES[JOKER] = "j"
_BY_CODE = {code: card for card, code in _CODES.items()}
_CODE_GLYPH = {card: COLOURS[card >> 4].glyph for card in _CODES if card != JOKER}
JOKER_WORD = N_("joker")


def card_code(card: Card) -> str:
    """``r7``, ``b12``, ``j``: how a card is written in JSON and custom ids."""
    return _CODES[card]


def parse_card(code: object) -> Card:
    """The card a code names; ``ValueError`` for anything else."""
    if isinstance(code, str) and code in _BY_CODE:
        return _BY_CODE[code]
    raise ValueError("not a card: write a colour letter (r, y, g, b) and a value, or j")


def colour_word(colour: Colour) -> str:
    """``red`` (``Rot``): a colour as a sentence says it, in the reader's language."""
    return tr(_WORDS[colour])


def colour_title(colour: Colour) -> str:
    """``Red`` (``Rot``): a colour's word starting a sentence or a label."""
    word = colour_word(colour)
    return word[:1].upper() + word[1:]


def card_text(card: Card) -> str:
    """``🟥 red 7`` or ``🃏 joker``: how a card is shown to players (the square decorates,
    the word says the colour: the square alone leaves colour-blind players guessing).
    ``KeyError`` for no card of the game."""
    if card == JOKER:
        return f"{JOKER_GLYPH} {tr(JOKER_WORD)}"
    return f"{_CODE_GLYPH[card]} {card_words(card)}"


def card_words(card: Card) -> str:
    """``red 7`` or ``joker``: a card in words alone, for a control's label."""
    if card == JOKER:
        return tr(JOKER_WORD)
    return f"{colour_word(colour_of(card))} {value_of(card)}"


def _parse_colour(name: object) -> Colour:
    if isinstance(name, Colour):
        return name
    if isinstance(name, str) and name.upper() in Colour.__members__:
        return Colour[name.upper()]
    raise ValueError("not a colour: red, yellow, green or blue")


CardCode = Annotated[Card, PlainValidator(parse_card), PlainSerializer(card_code, return_type=str)]
"""A card as it crosses the boundary: validated from and written as its code."""

ColourName = Annotated[
    Colour,
    PlainValidator(_parse_colour),
    PlainSerializer(lambda colour: colour.name.lower(), return_type=str),
]
"""A colour as it crosses the boundary: ``"red"``, ``"yellow"``, ``"green"``, ``"blue"``."""

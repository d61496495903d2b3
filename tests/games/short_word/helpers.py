"""Exact Short Word tables for scenario tests, played against a tiny word list."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from games.core.chance import Chance
from games.core.errors import IllegalAction, NotYourTurn
from games.short_word.cards import CARDS, Card, full_deck, sort_cards
from games.short_word.game import ShortWordGame
from games.short_word.lexicon import DictionaryName
from games.short_word.model import Action, Options, ShortWordState, Step

WORDS = frozenset(
    (
        "at",
        "ax",
        "cat",
        "cats",
        "tax",
        "it",
        "quit",
        "quiet",
        "qi",
        "tin",
        "thin",
        "in",
        "inn",
        "the",
        "then",
        "than",
        "zoo",
        "ex",
        "tee",
        "eta",
        "era",
        "her",
        "ere",
        "rate",
        "tear",
        "tea",
        "eat",
        "ate",
        "art",
        "rat",
        "rats",
        "star",
        "cab",
        "bat",
        "tab",
        "clan",
        "clue",
        "queen",
        "quite",
        "tie",
        "sea",
        "set",
        "net",
        "ten",
        "tent",
        "nab",
        "ran",
        "run",
        "urn",
        "zee",
        "ye",
        "yo",
        "go",
        "ego",
    )
)
"""The whole dictionary of the scenario tests (the real lists are tested in test_lexicon)."""

OTHER_WORDS = WORDS - {"cats"} | {"xi"}
"""A second dictionary, to tell the two apart."""


def tiny_words(name: DictionaryName) -> frozenset[str]:
    return WORDS if name == "modern" else OTHER_WORDS


GAME = ShortWordGame(words=tiny_words)


CARD_NAMED: dict[str, Card] = {card: card for card in CARDS}


def cards(text: str) -> list[Card]:
    """``"QU I T"`` -> the cards QU, I, T."""
    named = text.split()
    assert all(name in CARD_NAMED for name in named), f"not card names: {text}"
    return [CARD_NAMED[name] for name in named]


def table(
    *hands: str,
    discards: str = "E",
    draws: str = "",
    turn: int = 0,
    step: Step = "discard",
    hand: int = 1,
    dealer: int | None = None,
    known: list[str] | None = None,
    **options: Any,
) -> ShortWordState:
    """A hand in play with exactly these cards; the rest of the deck is the stock, and
    ``draws`` are the cards it gives when drawn from, in order."""
    held = [cards(text) for text in hands]
    rest = Counter(full_deck())
    for pile in [*held, cards(discards)]:
        rest.subtract(pile)
    assert min(rest.values()) >= 0, "more copies of a card than the deck has"
    seats = len(hands)
    return ShortWordState(
        options=Options(**options),
        chance=_chance_drawing(sort_cards(rest.elements()), cards(draws)),
        hand=hand,
        dealer=(turn - 1) % seats if dealer is None else dealer,
        hands=[sort_cards(pile) for pile in held],
        stock=sort_cards(rest.elements()),
        discards=cards(discards),
        turn=turn,
        step=step,
        known=[cards(text) for text in known] if known else [[] for _ in hands],
        laid=[None] * seats,
        struck=[[] for _ in hands],
        penalties=[0] * seats,
        scores=[0] * seats,
    )


def _chance_drawing(stock: list[Card], wanted: list[Card]) -> Chance:
    """Luck whose next draws from ``stock`` give the ``wanted`` cards, in order."""
    for seed in range(200_000):
        chance = Chance(seed)
        pile = list(stock)
        if all(pile.pop(chance.next().randrange(len(pile))) == card for card in wanted):
            return Chance(seed)
    raise AssertionError(f"no luck draws {wanted}")


def refused(state: ShortWordState, seat: int, action: Action) -> str:
    """Apply an action that must be refused; check the state is untouched; give the reason."""
    before = GAME.dump_state(state)
    with pytest.raises((IllegalAction, NotYourTurn)) as error:
        GAME.apply(state, seat, action)
    assert GAME.dump_state(state) == before
    return error.value.message

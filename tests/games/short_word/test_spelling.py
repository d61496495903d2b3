"""Typed words to cards (SW5): properties of the assignment, checked on random hands."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.errors import IllegalAction
from games.short_word.cards import CARDS, POINTS, Card, points
from games.short_word.spelling import Layout, lay_out, spellings

hands = st.lists(st.sampled_from(CARDS), min_size=2, max_size=11)


def assert_sound(hand: list[Card], words: list[str], layout: Layout) -> None:
    """Every word spelled by its cards, in order; every card of the hand used once."""
    assert [meld.word for meld in layout.melds] == words
    for meld in layout.melds:
        assert "".join(meld.cards).lower() == meld.word
        assert len(meld.cards) >= 2
    used = Counter(card for meld in layout.melds for card in meld.cards)
    assert used + Counter(layout.left) + Counter([layout.discard]) == Counter(hand)


@st.composite
def hand_and_words(draw: st.DrawFn) -> tuple[list[Card], list[str], list[Card]]:
    """A hand, words made of disjoint groups of its cards, and the cards left over."""
    hand = draw(st.lists(st.sampled_from(CARDS), min_size=3, max_size=11))
    order = draw(st.permutations(hand))
    words: list[str] = []
    at = 0
    while len(order) - at >= 3 and draw(st.booleans()):
        size = draw(st.integers(2, len(order) - at - 1))
        words.append("".join(order[at : at + size]).lower())
        at += size
    return hand, words, list(order[at:])


@settings(max_examples=300, deadline=None)
@given(hand_and_words())
def test_the_assignment_spells_the_words_and_uses_no_card_twice(
    case: tuple[list[Card], list[str], list[Card]],
) -> None:
    hand, words, rest = case
    layout = lay_out(hand, words, discard=None, going_out=False)
    assert_sound(hand, words, layout)
    # The known way to lay these words scores no better than the one the engine picked.
    known = points(hand) - 2 * points(rest) + max(POINTS[card] for card in rest)
    assert layout.score >= known


@settings(max_examples=300, deadline=None)
@given(hand_and_words())
def test_going_out_uses_every_card_but_the_discard(
    case: tuple[list[Card], list[str], list[Card]],
) -> None:
    hand, words, rest = case
    if len(rest) != 1 or not words:
        return
    layout = lay_out(hand, words, discard=None, going_out=True)
    assert_sound(hand, words, layout)
    assert layout.left == ()


@settings(max_examples=500, deadline=None)
@given(hands, st.lists(st.text("aeinqrstuhlcxz", min_size=1, max_size=8), min_size=1, max_size=4))
def test_any_typed_words_are_laid_soundly_or_refused(hand: list[Card], words: list[str]) -> None:
    for going_out in (False, True):
        try:
            layout = lay_out(hand, words, discard=None, going_out=going_out)
        except IllegalAction as refusal:
            reason = refusal.message
        else:
            assert_sound(hand, words, layout)
            assert len(layout.left) == 0 or not going_out
            continue
        assert reason.endswith(".") and len(reason) > 20


@given(hands, st.text("aeinqrstuhlcxz", min_size=1, max_size=10))
def test_every_spelling_uses_held_cards_once(hand: list[Card], word: str) -> None:
    held = Counter(hand)
    for cards in spellings(word, held):
        assert "".join(cards).lower() == word
        assert not Counter(cards) - Counter(hand)
    assert held == Counter(hand), "spelling must leave the hand as it found it"


def test_every_way_to_spell_thin() -> None:
    held = Counter[Card](["T", "H", "I", "N", "TH", "IN"])
    found = {tuple(cards) for cards in spellings("thin", held)}
    assert found == {
        ("TH", "IN"),
        ("TH", "I", "N"),
        ("T", "H", "IN"),
        ("T", "H", "I", "N"),
    }


@pytest.mark.parametrize(
    ("hand", "word", "reason"),
    [
        (["Z", "O"], "zoo", "ZOO needs 2 Os and your cards have 1."),
        (["T", "A"], "tax", "You have no card with the letter X for TAX."),
        (["QU", "I"], "qi", "Your cards cannot spell QI: a double-letter card"),
        (["ER", "X"], "er", "ER would be the single card ER: a word needs two or more cards."),
        (["IN", "T"], "nit", "Your cards cannot spell NIT: a double-letter card"),
    ],
)
def test_refusals_say_what_is_missing(hand: list[Card], word: str, reason: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        lay_out([*hand, "E"], [word], discard=None, going_out=False)
    assert refused.value.message.startswith(reason)

"""The packaged dictionaries, the house list, and finding words in cards."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.short_word.cards import full_deck, sort_cards
from games.short_word.finder import distinct_words, going_out_words, words_in
from games.short_word.lexicon import (
    DictionaryName,
    Lexicon,
    Lexicons,
    card_key,
    is_word_shape,
    packaged_words,
)
from games.short_word.spelling import lay_out
from tests.games.short_word.helpers import WORDS, cards

DICTIONARY_NAMES: list[DictionaryName] = ["modern", "webster"]


@pytest.mark.parametrize("name", DICTIONARY_NAMES)
def test_each_dictionary_is_a_real_word_list_of_plain_lower_case_words(
    name: DictionaryName,
) -> None:
    words = packaged_words(name)
    assert len(words) > 100_000
    assert all(is_word_shape(word) for word in words)
    for word in ("quit", "zoo", "thin", "queen", "clue", "her", "tax"):
        assert word in words
    for proper_noun in ("london", "aaron", "nasa", "europe"):
        assert proper_noun not in words
    assert packaged_words(name) is words, "read once per process"


def test_the_modern_list_has_plurals_and_verb_forms_and_webster_does_not() -> None:
    modern, webster = packaged_words("modern"), packaged_words("webster")
    assert {"cats", "walked", "quizzes", "qi"} <= modern
    assert not {"cats", "walked", "quizzes"} & webster


def test_a_house_list_adds_and_removes_words() -> None:
    lexicon = Lexicon("modern", WORDS, added=("zzx", "cat"), removed=("cat", "tea"))
    assert "zzx" in lexicon and "quit" in lexicon
    assert "cat" not in lexicon, "a removal wins over an addition"
    assert "tea" not in lexicon
    groups = lexicon.card_groups()
    assert groups.get(card_key(cards("T E A"))) == ("ate", "eat", "eta")
    assert groups.get(card_key(cards("X Z Z"))) == ("zzx",)
    assert groups.get(card_key(cards("T A"))) == ("at",)


def test_lexicons_are_shared_by_tables_with_the_same_words() -> None:
    lexicons = Lexicons(lambda name: WORDS)
    first = lexicons.get("modern", ("zzx",), ())
    assert lexicons.get("modern", ("zzx",), ()) is first
    assert lexicons.get("modern", (), ()) is not first


def test_words_in_cards_tell_q_u_from_qu() -> None:
    lexicon = Lexicon("modern", WORDS)
    found = {word for _mask, word in words_in(cards("QU I T E"), lexicon)}
    assert {"quit", "quite", "tie", "it"} <= found
    assert "qi" not in found, "QU cannot spell Q alone"
    assert distinct_words(tuple(cards("IN N")), lexicon) == ("inn",)
    assert distinct_words(tuple(cards("IN")), lexicon) == (), "one card is never a word"


@pytest.mark.parametrize("name", DICTIONARY_NAMES)
def test_every_way_found_to_go_out_is_a_legal_lay(name: DictionaryName) -> None:
    lexicon = Lexicon(name, packaged_words(name))
    rng = random.Random(4)
    deck = full_deck()
    found_any = 0
    for size in (4, 7, 11):
        for _ in range(15):
            hand = tuple(sort_cards(rng.sample(deck, size)))
            for discard, words in going_out_words(hand, lexicon).items():
                found_any += 1
                assert all(word in lexicon for word in words)
                layout = lay_out(hand, words, discard=discard, going_out=True)
                assert layout.discard == discard and layout.left == ()
                used = Counter(c for meld in layout.melds for c in meld.cards)
                assert used + Counter([discard]) == Counter(hand)
    assert found_any > 50

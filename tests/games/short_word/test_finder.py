"""The finder files words under the cards that spell them; it must find exactly what the
finder before it found (letters looked up, then each double card checked word by word)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import cache

import pytest

from games.short_word.cards import Card, full_deck, sort_cards
from games.short_word.finder import _Splitter, words_in
from games.short_word.lexicon import DictionaryName, Lexicon, packaged_words

# -- the finder as it was (games/short_word/finder.py before card keys), for comparison -----------

_PRIMES = [n for n in range(2, 102) if all(n % d for d in range(2, n))]
_LETTER_PRIME = dict(zip("etaoinsrhldcumfpgwybvkxjqz", _PRIMES, strict=True))


def _anagram_key(letters: str) -> int:
    key = 1
    for letter in letters:
        key *= _LETTER_PRIME[letter]
    return key


@cache
def _by_letters(lexicon: Lexicon) -> dict[int, tuple[str, ...]]:
    groups: dict[int, tuple[str, ...]] = {}
    words = lexicon._words
    assert isinstance(words, frozenset)
    for word in sorted(words | lexicon._added):
        if word in lexicon:
            key = _anagram_key(word)
            groups[key] = (*groups.get(key, ()), word)
    return groups


def _old_spelled(cards: Sequence[Card], lexicon: Lexicon) -> Iterator[tuple[int, tuple[str, ...]]]:
    groups = _by_letters(lexicon)
    keys = [1]
    for card in cards:
        keys += [key * _anagram_key(card.lower()) for key in keys]
    for mask, key in enumerate(keys):
        words = groups.get(key)
        if not words or not mask & (mask - 1):
            continue
        pairs = Counter(card.lower() for i, card in enumerate(cards) if mask >> i & 1)
        pairs = Counter({pair: n for pair, n in pairs.items() if len(pair) == 2})
        words = tuple(w for w in words if all(w.count(p) >= n for p, n in pairs.items()))
        if words:
            yield mask, words


def _old_words_in(cards: Sequence[Card], lexicon: Lexicon) -> list[tuple[int, str]]:
    return [(mask, word) for mask, words in _old_spelled(cards, lexicon) for word in words]


class _OldSplitter:
    def __init__(self, cards: tuple[Card, ...], lexicon: Lexicon) -> None:
        self._by_lowest: dict[int, list[tuple[int, str]]] = {}
        for mask, words in _old_spelled(cards, lexicon):
            self._by_lowest.setdefault(mask & -mask, []).append((mask, words[0]))
        self._cards = cards
        self._splits: dict[tuple[Card, ...], tuple[str, ...] | None] = {(): ()}

    def __call__(self, rest: int) -> tuple[str, ...] | None:
        key = tuple(card for i, card in enumerate(self._cards) if rest >> i & 1)
        if key in self._splits:
            return self._splits[key]
        found = None
        for mask, word in self._by_lowest.get(rest & -rest, ()):
            if mask & rest == mask and (words := self(rest ^ mask)) is not None:
                found = (word, *words)
                break
        self._splits[key] = found
        return found


# -- the comparison ------------------------------------------------------------------------------


def _hands(seed: int, count: int) -> Iterator[tuple[Card, ...]]:
    rng = random.Random(seed)
    deck = full_deck()
    for _ in range(count):
        yield tuple(sort_cards(rng.sample(deck, rng.randint(2, 11))))


@pytest.mark.parametrize("name", ["modern", "webster"])
def test_the_finder_finds_and_splits_as_the_letter_finder_did(name: DictionaryName) -> None:
    plain = Lexicon(name, packaged_words(name))
    house = Lexicon(name, packaged_words(name), added=("thqux", "erin"), removed=("tea", "in"))
    splits = 0
    for lexicon in (plain, house):
        for hand in _hands(24, 150):
            assert words_in(hand, lexicon) == _old_words_in(hand, lexicon), hand
            for discard in range(len(hand)):
                rest = (1 << len(hand)) - 1 ^ 1 << discard
                found = _Splitter(hand, lexicon)(rest)
                assert found == _OldSplitter(hand, lexicon)(rest), (hand, discard)
                splits += found is not None
    assert splits > 300  # many hands split, so the words picked were compared too

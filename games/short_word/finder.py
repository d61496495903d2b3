"""Finding words in a set of cards, for the sample of word actions the engine lists.

A word action is open-ended (any typed text), so ``legal_actions`` lists a
documented sample: the words this module finds. Every card subset is looked up
by its anagram key (one dictionary probe per subset, at most 2,048 for eleven
cards), then a depth-first search splits the hand into found words.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from itertools import compress

from games.short_word.cards import CARDS, Card
from games.short_word.lexicon import Lexicon, anagram_key

__all__ = ["Found", "distinct_words", "going_out_words", "split_into_words", "words_in"]

Found = tuple[int, str]
"""A word found in some cards: the bit mask of the cards it uses, and the word."""


def words_in(cards: Sequence[Card], lexicon: Lexicon) -> list[Found]:
    """Every accepted word spelled by two or more of ``cards``, each with the cards it uses.

    Cards are told apart by position, so two E cards give two entries for a
    word with one E; callers that want words only can de-duplicate.
    """
    return [(mask, word) for mask, words in _spelled(cards, lexicon) for word in words]


def _spelled(cards: Sequence[Card], lexicon: Lexicon) -> Iterator[tuple[int, tuple[str, ...]]]:
    """Each set of two or more cards (a bit mask) that spells accepted words, with the words."""
    get = lexicon.anagram_groups().get
    doubles = sum(1 << index for index, card in enumerate(cards) if len(card) == 2)
    pairs_of: dict[int, list[tuple[str, int]]] = {}
    """The letter pairs of each set of double cards, counted once per set (a hand has few)."""
    spelled = list(map(get, _keys(cards)))  # most sets of cards spell nothing: the loop
    for mask in compress(range(len(spelled)), spelled):  # visits only those that do
        words = spelled[mask]
        assert words is not None  # compress passed only the masks that spell something
        if not mask & (mask - 1):
            continue  # one card is never a word, even the IN card
        used = mask & doubles
        if used:
            pairs = pairs_of.get(used)
            if pairs is None:
                pairs = pairs_of[used] = _pairs(cards, used)
            # Single letters spell any arrangement of their letters; each double card
            # needs its two letters side by side. No two double cards can overlap in a
            # word (none ends with a letter another starts with), so counting is enough.
            words = tuple(w for w in words if all(w.count(p) >= n for p, n in pairs))
            if not words:
                continue
        yield mask, words


def _pairs(cards: Sequence[Card], used: int) -> list[tuple[str, int]]:
    """The letter pairs of the double cards in ``used``, each with how many cards show it."""
    pairs = Counter(card.lower() for i, card in enumerate(cards) if used >> i & 1)
    return list(pairs.items())


def _keys(cards: Sequence[Card], primes: Mapping[Card, int] | None = None) -> list[int]:
    """``keys[mask]``: the anagram key of the cards in ``mask`` (or, given ``primes``,
    a key telling card multisets apart), built a card at a time."""
    keys = [1]
    for card in cards:
        card_key = anagram_key(card.lower()) if primes is None else primes[card]
        keys += [key * card_key for key in keys]
    return keys


_CARD_PRIMES = dict(
    zip(CARDS, (p for p in range(2, 200) if all(p % d for d in range(2, p))), strict=False)
)
"""A prime per card, so equal products mean equal cards (QU is not Q + U here)."""


def going_out_words(hand: tuple[Card, ...], lexicon: Lexicon) -> dict[Card, tuple[str, ...]]:
    """For each card the hand could discard, one way to lay every other card as words.

    The hand must be sorted. The answer for a card is the first split the
    search finds, not the best-scoring one; cards with no split are absent.
    """
    return dict(_going_out(hand, lexicon))


@lru_cache(maxsize=4096)
def _going_out(
    hand: tuple[Card, ...], lexicon: Lexicon
) -> tuple[tuple[Card, tuple[str, ...]], ...]:
    split = _Splitter(hand, lexicon)
    everything = (1 << len(hand)) - 1
    answers: list[tuple[Card, tuple[str, ...]]] = []
    for index, card in enumerate(hand):
        if index and hand[index - 1] == card:
            continue  # the same discard as the card before
        words = split(everything ^ (1 << index))
        if words is not None:
            answers.append((card, words))
    return tuple(answers)


@lru_cache(maxsize=4096)
def split_into_words(cards: tuple[Card, ...], lexicon: Lexicon) -> tuple[str, ...] | None:
    """One way to lay all of ``cards`` (sorted) as accepted words, or ``None``."""
    return _Splitter(cards, lexicon)((1 << len(cards)) - 1)


class _Splitter:
    """A search for words that use exactly the cards of a mask, sharing what it learns.

    A class rather than a recursive closure: a nested function that calls itself holds
    itself through its closure cell, a reference cycle that only the garbage collector
    frees, and this search runs on every Short Word move.
    """

    def __init__(self, cards: tuple[Card, ...], lexicon: Lexicon) -> None:
        # Whether the rest splits depends on the cards a word uses, not on which word they
        # spell, so the first word of each set of cards is all the search needs.
        self._by_lowest: dict[int, list[Found]] = {}
        for mask, words in _spelled(cards, lexicon):
            self._by_lowest.setdefault(mask & -mask, []).append((mask, words[0]))
        # Splits depend on which cards are left, not where they sit in the hand.
        self._cards_key = _keys(cards, _CARD_PRIMES)
        self._splits: dict[int, tuple[str, ...] | None] = {1: ()}

    def __call__(self, rest: int) -> tuple[str, ...] | None:
        key = self._cards_key[rest]
        if key in self._splits:
            return self._splits[key]
        found = None
        # Some word must hold the lowest card left; try each, then split the rest.
        for mask, word in self._by_lowest.get(rest & -rest, ()):
            if mask & rest == mask and (words := self(rest ^ mask)) is not None:
                found = (word, *words)
                break
        self._splits[key] = found
        return found


@lru_cache(maxsize=1024)
def distinct_words(cards: tuple[Card, ...], lexicon: Lexicon) -> tuple[str, ...]:
    """Every accepted word that two or more of ``cards`` spell, once each, in order."""
    return tuple(sorted({word for _mask, word in words_in(cards, lexicon)}))

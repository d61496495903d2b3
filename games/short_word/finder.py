"""Finding words in a set of cards, for the sample of word actions the engine lists.

A word action is open-ended (any typed text), so ``legal_actions`` lists a
documented sample: the words this module finds. Every card subset is looked up
by its card key (one dictionary probe per subset, at most 2,048 for eleven
cards: :meth:`~games.short_word.lexicon.Lexicon.card_groups` files each word
under every set of cards that spells it, so QU, IN, ER, CL and TH need no
check of their own), then a depth-first search splits the hand into found words.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import compress

from games.short_word.cards import Card
from games.short_word.lexicon import CARD_PRIME, Lexicon

__all__ = ["Found", "distinct_words", "going_out_words", "split_into_words", "words_in"]

Found = tuple[int, str]
"""A word found in some cards: the bit mask of the cards it uses, and the word."""


def words_in(cards: Sequence[Card], lexicon: Lexicon) -> list[Found]:
    """Every accepted word spelled by two or more of ``cards``, each with the cards it uses.

    Cards are told apart by position, so two E cards give two entries for a
    word with one E; callers that want words only can de-duplicate.
    """
    return [(mask, word) for mask, words in _spelled(_keys(cards), lexicon) for word in words]


def _spelled(keys: list[int], lexicon: Lexicon) -> Iterator[tuple[int, tuple[str, ...]]]:
    """Each set of two or more cards (a bit mask) that spells accepted words, with the words,
    given every set's card key (:func:`_keys`)."""
    spelled = list(map(lexicon.card_groups().get, keys))  # most sets of cards spell nothing:
    for mask in compress(range(len(spelled)), spelled):  # the loop visits only those that do
        if mask & (mask - 1):  # one card is never a word, even the IN card
            yield mask, spelled[mask]  # type: ignore[misc]  # compress passed no None


def _keys(cards: Sequence[Card]) -> list[int]:
    """``keys[mask]``: the card key of the cards in ``mask``, built a card at a time."""
    keys = [1]
    for card in cards:
        # The list is read before it grows. A comprehension, not map(prime.__mul__, keys):
        # the interpreter's own multiplication costs a third less than calling the method.
        prime = CARD_PRIME[card]
        keys += [key * prime for key in keys]
    return keys


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
        keys = _keys(cards)
        self._groups = lexicon.card_groups()
        self._spelled = list(map(lexicon.spells(), keys))  # the words only for a split found
        # The sets of cards that spell something, by their lowest card, in the order of
        # their masks: the search tries the words holding the lowest card left. The masks
        # whose lowest card is ``low`` are every ``2 * low``-th from ``low`` on, so slicing
        # and filtering run in C.
        self._by_lowest: dict[int, list[int]] = {}
        size = len(keys)
        low = 1
        while low < size:
            step = low << 1
            spelling = list(compress(range(low, size, step), self._spelled[low::step]))
            if spelling and spelling[0] == low:
                del spelling[0]  # one card is never a word, even the IN card
            self._by_lowest[low] = spelling
            low = step
        # Splits depend on which cards are left, not where they sit in the hand.
        self._cards_key = keys
        self._splits: dict[int, tuple[str, ...] | None] = {1: ()}

    def __call__(self, rest: int) -> tuple[str, ...] | None:
        found = self._splits.get(self._cards_key[rest], _UNSEARCHED)
        return self._search(rest) if found is _UNSEARCHED else found

    def _search(self, rest: int) -> tuple[str, ...] | None:
        # Some word must hold the lowest card left; try each, then split the rest. Whether
        # the rest splits depends on the cards a word uses, not on which word they spell,
        # so the first word of each set of cards is all the search needs.
        keys, splits = self._cards_key, self._splits
        found = None
        for mask in self._by_lowest.get(rest & -rest, ()):
            if mask & rest != mask:
                continue
            # The memo is read here rather than in a call: half the rests tried are in it.
            words = splits.get(keys[rest ^ mask], _UNSEARCHED)
            if words is _UNSEARCHED:
                words = self._search(rest ^ mask)
            if words is not None:
                found = (self._groups[keys[mask]][0], *words)
                break
        splits[keys[rest]] = found
        return found


_UNSEARCHED: tuple[str, ...] = ("",)
"""Marks a rest the search has not split yet (no split is this tuple: no word is empty)."""


@lru_cache(maxsize=1024)
def distinct_words(cards: tuple[Card, ...], lexicon: Lexicon) -> tuple[str, ...]:
    """Every accepted word that two or more of ``cards`` spell, once each, in order."""
    return tuple(sorted({word for _mask, word in words_in(cards, lexicon)}))

"""What a hand of letter cards can make: the sums a computer player plans its turns with.

A :class:`Planner` takes a hand (sorted cards) and the table's dictionary and
answers, as asked:

* for each card the hand could discard, what the other cards would score if
  the hand ended now (SW4, SW6: the best set of words among them, counting
  their points, less the points of the cards left in no word), and whether
  they can all be laid as words, so that the seat can go out (SW3);
* what the whole hand holds between turns (:class:`Holding`);
* ways to lay words keeping a given discard (:class:`Plan`): the best score,
  and the layouts that chase a bonus (SW6) instead: more words, or a longer
  longest word, for a few points less.

Words come from :func:`games.short_word.finder.words_in`. The best set of
words is a search over the cards, lowest card first: either it stays in hand
or some word holds it. A search depends only on which cards are left, so it
is remembered by the multiset of cards, not their places. :func:`appraise`
and :func:`holding` keep their answers for many hands; a planner itself is
big, so only the last few are kept (:func:`planner`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from games.short_word.cards import CARDS, POINTS, Card
from games.short_word.finder import words_in
from games.short_word.lexicon import Lexicon

__all__ = [
    "LONG_WORDS",
    "Appraisal",
    "Holding",
    "Plan",
    "Planner",
    "appraise",
    "holding",
    "planner",
    "undominated",
]

LONG_WORDS = 4
"""Layouts built round each of this many longest words are offered besides the best ones."""

_CARD_PRIMES = dict(
    zip(CARDS, (n for n in range(2, 200) if all(n % d for d in range(2, n))), strict=False)
)
"""A prime per card, so equal products mean the same cards."""


@dataclass(frozen=True, slots=True)
class Appraisal:
    """What a hand that has drawn can do with each card it could discard."""

    cards: tuple[Card, ...]
    keep: dict[Card, int]
    """For each card: what the others score if the hand ended with it discarded."""
    out: frozenset[Card]
    """The cards whose discard leaves every other card in words: the hand can go out."""

    @property
    def best_keep(self) -> int:
        return max(self.keep.values())

    @property
    def out_discard(self) -> Card | None:
        """The cheapest card the hand can go out discarding (``None``: it cannot go out)."""
        if not self.out:
            return None
        return min(self.out, key=lambda card: (POINTS[card], card))

    @property
    def out_score(self) -> int | None:
        """What going out scores, before bonuses (``None``: the hand cannot go out)."""
        discard = self.out_discard
        if discard is None:
            return None
        return sum(POINTS[card] for card in self.cards) - POINTS[discard]


@dataclass(frozen=True, slots=True)
class Holding:
    """What a hand between turns holds."""

    score: int
    """The best score of all its cards if the hand ended now."""
    complete: bool
    """Every card is in words: whatever it draws next, the hand can go out."""


@dataclass(frozen=True, slots=True)
class Plan:
    """Words to lay, keeping one card to discard, and what they are worth."""

    words: tuple[str, ...]
    discard: Card
    score: int
    """Points of the cards in the words less the points of the cards left (not the discard)."""
    longest: int
    """Letters in the longest word (SW6)."""

    @property
    def count(self) -> int:
        return len(self.words)


class Planner:
    """Everything one hand can make, worked out when first asked and remembered."""

    def __init__(self, cards: tuple[Card, ...], lexicon: Lexicon) -> None:
        self.cards = cards
        points = [0]
        keys = [1]
        cheapest = [max(POINTS.values())]
        for card in cards:
            points += [p + POINTS[card] for p in points]
            keys += [key * _CARD_PRIMES[card] for key in keys]
            cheapest += [min(c, POINTS[card]) for c in cheapest]
        self._points = points
        self._keys = keys
        self._cheapest = cheapest
        self._word_of: dict[int, str] = {}
        self._by_low: dict[int, list[int]] = {}
        for mask, word in words_in(cards, lexicon):
            if mask not in self._word_of:
                self._word_of[mask] = word
                self._by_low.setdefault(mask & -mask, []).append(mask)
        for words in self._by_low.values():
            words.sort(key=int.bit_count)  # short words first: the most words come soonest
        self._everything = (1 << len(cards)) - 1
        # Each search remembers its answers by the cards' prime product (no cards is 1).
        self._complete_known: dict[int, bool] = {1: True}
        self._score_known: dict[int, int] = {1: 0}
        self._split_known: dict[int, int] = {1: 0}
        self._best_known: dict[int, tuple[int, int]] = {1: (0, 0)}
        self._most_known: dict[int, tuple[int, int]] = {1: (0, 0)}

    # -- what the hand can do --------------------------------------------------------------------

    @cached_property
    def appraisal(self) -> Appraisal:
        keep: dict[Card, int] = {}
        out: set[Card] = set()
        for index, card in enumerate(self.cards):
            if card not in keep:
                rest = self._everything ^ (1 << index)
                keep[card] = self._score(rest)
                if self._complete(rest):
                    out.add(card)
        return Appraisal(self.cards, keep, frozenset(out))

    @cached_property
    def holding(self) -> Holding:
        return Holding(self._score(self._everything), self._complete(self._everything))

    def best_plan(self, discard: Card, *, going_out: bool) -> Plan:
        """The best-scoring words keeping ``discard``; among equals, the most words. Going out,
        every other card must be in a word: ``discard`` must be one of :attr:`Appraisal.out`."""
        rest = self._rest(discard)
        if going_out and not self._complete(rest):
            raise ValueError(f"{' '.join(self.cards)} cannot go out keeping {discard}")
        return self._plan(discard, self._best_words(rest))

    def plans(self, discard: Card, *, going_out: bool) -> list[Plan]:
        """Ways to lay words keeping ``discard``, none worse than another in every way:
        the best score, the most words, and layouts round the longest words (SW6)."""
        rest = self._rest(discard)
        if going_out and not self._complete(rest):
            return []
        found = [self.best_plan(discard, going_out=going_out)]
        if not going_out:
            found.append(self._plan(discard, self._most_words(rest)))
        longest = sorted(
            (word for word in self._word_of if word & rest == word),
            key=lambda word: (-len(self._word_of[word]), -self._points[word]),
        )
        lengths: set[int] = set()
        for word in longest:
            letters = len(self._word_of[word])
            if letters in lengths:
                continue
            if len(lengths) == LONG_WORDS:
                break
            after = rest ^ word
            if going_out and not self._complete(after):
                continue
            lengths.add(letters)
            found.append(self._plan(discard, [word, *self._best_words(after)]))
        return undominated(found)

    # -- the searches ----------------------------------------------------------------------------

    def _rest(self, discard: Card) -> int:
        return self._everything ^ (1 << self.cards.index(discard))

    def _plan(self, discard: Card, words: list[int]) -> Plan:
        laid = 0
        for word in words:
            laid |= word
        left = self._rest(discard) ^ laid
        return Plan(
            words=tuple(self._word_of[word] for word in words),
            discard=discard,
            score=self._points[laid] - self._points[left],
            longest=max((len(self._word_of[word]) for word in words), default=0),
        )

    def _complete(self, mask: int) -> bool:
        """Whether every card in ``mask`` can be laid in words."""
        key = self._keys[mask]
        known = self._complete_known.get(key)
        if known is None:
            known = any(
                word & mask == word and self._complete(mask ^ word)
                for word in self._by_low.get(mask & -mask, ())
            )
            self._complete_known[key] = known
        return known

    def _score(self, mask: int) -> int:
        """The best score of the cards in ``mask``: points in words less points left."""
        key = self._keys[mask]
        known = self._score_known.get(key)
        if known is not None:
            return known
        points = self._points
        if self._complete(mask):  # the usual case with a big dictionary, and quick to find
            score = points[mask]
        else:
            # Some card is left, and it counts against: no layout beats leaving the cheapest.
            bound = points[mask] - 2 * self._cheapest[mask]
            low = mask & -mask
            score = self._score(mask ^ low) - points[low]
            for word in self._by_low.get(low, ()):
                if score == bound:
                    break
                if word & mask == word:
                    score = max(score, points[word] + self._score(mask ^ word))
        self._score_known[key] = score
        return score

    def _split(self, mask: int) -> int:
        """The most words a layout of every card in ``mask`` has (``mask`` must be complete)."""
        key = self._keys[mask]
        known = self._split_known.get(key)
        if known is not None:
            return known
        most = 0
        bound = mask.bit_count() // 2  # two cards a word at the very most
        for word in self._by_low.get(mask & -mask, ()):
            if word & mask == word and self._complete(mask ^ word):
                most = max(most, 1 + self._split(mask ^ word))
                if most == bound:
                    break
        self._split_known[key] = most
        return most

    def _best(self, mask: int) -> tuple[int, int]:
        """(score, words) of the best layout within ``mask``: the most points, then words."""
        key = self._keys[mask]
        known = self._best_known.get(key)
        if known is not None:
            return known
        points = self._points
        if self._complete(mask):
            value = (points[mask], self._split(mask))
        else:
            low = mask & -mask
            score, count = self._best(mask ^ low)
            value = (score - points[low], count)
            for word in self._by_low.get(low, ()):
                if word & mask == word:
                    score, count = self._best(mask ^ word)
                    value = max(value, (score + points[word], count + 1))
        self._best_known[key] = value
        return value

    def _most(self, mask: int) -> tuple[int, int]:
        """(words, score) of the layout within ``mask`` with the most words, then points."""
        key = self._keys[mask]
        known = self._most_known.get(key)
        if known is not None:
            return known
        points = self._points
        low = mask & -mask
        count, score = self._most(mask ^ low)
        value = (count, score - points[low])
        for word in self._by_low.get(low, ()):
            if word & mask == word:
                count, score = self._most(mask ^ word)
                value = max(value, (count + 1, score + points[word]))
        self._most_known[key] = value
        return value

    def _split_words(self, mask: int) -> list[int]:
        """The words of a layout of every card in ``mask`` with the most words."""
        words: list[int] = []
        while mask:
            target = self._split(mask)
            for word in self._by_low.get(mask & -mask, ()):
                rest = mask ^ word
                if word & mask == word and self._complete(rest) and 1 + self._split(rest) == target:
                    words.append(word)
                    mask = rest
                    break
        return words

    def _best_words(self, mask: int) -> list[int]:
        """The words of the layout :meth:`_best` found."""
        words: list[int] = []
        points = self._points
        while mask:
            if self._complete(mask):
                return words + self._split_words(mask)
            score, count = self._best(mask)
            low = mask & -mask
            for word in self._by_low.get(low, ()):
                if word & mask == word:
                    rest_score, rest_count = self._best(mask ^ word)
                    if (rest_score + points[word], rest_count + 1) == (score, count):
                        words.append(word)
                        mask ^= word
                        break
            else:
                mask ^= low  # the card stays in hand
        return words

    def _most_words(self, mask: int) -> list[int]:
        """The words of the layout :meth:`_most` found."""
        words: list[int] = []
        points = self._points
        while mask:
            count, score = self._most(mask)
            low = mask & -mask
            for word in self._by_low.get(low, ()):
                if word & mask == word:
                    rest_count, rest_score = self._most(mask ^ word)
                    if (rest_count + 1, rest_score + points[word]) == (count, score):
                        words.append(word)
                        mask ^= word
                        break
            else:
                mask ^= low
        return words


def undominated(plans: list[Plan]) -> list[Plan]:
    """The plans no other plan beats or equals in score, word count and longest word, best
    score first."""
    kept: list[Plan] = []
    for plan in sorted(plans, key=lambda p: (-p.score, -p.count, -p.longest)):
        if not any(
            other.score >= plan.score
            and other.count >= plan.count
            and other.longest >= plan.longest
            for other in kept
        ):
            kept.append(plan)
    return kept


@lru_cache(maxsize=16)
def planner(cards: tuple[Card, ...], lexicon: Lexicon) -> Planner:
    """The planner for ``cards`` (sorted); the last few are kept, as turns ask again."""
    return Planner(cards, lexicon)


@lru_cache(maxsize=20_000)
def appraise(cards: tuple[Card, ...], lexicon: Lexicon) -> Appraisal:
    """What ``cards`` (sorted, a hand that has drawn) can do with each card they could discard."""
    return planner(cards, lexicon).appraisal


@lru_cache(maxsize=20_000)
def holding(cards: tuple[Card, ...], lexicon: Lexicon) -> Holding:
    """What ``cards`` (sorted) hold between turns."""
    return planner(cards, lexicon).holding

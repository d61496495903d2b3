"""The dictionaries words are checked against (SW5), and a server's house list.

Two real English word lists ship inside installed packages, so nothing is
downloaded while the bot runs:

* ``modern``: the word-game list of the ``kjxqz`` package (188,000 words,
  plurals and verb forms included, all lower case, no proper nouns or
  abbreviations).
* ``webster``: the entries of Webster's Second International (1934) as shipped
  by the ``english-words`` package (web2). Capitalised entries are proper nouns
  there and are dropped, which leaves 210,000 lower-case headwords; the 1934
  list has no plural or verb forms.

Only entries made of the letters a-z are kept, so no hyphenated word can be
played (SW5). Reading goes through a :data:`WordSource`. By default a list is
read once per process, on first use, and kept as a frozen set; tests hand the
game a tiny set instead (see :class:`games.short_word.game.ShortWordGame`).
The bot hands it :class:`~games.short_word.word_table.WordTable` s read from
files mapped into memory, which every process on the machine shares
(``bot/word_files.py``; :meth:`Lexicons.use`).

A :class:`Lexicon` is what one table plays with: a dictionary plus the server's
house additions and removals, as snapshotted into the table's options when its
lobby opened, so a game always replays against the same words.
"""

from __future__ import annotations

from collections import ChainMap, OrderedDict
from collections.abc import Callable, Container, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from math import prod
from typing import Literal

from games.core.wording import N_, tr
from games.short_word.cards import CARDS, Card
from games.short_word.word_table import GroupMemo, WordTable

__all__ = [
    "CARD_PRIME",
    "DICTIONARIES",
    "MAX_WORD_LETTERS",
    "DictionaryName",
    "Lexicon",
    "Lexicons",
    "WordSource",
    "card_key",
    "card_keys",
    "dictionary_title",
    "is_word_shape",
    "packaged_words",
]

DictionaryName = Literal["modern", "webster"]

DICTIONARIES: dict[DictionaryName, str] = {
    # i18n: a dictionary, in "Words are checked against {dictionary}."
    "modern": N_("the modern word-game list"),
    # i18n: a dictionary (a book's name), in "Words are checked against {dictionary}."
    "webster": N_("Webster's Second (1934)"),
}
"""How each dictionary is named to players (the English: :func:`dictionary_title` words it)."""


def dictionary_title(name: DictionaryName) -> str:
    """A dictionary's name in the reader's language."""
    return tr(DICTIONARIES[name])


Words = frozenset[str] | WordTable
"""A dictionary's words: a set in this process's memory, or a table in shared memory."""

WordSource = Callable[[DictionaryName], Words]
"""Gives the words of a dictionary; the packaged lists by default, a tiny set in tests,
mapped word files in the bot."""

MEMO_BYTES = 3 << 20
"""About what a mapped table's :class:`GroupMemo` may hold in one process: the memory a
process adds for the word lists stays a few MiB."""

_MEMO_ENTRY_BYTES = 96
"""An entry's rough cost: the dict slot and the key (most probes find no word, and share
the empty tuple)."""

MAX_WORD_LETTERS = 22
"""Eleven double-letter cards: no typed word can be longer."""


def is_word_shape(text: str) -> bool:
    """Lower-case letters a-z only, two to :data:`MAX_WORD_LETTERS` of them."""
    return (
        2 <= len(text) <= MAX_WORD_LETTERS and text.isascii() and text.isalpha() and text.islower()
    )


@cache
def packaged_words(name: DictionaryName) -> frozenset[str]:
    """The words of a dictionary shipped in an installed package, read once per process."""
    if name == "modern":
        import kjxqz

        entries: Iterable[str] = kjxqz.load_words()
    else:
        from english_words import get_english_words_set

        entries = get_english_words_set(["web2"], alpha=True)
    # Capitalised entries are proper nouns (SW5); anything but a-z is not a playable word.
    return frozenset(word for word in entries if is_word_shape(word))


# -- card keys: a multiset of cards as one integer -----------------------------------------------

_PRIMES = [n for n in range(2, 128) if all(n % d for d in range(2, n))]
_FREQUENCY = "etaoinsrhldcumfpgwybvkxjqz"
CARD_PRIME: dict[Card, int] = dict(
    zip(
        sorted(CARDS, key=lambda card: (len(card), _FREQUENCY.index(card[0].lower()))),
        _PRIMES,
        strict=True,
    )
)
"""A prime per card (the commonest letters get the smallest, which keeps keys small): the
product over a set of cards is equal exactly for the same cards, so QU is not Q + U."""

_LETTER_PRIME = {card.lower(): prime for card, prime in CARD_PRIME.items() if len(card) == 1}
_DOUBLES = {
    card.lower(): (_LETTER_PRIME[card[0].lower()] * _LETTER_PRIME[card[1].lower()], prime)
    for card, prime in CARD_PRIME.items()
    if len(card) == 2
}
"""Each double card's letters: the product of their letter primes, and the card's prime."""


def card_key(cards: Iterable[Card]) -> int:
    """The product of the cards' primes: equal exactly for the same multiset of cards."""
    return prod(map(CARD_PRIME.__getitem__, cards))


def card_keys(word: str) -> set[int]:
    """The :func:`card_key` of every set of cards that spells ``word`` (lower-case a-z).

    A word has one key per way to cut it into cards: ``"quit"`` is Q U I T or QU I T.
    """
    keys = {prod(map(_LETTER_PRIME.__getitem__, word))}
    # Any of a word's QU, IN, ER, CL and TH can be a double card: no two of them overlap,
    # as no double card ends with a letter one starts with. Each use trades the two
    # letters' primes for the card's.
    for pair, (letters, double) in _DOUBLES.items():
        for _ in range(word.count(pair)):
            keys |= {key // letters * double for key in keys if key % letters == 0}
    return keys


@dataclass(slots=True)
class _CardGroups:
    """Every word of a list by the card keys that spell it, built on the first search."""

    words: frozenset[str]
    by_key: dict[int, tuple[str, ...]] = field(default_factory=dict)
    keys: frozenset[int] = frozenset()
    """The keys of ``by_key`` again, as a set: whether a set of cards spells anything is
    most of what a search asks (most ask of cards that spell nothing), and a miss in a set
    reads one slot of its table, where a dict reads its index and then its entries. 8 MiB
    for ``modern``, 16 for ``webster``, on the in-memory path only (the bot maps its word
    files)."""

    def __post_init__(self) -> None:
        # Alphabetical within a group, so searches find the same words in every process.
        lists: dict[int, list[str]] = {}
        for word in sorted(self.words):
            for key in card_keys(word):
                lists.setdefault(key, []).append(word)
        self.by_key.update((key, tuple(group)) for key, group in lists.items())
        self.keys = frozenset(self.by_key)


@cache
def _card_groups(words: frozenset[str]) -> _CardGroups:
    return _CardGroups(words)


@cache
def _memo(table: WordTable) -> GroupMemo:
    return GroupMemo(table, MEMO_BYTES // _MEMO_ENTRY_BYTES)


class Lexicon:
    """The words one table accepts: a dictionary, plus house words, minus house removals."""

    __slots__ = ("_added", "_changed_groups", "_listed", "_removed", "_words", "dictionary")

    def __init__(
        self,
        dictionary: DictionaryName,
        words: Words,
        added: Iterable[str] = (),
        removed: Iterable[str] = (),
    ) -> None:
        self.dictionary = dictionary
        self._words = words
        # Asked with ``in``, which reaches the set's or the DAWG's test in C directly:
        # calling their ``__contains__`` made a whole ``word in lexicon`` 20-40% slower.
        self._listed: Container[str] = words.automaton if isinstance(words, WordTable) else words
        self._removed = frozenset(removed)
        self._added = frozenset(added) - self._removed
        self._changed_groups: dict[int, tuple[str, ...]] | None = None

    @property
    def title(self) -> str:
        return DICTIONARIES[self.dictionary]

    def __contains__(self, word: object) -> bool:
        if word in self._added:
            return True
        try:
            return isinstance(word, str) and word in self._listed and word not in self._removed
        except UnicodeEncodeError:  # a lone surrogate: the DAWG asks in UTF-8, a set just misses
            return False

    def card_groups(self) -> Mapping[int, tuple[str, ...]]:
        """The accepted words by the :func:`card_key` of each set of cards that spells them,
        alphabetically, for finding words in cards.

        Built on first use. A house list only overrides the few keys it
        touches, so tables with different house lists share the big index.
        """
        words = self._words
        groups: dict[int, tuple[str, ...]] = (
            _memo(words) if isinstance(words, WordTable) else _card_groups(words).by_key
        )
        if not self._added and not self._removed:
            return groups
        if self._changed_groups is None:
            changed: dict[int, set[str]] = {}
            for word in self._added | self._removed:
                for key in card_keys(word):
                    changed.setdefault(key, set(groups.get(key) or ())).add(word)
            self._changed_groups = {
                key: tuple(sorted(word for word in group if word in self))
                for key, group in changed.items()
            }
        return ChainMap(self._changed_groups, groups)

    def spells(self) -> Callable[[int], object]:
        """A test of a :func:`card_key`: true if those cards spell an accepted word.

        The same answers as ``card_groups().get``, taken as true or false; from a
        set of the index's keys when the words are in memory and the table has no
        house list, which is where random play asks it most.
        """
        words = self._words
        if isinstance(words, WordTable) or self._added or self._removed:
            return self.card_groups().get
        return _card_groups(words).keys.__contains__


class Lexicons:
    """One :class:`Lexicon` per dictionary and house list, shared by the tables using it."""

    LIMIT = 64

    def __init__(self, source: WordSource) -> None:
        self._source = source
        self._made: OrderedDict[tuple[object, ...], Lexicon] = OrderedDict()

    def use(self, source: WordSource) -> None:
        """Read dictionaries from ``source`` from now on (the bot's mapped word files)."""
        self._source = source
        self._made.clear()

    def get(
        self, dictionary: DictionaryName, added: tuple[str, ...], removed: tuple[str, ...]
    ) -> Lexicon:
        key = (dictionary, added, removed)
        lexicon = self._made.get(key)
        if lexicon is None:
            lexicon = Lexicon(dictionary, self._source(dictionary), added, removed)
            self._made[key] = lexicon
            if len(self._made) > self.LIMIT:
                self._made.popitem(last=False)
        self._made.move_to_end(key)
        return lexicon

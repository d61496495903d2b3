"""What a bulk filter of card keys in numpy would buy, and what it would cost (issue 24).

Finding the words in a hand (``games.short_word.finder.words_in``) asks about every
set of its cards: 1,024 card keys for ten cards. The in-memory sets answer each with
one ``dict.get`` in C. The mapped word table (``games.short_word.word_table``) must run
Python for each key it has not seen before, so the first look-ups of a hand take about
twice the sets' time. This bench measures the one way found to answer a whole hand in
a few C calls, without holding the words in memory, so that whether to take it is a
decision on figures:

* every set of cards is told by its key's remainders modulo three primes near 2**31
  (their product exceeds any card key, so equal remainders mean equal keys). The
  remainders of a hand's 1,024 sets are the outer product of the remainders of its two
  halves' 32 sets each: a few array operations, whatever the hand;
* a bit per mark slot (as in the word file) turns away most sets that spell nothing in
  one gather; a sorted array of the groups' first two remainders finds the rest, and
  the third checks them;
* the words of a set found are read from one block of text, as the word file keeps them.

It prints ``words_in`` on 20 random hands, the sketch against the in-memory sets and
against the mapped table with its memo just emptied (CPU time, interleaved), after
checking that all three find the same words; then the private memory that importing
numpy adds to a second process (``bench.capacity``'s measure). With ``--decisions N``
it also times hard Short Word decisions with the filter finding the planner's words
on the mapped file, against the sets (``bench.capacity --case decisions``' positions).
numpy is not a dependency of the bot; it comes with the ``compare`` group:

    uv run --locked --group compare python -m bench.bulk_filter --rounds 15 --decisions 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench.capacity import _ratio, cpu_seconds, private_bytes, second_of_two
from bench.machine import describe_machine
from games.short_word.cards import CARDS, Card
from games.short_word.finder import Found, _keys, words_in
from games.short_word.lexicon import Lexicon, _card_groups, _memo, packaged_words

PRIMES = (2_147_483_629, 2_147_483_587, 2_147_483_579)
"""Three primes below 2**31: a product of two remainders fits in 62 bits, and the three
together exceed 127**11, the largest key eleven cards can have."""


class BulkFilter:
    """A dictionary's card groups as arrays, asked a whole hand at a time."""

    def __init__(self, groups: dict[int, tuple[str, ...]]) -> None:
        import numpy as np

        self._np = np
        keys = list(groups)
        first, second, third = (
            np.array([key % prime for key in keys], dtype=np.int64) for prime in PRIMES
        )
        paired = first << 31 | second
        order = np.argsort(paired)
        self._paired, self._third = paired[order], third[order]
        if len(np.unique(self._paired)) != len(keys):
            raise ValueError("two groups share their first two remainders: pick other primes")
        self._slots = 64 * len(keys) - 1
        self._marks = np.zeros(self._slots // 8 + 1, dtype=np.uint8)
        slots = first % self._slots
        np.bitwise_or.at(self._marks, slots >> 3, (1 << (slots & 7)).astype(np.uint8))
        texts = [",".join(groups[keys[index]]).encode("ascii") for index in order.tolist()]
        self._text = b"".join(texts)
        self._starts = [0]
        for text in texts:
            self._starts.append(self._starts[-1] + len(text))
        self._primes = np.array(PRIMES, dtype=np.int64)[:, None, None]

    def words_in(self, cards: Sequence[Card]) -> list[Found]:
        """:func:`games.short_word.finder.words_in`, with the card keys filtered in bulk."""
        np = self._np
        half = len(cards) // 2
        low = np.array(_keys(cards[:half]), dtype=np.int64)  # at most 127**5: fits
        high = np.array(_keys(cards[half:]), dtype=np.int64)  # at most 127**6
        primes = self._primes
        # remainders[p, mask]: the set ``mask`` (high half's bits above the low half's).
        remainders = (
            (high[None, :, None] % primes) * (low[None, None, :] % primes) % primes
        ).reshape(3, -1)
        slots = remainders[0] % self._slots
        marked = np.flatnonzero(self._marks[slots >> 3] >> (slots & 7) & 1)
        paired = remainders[0, marked] << 31 | remainders[1, marked]
        at = np.minimum(np.searchsorted(self._paired, paired), len(self._paired) - 1)
        found = (self._paired[at] == paired) & (self._third[at] == remainders[2, marked])
        text, starts = self._text, self._starts
        return [
            (mask, word)
            for mask, group in zip(marked[found].tolist(), at[found].tolist(), strict=True)
            if mask & (mask - 1)  # one card is never a word
            for word in text[starts[group] : starts[group + 1]].decode("ascii").split(",")
        ]


def lookups(rounds: int, words: Path) -> None:
    import gc

    from bot.word_files import WordFiles

    listed = packaged_words("modern")
    table = WordFiles(words)("modern")
    sets, mapped = Lexicon("modern", listed), Lexicon("modern", table)
    bulk = BulkFilter(_card_groups(listed).by_key)
    rng = random.Random(24)
    hands = [tuple(rng.choice(CARDS) for _ in range(10)) for _ in range(20)]
    for hand in hands:
        expected = sorted(words_in(hand, sets))
        if sorted(bulk.words_in(hand)) != expected or sorted(words_in(hand, mapped)) != expected:
            raise AssertionError(f"the three ways find different words in {hand}")
    gc.collect()
    gc.freeze()  # the sets' index, as the bot's workers keep theirs

    against_sets, against_mapped = [], []
    for _ in range(rounds):
        on_sets = cpu_seconds(lambda: [words_in(hand, sets) for hand in hands])
        on_bulk = cpu_seconds(lambda: [bulk.words_in(hand) for hand in hands])
        _memo(table).clear()  # the mapped table cold, as bench.capacity's lookups case has it
        on_mapped = cpu_seconds(lambda: [words_in(hand, mapped) for hand in hands])
        against_sets.append(on_bulk / on_sets)
        against_mapped.append(on_bulk / on_mapped)
    _ratio("words_in(hand): numpy bulk filter / in-memory sets", against_sets, "goal <= 1")
    _ratio("words_in(hand): numpy bulk filter / mapped, memo emptied", against_mapped, "lower")


def decisions(rounds: int, words: Path) -> None:
    """Hard Short Word decisions with the filter finding the planner's words on the mapped
    file, against the in-memory sets (``bench.capacity --case decisions`` without it)."""
    import gc

    from bench.capacity import DECISION_WORLDS, decision_ratios
    from bot.word_files import WordFiles
    from games.short_word import plans
    from games.short_word.game import ShortWordGame
    from games.short_word.lexicon import DICTIONARIES

    sets, mapped = ShortWordGame(packaged_words), ShortWordGame(WordFiles(words))
    sets.prepare()
    mapped.prepare()
    filters = {
        mapped.lexicons.get(name, (), ()): BulkFilter(_card_groups(packaged_words(name)).by_key)
        for name in DICTIONARIES
    }
    # The planner is where a decision's card-group look-ups miss the memo (every miss in
    # 24 decisions was its words_in), so the filter stands in for words_in there, for the
    # mapped game's lexicons only. The positions' games have no house words: these are
    # the lexicons they use.
    names = vars(plans)  # the planner's own name for words_in, patched for this run only
    found = names["words_in"]

    def filtered(cards: Sequence[Card], lexicon: Lexicon) -> list[Found]:
        bulk = filters.get(lexicon)
        return found(cards, lexicon) if bulk is None else bulk.words_in(cards)

    names["words_in"] = filtered
    try:
        gc.collect()
        gc.freeze()
        ratios = decision_ratios(sets, mapped, rounds)
    finally:
        names["words_in"] = found
    _ratio(
        f"decisions: hard Short Word, {DECISION_WORLDS} worlds, mapped with the numpy filter "
        "/ sets",
        ratios,
        "goal <= 1",
    )


def numpy_memory() -> int:
    """The private memory ``import numpy`` adds to a second process while a first holds it."""
    return second_of_two([sys.executable, "-m", "bench.bulk_filter", "--child-memory"])


def _child_memory() -> None:
    import gc

    import games.short_word  # noqa: F401  (the interpreter and the rules, before measuring)

    gc.collect()
    before = private_bytes()
    import numpy  # noqa: F401

    gc.collect()
    print(private_bytes() - before, flush=True)
    sys.stdin.read()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--words", type=Path, help="the word files' directory (default: temp)")
    parser.add_argument(
        "--decisions", type=int, default=0, metavar="ROUNDS", help="also time hard decisions"
    )
    parser.add_argument("--child-memory", action="store_true", help=argparse.SUPPRESS)
    args: Any = parser.parse_args(argv)
    if args.child_memory:
        _child_memory()
        return
    print(describe_machine())
    with tempfile.TemporaryDirectory() as scratch:
        lookups(args.rounds, args.words or Path(scratch))
        if args.decisions:
            decisions(args.decisions, args.words or Path(scratch))
    added = [numpy_memory() for _ in range(3)]
    print(f"import numpy adds to a second process: {statistics.median(added) / 2**20:.1f} MiB")


if __name__ == "__main__":
    main()

"""A Short Word move leaves nothing for the garbage collector: no reference cycles.

The table service runs the finder and the speller on every Short Word move. Written as
recursive closures they made a cycle per call (a nested function holds itself through
its closure cell), about one per move, which kept the young-generation collections
busy under load (measured with ``gc.DEBUG_SAVEALL`` on ``bench.service``).
"""

from __future__ import annotations

import gc
import random
from collections import Counter
from collections.abc import Callable, Iterator

import pytest

from games.short_word.finder import going_out_words, split_into_words
from games.short_word.spelling import spellings
from tests.games.short_word.helpers import GAME, cards


@pytest.fixture
def cycles() -> Iterator[Callable[[], list[object]]]:
    """Call it to get the objects that only the collector could free since the fixture began."""
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:

        def found() -> list[object]:
            gc.collect()
            return list(gc.garbage)

        yield found
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


def test_spelling_a_word_makes_no_cycles(cycles: Callable[[], list[object]]) -> None:
    hand = Counter(cards("T H I N N E"))
    assert list(spellings("thin", hand))  # the search ran all the way down
    assert cycles() == []


def test_splitting_a_hand_into_words_makes_no_cycles(cycles: Callable[[], list[object]]) -> None:
    split_into_words.cache_clear()  # a cached answer would not run the search
    lexicon = GAME.lexicon(GAME.options({}))
    hand = tuple(cards("A A C S T T"))
    assert split_into_words(hand, lexicon) is not None  # CATS and AT
    assert going_out_words(hand, lexicon)
    assert cycles() == []


def test_random_moves_of_a_whole_game_make_no_cycles(cycles: Callable[[], list[object]]) -> None:
    rng = random.Random(3)
    state = GAME.new(2, 11, GAME.options({}))
    for _ in range(60):
        acting = GAME.to_act(state)
        if not acting:
            break
        seat = acting[0]
        GAME.apply(state, seat, GAME.random_action(state, seat, rng))
    assert cycles() == []

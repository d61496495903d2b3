"""How the computer plays Short Word Solitaire (games/short_word/solitaire/tactics.py, SW10)."""

from __future__ import annotations

import random

from games.catalog import CATALOG, computer_player
from games.short_word.solitaire.model import GiveUp, MoveCard, PlayWord, SolitaireState
from tests.games.ai.helpers import TEST_BUDGET
from tests.games.short_word.test_solitaire import GAME, padded

EASY = computer_player("easy")


def easy_move(state: SolitaireState) -> object:
    return EASY.choose(GAME, state, 0, random.Random(0))


def test_easy_spells_the_word_that_uses_the_most_cards() -> None:
    state = padded("A B C", "D E T", "F G A", "H I J", "K L M", "N O P", "R S U", "V W X")
    assert easy_move(state) in (PlayWord("cat"), PlayWord("tax")), "three cards beat AT or AX"


def test_easy_prefers_cards_that_turn_up_new_ones() -> None:
    # CAT and TAX both use three cards, but the C is the last card of its stack.
    state = padded("C", "D E T", "F G A", "H I J", "K L M", "N O P", "R S U", "V W X")
    assert easy_move(state) == PlayWord("tax")


def test_easy_refills_an_empty_stack_from_the_tallest() -> None:
    state = padded("T", "X A", "B C", "D E", "F G I", "H J", "K L", "M N")
    GAME.apply(state, 0, PlayWord("at"))
    assert state.step == "move"
    assert easy_move(state) == MoveCard(source=4, target=0)


def test_easy_gives_up_only_when_no_word_is_left() -> None:
    stuck = padded("B", "C", "D", "F", "G", "H", "J", "K")
    assert GAME.legal_actions(stuck, 0) == [GiveUp()]
    assert easy_move(stuck) == GiveUp()


def test_hard_never_gives_up_while_a_word_is_left() -> None:
    hard = computer_player("hard", TEST_BUDGET)
    state = padded("A B C", "D E T", "F G A", "H I J", "K L M", "N O P", "R S U", "V W X")
    move = hard.choose(GAME, state, 0, random.Random(1))
    assert isinstance(move, PlayWord) and move in GAME.legal_actions(state, 0)


def test_easy_uses_more_cards_than_random_play() -> None:
    game = CATALOG["short_word_solitaire"]
    game.prepare()
    used = {"random": 0, "easy": 0}
    for level in used:
        player = computer_player(level)
        for seed in range(4):
            state = game.new(1, seed, game.options({}))
            rng = random.Random(seed)
            while game.to_act(state):
                game.apply(state, 0, player.choose(game, state, 0, rng))
            outcome = game.outcome(state)
            assert outcome is not None
            used[level] += outcome.scores[0]
    assert used["easy"] > used["random"], used

"""The Short Word Game's basic tactics (games/short_word/tactics.py, plans.py): draw, go out,
discard, on the scenario tests' small dictionary (SW3-SW5)."""

from __future__ import annotations

import random

from games.ai.knowledge import Knowledge
from games.short_word.cards import points
from games.short_word.model import Action, Discard, Draw, Lay, ShortWordState
from games.short_word.tactics import TACTICS, basic_move
from tests.games.short_word.helpers import GAME, cards, table


def move(state: ShortWordState, seat: int = 0) -> Action:
    return basic_move(GAME.view(state, seat), GAME.lexicon(state.options))


def test_sw5_goes_out_when_every_card_but_the_discard_is_in_words() -> None:
    state = table("C A T X", "E R E")
    chosen = move(state)
    assert isinstance(chosen, Lay)
    spelled = "".join(chosen.words).upper()
    assert sorted([*spelled, chosen.discard]) == sorted("CATX")


def test_goes_out_throwing_the_cheapest_card_it_can_spare() -> None:
    # CAT out with X thrown, or TAX out with C thrown: throwing C loses fewer points.
    state = table("C A T X", "E R E")
    chosen = move(state)
    assert isinstance(chosen, Lay) and chosen.discard == "C"
    assert points(cards("C")) < points(cards("X"))


def test_discards_a_dead_card_when_it_cannot_go_out() -> None:
    state = table("C A T Z Q", "E R E")
    chosen = move(state)
    assert isinstance(chosen, Discard) and chosen.card in ("Z", "Q")


def test_sw3_draws_the_top_discard_when_it_lets_the_hand_go_out() -> None:
    state = table("C A Z", "E R E", discards="B T", step="draw")
    assert move(state) == Draw("discard")


def test_sw3_draws_from_the_stock_when_the_discard_does_not_help() -> None:
    state = table("C A T", "E R E", discards="B Q", step="draw")
    assert move(state) == Draw("stock")


def search(state: ShortWordState, seat: int = 0) -> list[Action]:
    knowledge = Knowledge(GAME, state, seat, refine=TACTICS.refine)
    return TACTICS.search_actions(knowledge, random.Random(1))


def test_hard_does_not_weigh_a_discard_its_words_cannot_use() -> None:
    # A 14-point Z fits no word with C A T: the stock is the only draw worth weighing.
    state = table("C A T", "E R E", discards="B Z", step="draw")
    assert search(state) == [Draw("stock")]


def test_hard_weighs_a_discard_that_helps_against_the_stock() -> None:
    state = table("C A Z", "E R E", discards="B T", step="draw")
    assert search(state) == [Draw("discard"), Draw("stock")]


def test_rollouts_let_the_next_player_take_a_discard_that_lets_it_go_out() -> None:
    # Seat 0 has just thrown T; seat 1's C A go out with it (AT), and the stock's next card,
    # Z, would not let them. The easy seats take such a discard, so the rollouts must too,
    # or the hard seat would not see what its discard gives away (issue 28).
    state = table("Q X", "C A", "E R E", discards="E T", draws="Z", turn=1, step="draw", hands=1)
    knowledge = Knowledge(GAME, GAME.clone(state), 0, refine=TACTICS.refine)
    world = GAME.clone(state)
    TACTICS.rollout(knowledge, world, random.Random(1))
    assert GAME.outcome(world) is not None
    assert world.went_out == 1

"""Chips are tuples in the engine and objects in storage: the format of every saved game."""

from __future__ import annotations

import json

import pytest
from pydantic_core import to_jsonable_python

from games.catalog import CATALOG
from games.core.errors import InvalidAction
from games.short_changed.chips import ONE, Chips, Colour

GAME = CATALOG["short_changed"]

SAVED_BEFORE = (
    '{"options":{"stalemate_rounds":100},"chance":{"seed":20261126,"draws":2},'
    '"hands":[{"green":0,"blue":1,"red":1,"white":2},{"green":0,"blue":1,"red":1,"white":1}],'
    '"bag":{"green":2,"blue":0,"red":2,"white":0},"pot":{"green":0,"blue":1,"red":0,"white":2},'
    '"phase":"play","antes":["blue","blue"],"first_seat":1,"turn":1,"double_turn":true,'
    '"actions_left":1,"owes_double_turn":[true,false],"turns_taken":2,"log":['
    '{"audience":null,"chips":["blue","blue"],"kind":"pot_started"},'
    '{"audience":null,"seat":1,"target":0,"total":35,"correct":false,"kind":"guessed"},'
    '{"audience":null,"seat":0,"target":1,"total":20,"correct":false,"kind":"guessed"},'
    '{"audience":null,"seat":1,"took":{"green":0,"blue":1,"red":0,"white":0},'
    '"gave":{"green":0,"blue":0,"red":0,"white":2},"kind":"short_changed"}],"winner":null}'
)
"""A game saved by the code before piles became tuples (seed 20261126, five moves in)."""

MOVES_AFTER = [
    (1, {"take": {"blue": 1, "white": 1}, "give": {"blue": 1}, "type": "short_change"}),
    (0, {"take": {"blue": 1, "white": 1}, "give": {"blue": 1}, "type": "short_change"}),
    (0, {"take": {"blue": 1}, "give": {"red": 1, "white": 3}, "type": "short_change"}),
    (1, {"take": {"red": 1, "white": 2}, "give": {"red": 1, "white": 1}, "type": "short_change"}),
]
"""The moves that game went on with, and where it stood after them then."""
HANDS_AFTER = [Chips(blue=2), Chips(blue=1, red=1, white=3)]
POT_AFTER = Chips(red=1, white=2)


def test_a_game_saved_before_loads_writes_back_the_same_and_goes_on_alike() -> None:
    state = GAME.load_state(SAVED_BEFORE)
    assert GAME.dump_state(state) == SAVED_BEFORE
    for seat, move in MOVES_AFTER:
        GAME.apply(state, seat, GAME.parse_action(move))
    assert (state.hands, state.pot, state.turn, state.turns_taken) == (
        HANDS_AFTER,
        POT_AFTER,
        0,
        5,
    )


def test_piles_are_written_as_objects_everywhere() -> None:
    pile = Chips(green=1, white=3)
    assert to_jsonable_python(pile) == {"green": 1, "blue": 0, "red": 0, "white": 3}
    view = GAME.view(GAME.load_state(SAVED_BEFORE), None)
    exported = to_jsonable_python(view)  # the replay export writes views this way
    assert exported["pot"] == {"green": 0, "blue": 1, "red": 0, "white": 2}
    assert exported["log"][-1]["took"] == {"green": 0, "blue": 1, "red": 0, "white": 0}
    assert json.loads(GAME.dump_action(GAME.parse_action(MOVES_AFTER[0][1])))["give"] == {
        "green": 0,
        "blue": 1,
        "red": 0,
        "white": 0,
    }


@pytest.mark.parametrize("pile", [{"green": -1}, {"white": 31}, [1, 0, 0, 0], "lots"])
def test_a_pile_out_of_range_or_not_an_object_is_refused(pile: object) -> None:
    with pytest.raises(InvalidAction):
        GAME.parse_action({"type": "short_change", "take": pile, "give": {"white": 1}})


def test_piles_add_and_take_away_by_colour_not_as_tuples() -> None:
    pile = Chips(green=1, blue=2, red=3, white=4)
    assert pile + ONE[Colour.RED] == Chips(1, 2, 4, 4)
    assert pile - Chips(1, 1, 1, 1) == Chips(0, 1, 2, 3)
    assert (pile[Colour.BLUE], pile.count, pile.value) == (2, 10, 25 + 20 + 15 + 4)

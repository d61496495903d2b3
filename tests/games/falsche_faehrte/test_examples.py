"""The rulebook's worked examples (seeds/002), played through the engine.

Seats are numbered clockwise as the rulebook seats its players: Peter 0,
Sabine 1, Frank 2, Julia 3.
"""

from __future__ import annotations

from games.falsche_faehrte import GAME
from games.falsche_faehrte.cards import Colour
from games.falsche_faehrte.model import (
    FaceDownTurned,
    RoundScored,
    SwitchTrump,
    TrickTaken,
    TrumpChoice,
    TrumpSwitched,
)
from games.falsche_faehrte.scoring import round_points
from tests.games.falsche_faehrte.tables import cards, play, position, refused

PETER, SABINE, FRANK, JULIA = range(4)
NAMES = ("Peter", "Sabine", "Frank", "Julia")


def test_the_two_opening_tricks() -> None:
    """Four players, red trump: yellow led and won by Sabine's 10, then Peter's red 0
    trumps the green trick, and the first face-down card, a red 1, is turned."""
    state = position(
        ["y3 r0", "y10 g12", "b12 g2", "y8 g5"],
        lacking=["g", "", "y", ""],
        face_down="r1 y5 g9 b2",
        leader=PETER,
    )

    events = play(state, "y3", "y10", "b12", "y8")
    assert events[-1] == TrickTaken(
        number=1, leader=PETER, cards=tuple(cards("y3 y10 b12 y8")), winner=SABINE
    )
    assert GAME.narrate(events[-1], NAMES) == "Sabine takes trick 1 with 🟨 yellow 10."
    assert state.turn == SABINE
    assert GAME.view(state, None).revealed == ()

    events = play(state, "g12", "g2", "g5", "r0")
    taken, turned = events[-2:]
    assert taken == TrickTaken(
        number=2, leader=SABINE, cards=tuple(cards("g12 g2 g5 r0")), winner=PETER
    )
    assert turned == FaceDownTurned(card=cards("r1")[0], total=1, left=3, round_type=None)
    assert state.turn == PETER
    assert state.tricks == [1, 1, 0, 0]
    public = GAME.view(state, None)
    assert public.revealed == tuple(cards("r1")) and public.face_down_total == 1
    assert public.round_type is None


def test_the_trump_switch() -> None:
    """Four players, Plus round, red trump: after the eighth trick Peter has 3, Sabine and
    Frank 2 each, Julia 1. Julia is doing worst, makes blue trump, and the winner of the
    eighth trick leads the ninth."""
    state = position(
        ["r12", "r3", "r4", "r5"],
        done=7,
        tricks=[2, 2, 2, 1],
        face_down="b12 g9 y3 r6",
        leader=PETER,
    )
    events = play(state, "r12", "r3", "r4", "r5")
    assert events[-2:] == [
        TrickTaken(number=8, leader=PETER, cards=tuple(cards("r12 r3 r4 r5")), winner=PETER),
        TrumpChoice(seat=JULIA, reason="worst"),
    ]
    assert state.tricks == [3, 2, 2, 1]
    assert [len(hand) for hand in state.hands] == [4, 4, 4, 4]
    assert GAME.view(state, None).round_type == "plus"
    assert GAME.to_act(state) == (JULIA,)
    assert "not your turn" in refused(state, PETER, SwitchTrump(Colour.GREEN))

    events = GAME.apply(state, JULIA, SwitchTrump(Colour.BLUE))
    assert events == [TrumpSwitched(seat=JULIA, colour=Colour.BLUE)]
    assert GAME.narrate(events[0], NAMES) == "Julia made 🟦 blue trump."
    assert state.trump == Colour.BLUE
    assert GAME.to_act(state) == (PETER,)


def test_scoring_a_plus_round() -> None:
    """Peter 6 tricks, Julia 4, Sabine and Frank 1 each: 4, 3, 0 and 0 points."""
    assert round_points([6, 1, 1, 4], "plus") == (4, 0, 0, 3)


def test_scoring_a_minus_round() -> None:
    """Sabine and Julia 2 tricks each, Frank 3, Peter 5: 4, 4, 2 and nothing for Peter."""
    assert round_points([5, 2, 3, 2], "minus") == (0, 4, 2, 4)


def test_scoring_examples_through_a_whole_last_trick() -> None:
    """The Minus example reached by play: the twelfth trick decides Peter's fifth."""
    state = position(
        ["r9", "r1", "r2", "r3"],
        done=11,
        tricks=[4, 2, 3, 2],
        face_down="r0 y1 g2 b3",
        leader=PETER,
    )
    events = play(state, "r9", "r1", "r2", "r3")
    scored = next(event for event in events if isinstance(event, RoundScored))
    assert scored.round_type == "minus" and scored.total == 6
    assert scored.tricks == (5, 2, 3, 2)
    assert scored.points == (0, 4, 2, 4)
    assert state.scores == [0, 4, 2, 4]


def test_the_joker_example() -> None:
    """Four players, blue trump: Julia leads a red 9, Peter a red 6, Sabine plays a joker
    although she holds red, Frank a red 2. Julia's 9 wins; then Sabine makes yellow trump."""
    state = position(
        ["r6 j", "j r7", "r2 j", "r9 j"],
        jokers=True,
        done=6,
        trump=Colour.BLUE,
        leader=JULIA,
    )
    events = play(state, "r9", "r6", "j", "r2")
    assert events[-1] == TrumpChoice(seat=SABINE, reason="joker")
    assert events[-2] == TrickTaken(
        number=7, leader=JULIA, cards=tuple(cards("r9 r6 j r2")), winner=JULIA
    )
    assert state.tricks[JULIA] == 1
    assert GAME.narrate(events[-1], NAMES) == "Sabine played a joker and may switch trump."

    GAME.apply(state, SABINE, SwitchTrump(Colour.YELLOW))
    assert state.trump == Colour.YELLOW
    assert GAME.to_act(state) == (JULIA,)

"""Reading the choices a seat made (games/short_changed/reading.py): a hand that would not
have put that chip in the starting pot is less likely than one that would."""

from __future__ import annotations

import random

import pytest

from games.ai.knowledge import Knowledge
from games.catalog import tactics_for
from games.short_changed import GAME
from games.short_changed.advice import ante_choice
from games.short_changed.chips import Chips
from games.short_changed.deduction import deduce, read_ledger
from games.short_changed.model import Ante, Guess
from games.short_changed.reading import OFF_ANTE, read_picks
from tests.games.short_changed.tables import (
    BLUES_AND_REDS,
    FIVE_WHITES,
    MINE,
    B,
    G,
    R,
    W,
    ante,
    dealt,
    in_play,
)

TACTICS = tactics_for(GAME.key)


def whites_most(odds: dict[Chips, float]) -> float:
    """The odds that the hand holds whites most (the advice then puts in a white)."""
    return sum(p for start, p in odds.items() if ante_choice(start).chip == W)


def test_a_start_that_would_have_put_in_another_chip_is_less_likely() -> None:
    state = dealt(MINE, FIVE_WHITES, BLUES_AND_REDS)
    ante(state, G, W, B)
    view = GAME.view(state, 0)
    reading = read_picks(view, read_ledger(view))
    # Seat 1 put in a white: the advice's pick for a hand holding whites most.
    assert reading[1][FIVE_WHITES] == 1.0
    assert reading[1][Chips.of(G, B, B, R, W)] == pytest.approx(OFF_ANTE)
    plain = deduce(view)
    read = deduce(view, reading=reading)
    assert whites_most(read.starts(1)) > whites_most(plain.starts(1)) + 0.2
    assert read.starts(1)[FIVE_WHITES] > plain.starts(1)[FIVE_WHITES]
    # Nothing is ruled out: a hand that picks otherwise stays possible.
    assert set(read.starts(1)) == set(plain.starts(1))


def test_no_pick_no_reading() -> None:
    state = in_play(MINE, FIVE_WHITES, BLUES_AND_REDS, pot=Chips())
    view = GAME.view(state, 0)
    reading = read_picks(view, read_ledger(view))
    assert all(odds == 1.0 for seat in reading for odds in seat.values())


def test_the_hard_players_worlds_follow_the_reading() -> None:
    state = dealt(MINE, FIVE_WHITES, BLUES_AND_REDS)
    ante(state, G, W, B)
    knowledge = Knowledge(GAME, state, 0, refine=TACTICS.refine)
    rng = random.Random(1)
    worlds = [knowledge.sample_world(rng) for _ in range(400)]
    # The worlds hold seat 1's hand now, one white short of its start.
    share = sum(ante_choice(w.hands[1] + Chips.of(W)).chip == W for w in worlds) / len(worlds)
    plain = whites_most(deduce(GAME.view(state, 0)).starts(1))
    assert share > plain + 0.2


def test_the_hard_player_puts_in_the_chip_the_advice_picks() -> None:
    state = dealt(MINE, FIVE_WHITES, BLUES_AND_REDS)
    knowledge = Knowledge(GAME, state, 2, refine=TACTICS.refine)
    assert TACTICS.search_actions(knowledge, random.Random(1)) == [Ante(R)]


def test_the_hard_player_guesses_the_likeliest_total_of_the_reading() -> None:
    state = dealt(MINE, FIVE_WHITES, BLUES_AND_REDS)
    ante(state, G, W, B)
    knowledge = Knowledge(GAME, state, 0, refine=TACTICS.refine)
    view = knowledge.view
    read = deduce(view, reading=read_picks(view, read_ledger(view)))
    guesses = [
        a for a in TACTICS.search_actions(knowledge, random.Random(1)) if isinstance(a, Guess)
    ]
    best = max(read.others, key=lambda seat: read.likeliest_total(seat)[1])
    assert Guess(best, read.likeliest_total(best)[0]) in guesses

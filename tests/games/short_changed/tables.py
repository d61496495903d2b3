"""Short Changed tables set up by hand for the computer player tests.

Three seats hold 3 green (25), 4 blue (10), 5 red (5) and 6 white (1) between
them and the bag (SC1).
"""

from __future__ import annotations

from games.core.chance import Chance
from games.short_changed import GAME
from games.short_changed.chips import Chips, Colour, supply
from games.short_changed.model import Ante, Options, ShortChangedState

G, B, R, W = Colour.GREEN, Colour.BLUE, Colour.RED, Colour.WHITE


def dealt(*hands: Chips, first: int = 0) -> ShortChangedState:
    """A table before the starting pot, with these hands dealt and the rest in the bag."""
    held = Chips()
    for hand in hands:
        held = held + hand
    seats = len(hands)
    return ShortChangedState(
        options=Options(),
        chance=Chance(0),
        hands=list(hands),
        bag=supply(seats) - held,
        antes=[None] * seats,
        first_seat=first,
        turn=first,
        owes_double_turn=[False] * seats,
    )


def in_play(*hands: Chips, pot: Chips, turn: int = 0) -> ShortChangedState:
    """A table already in play with no log yet: these hands are where deduction starts."""
    state = dealt(*hands, first=turn)
    state.bag = state.bag - pot
    state.pot = pot
    state.phase = "play"
    state.antes = [W] * len(hands)
    return state


def ante(state: ShortChangedState, *picks: Colour) -> None:
    for seat, pick in enumerate(picks):
        GAME.apply(state, seat, Ante(pick))


# The three hands of most scenarios: seat 0 (the one deducing), seat 1 and seat 2.
MINE = Chips.of(G, B, R, R, W)
FIVE_WHITES = Chips.of(W, W, W, W, W)
BLUES_AND_REDS = Chips.of(G, B, B, R, R)

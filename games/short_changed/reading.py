"""How likely each starting hand makes the chip a seat chose for the starting pot.

The deduction (:mod:`games.short_changed.deduction`) rules out the hands the
log contradicts and weighs the rest as the bag deals them: a pick for the pot
(SC2) says only that the seat held that chip. But the computer players choose
their pick by the advice (:func:`~games.short_changed.advice.ante_choice`: a
chip of the colour held most, the cheaper on a tie), so a seat that put in a
white most likely holds whites most. Counting every hand that held a white
alike overrates the others, and a guess built on them is a long shot the
odds call a fair chance.

This module *reads* the picks: a start for which the advice picks the chip the
seat put in keeps its weight; any other start is :data:`OFF_ANTE` as likely (a
person, or a player that picks otherwise, may surprise it; the reading never
rules a hand out). The odds multiply the deduction's weights.

Trades are not read. A model of the trades (each hand's odds of choosing the
trade it made, a softmax over the tactics' scores of every trade that hand
could make) fitted the easy player's games worse than no model unless it was
made all but an argmax, and then it added little to the picks' reading at
seven times its cost (docs/performance.md, "Why thinking longer does not pay
yet").

Only the public log is read, the same for every seat watching: nothing here
can see a hand.
"""

from __future__ import annotations

from functools import lru_cache

from games.short_changed.advice import ante_choice
from games.short_changed.chips import Chips, supply
from games.short_changed.deduction import Ledger, hands_of_size
from games.short_changed.model import PotStarted, ShortChangedView

__all__ = ["OFF_ANTE", "Reading", "read_picks"]

OFF_ANTE = 0.1
"""The odds that a seat put a chip in the starting pot other than the one the advice
picks for its hand, against 1 for that one. Fitted on games of easy players: with 0.1
the best guess's odds matched how often it was right (41% against 43%)."""

Reading = tuple[dict[Chips, float], ...]
"""For each seat, the relative odds (the likeliest 1) that each starting hand it may have
had made the choices it made."""


def read_picks(view: ShortChangedView, ledger: Ledger) -> Reading:
    """How well each starting hand explains each seat's pick for the starting pot."""
    picks = next((event.chips for event in view.log if isinstance(event, PotStarted)), None)
    limit = supply(view.seats) - ledger.start_pot
    return tuple(
        _odds(size, limit, None if picks is None else picks[seat].value)
        for seat, size in enumerate(ledger.start_sizes)
    )


@lru_cache(maxsize=256)
def _odds(size: int, limit: Chips, pick: str | None) -> dict[Chips, float]:
    return {
        start: 1.0 if pick is None or ante_choice(start).chip.value == pick else OFF_ANTE
        for start in hands_of_size(size, limit)
    }

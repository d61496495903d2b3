"""Short Changed in plain words: one line per event, and the table as text.

Chips are written as coloured squares followed by their value, the same way
everywhere, because the public log is what players deduce from (SC4).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core.game import Event
from games.core.wording import plural
from games.short_changed.chips import COLOURS, Chips, Colour
from games.short_changed.model import (
    AnteChosen,
    AnteReady,
    Donated,
    Guessed,
    Passed,
    PotStarted,
    ShortChanged,
    ShortChangedView,
    Stalemate,
    Stole,
    TurnStarted,
)

__all__ = ["actions", "chip", "chips", "describe", "narrate"]


def chips(pile: Chips) -> str:
    """``🟩 green, 🟥 2 red (35)``: each colour in words (the squares only decorate:
    green and red look alike to many colour-blind players), then what they are worth."""
    if not pile.count:
        return "nothing"
    groups = []
    for colour in COLOURS:
        count = pile[colour]
        if count:
            many = f"{count} " if count > 1 else ""
            groups.append(f"{colour.glyph} {many}{colour.value}")
    return f"{', '.join(groups)} ({pile.value})"


def chip(colour: Colour) -> str:
    """``🟥 red (5)``."""
    return f"{colour.glyph} {colour.value} ({colour.value_in_points})"


def actions(count: int) -> str:
    """``1 action``, ``2 actions``: what is left of a double turn."""
    return f"{count} action" if count == 1 else f"{count} actions"


def narrate(event: Event, names: Sequence[str]) -> str:
    match event:
        case AnteChosen(chip=colour):
            return f"You put {chip(colour)} towards the starting pot."
        case AnteReady(seat=seat):
            return f"{names[seat]} has chosen a starting chip."
        case PotStarted(chips=picks):
            given = ", ".join(
                f"{names[seat]} {colour.glyph} {colour.value}" for seat, colour in enumerate(picks)
            )
            return f"The pot starts with {chips(Chips.of(*picks))}: {given}."
        case ShortChanged(seat=seat, took=took, gave=gave):
            return f"{names[seat]} took {chips(took)} and gave {chips(gave)}."
        case Donated(seat=seat, chip=colour):
            return f"{names[seat]} donated {chip(colour)}."
        case Stole(seat=seat, chip=colour):
            return f"{names[seat]} stole {chip(colour)}."
        case Passed(seat=seat):
            return f"{names[seat]} passed (nothing else was possible)."
        case Guessed(seat=seat, target=target, total=total, correct=True):
            return f"{names[seat]} guessed {names[target]} holds {total}: right!"
        case Guessed(seat=seat, target=target, total=total):
            return (
                f"{names[seat]} guessed {names[target]} holds {total}: wrong. "
                f"Their next turn is a double turn."
            )
        case TurnStarted(seat=seat, double=True):
            return f"{names[seat]} takes a double turn: two actions, no guessing."
        case TurnStarted(seat=seat):
            return f"{names[seat]} is on turn."
        case Stalemate(rounds=rounds):
            return f"{plural(rounds, 'round')} without a correct guess: the game is a draw."
    raise TypeError(f"not a Short Changed event: {event!r}")


def describe(view: ShortChangedView, names: Sequence[str]) -> str:
    lines = [f"Pot: {chips(view.pot)}"]
    for seat in range(view.seats):
        marks = []
        if view.turn == seat:
            marks.append("double turn" if view.double_turn else "on turn")
        elif view.owes_double_turn[seat]:
            marks.append("owes a double turn")
        if seat in view.waiting_for and view.phase == "ante":
            marks.append("choosing")
        held = plural(view.chip_counts[seat], "chip")
        if view.revealed_hands is not None:
            held = chips(view.revealed_hands[seat])
        elif view.viewer == seat and view.hand is not None:
            held = f"{chips(view.hand)} (yours)"
        suffix = f"  [{', '.join(marks)}]" if marks else ""
        lines.append(f"  {names[seat]}: {held}{suffix}")
    if view.phase == "play":
        lines.append(f"Round {view.round} of {view.stalemate_rounds}")
    if view.phase == "over":
        lines.append("Draw." if view.winner is None else f"{names[view.winner]} wins.")
    return "\n".join(lines)

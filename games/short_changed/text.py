"""Short Changed in plain words: one line per event, and the table as text.

Chips are written as coloured squares followed by their value, the same way
everywhere, because the public log is what players deduce from (SC4).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core.game import Event
from games.core.wording import ntr, number, tr
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
        return tr("nothing")
    groups = []
    for colour in COLOURS:
        count = pile[colour]
        if count:
            many = f"{number(count)} " if count > 1 else ""
            groups.append(f"{colour.glyph} {many}{colour.word()}")
    return f"{', '.join(groups)} ({number(pile.value)})"


def chip(colour: Colour) -> str:
    """``🟥 red (5)``."""
    return f"{colour.glyph} {colour.word()} ({colour.value_in_points})"


def actions(count: int) -> str:
    """``1 action``, ``2 actions``: what is left of a double turn."""
    return ntr("{count} action", "{count} actions", count)


def narrate(event: Event, names: Sequence[str]) -> str:
    match event:
        case AnteChosen(chip=colour):
            return tr("You put {chip} towards the starting pot.", chip=chip(colour))
        case AnteReady(seat=seat):
            return tr("{seat} has chosen a starting chip.", seat=names[seat])
        case PotStarted(chips=picks):
            given = ", ".join(
                f"{names[seat]} {colour.glyph} {colour.word()}" for seat, colour in enumerate(picks)
            )
            return tr(
                "The pot starts with {chips}: {given}.", chips=chips(Chips.of(*picks)), given=given
            )
        case ShortChanged(seat=seat, took=took, gave=gave):
            return tr(
                "{seat} took {took} and gave {gave}.",
                seat=names[seat],
                took=chips(took),
                gave=chips(gave),
            )
        case Donated(seat=seat, chip=colour):
            return tr("{seat} donated {chip}.", seat=names[seat], chip=chip(colour))
        case Stole(seat=seat, chip=colour):
            return tr("{seat} stole {chip}.", seat=names[seat], chip=chip(colour))
        case Passed(seat=seat):
            return tr("{seat} passed (nothing else was possible).", seat=names[seat])
        case Guessed(seat=seat, target=target, total=total, correct=True):
            return tr(
                "{seat} guessed {target} holds {total}: right!",
                seat=names[seat],
                target=names[target],
                total=total,
            )
        case Guessed(seat=seat, target=target, total=total):
            return tr(
                "{seat} guessed {target} holds {total}: wrong. Their next turn is a double turn.",
                seat=names[seat],
                target=names[target],
                total=total,
            )
        case TurnStarted(seat=seat, double=True):
            return tr("{seat} takes a double turn: two actions, no guessing.", seat=names[seat])
        case TurnStarted(seat=seat):
            return tr("{seat} is on turn.", seat=names[seat])
        case Stalemate(rounds=rounds):
            return tr(
                "{amount} without a correct guess: the game is a draw.",
                amount=ntr("{count} round", "{count} rounds", rounds),
            )
    raise TypeError(f"not a Short Changed event: {event!r}")


def describe(view: ShortChangedView, names: Sequence[str]) -> str:
    lines = [tr("Pot: {chips}", chips=chips(view.pot))]
    for seat in range(view.seats):
        marks = []
        if view.turn == seat:
            marks.append(tr("double turn") if view.double_turn else tr("on turn"))
        elif view.owes_double_turn[seat]:
            marks.append(tr("owes a double turn"))
        if seat in view.waiting_for and view.phase == "ante":
            marks.append("choosing")
        held = ntr("{count} chip", "{count} chips", view.chip_counts[seat])
        if view.revealed_hands is not None:
            held = chips(view.revealed_hands[seat])
        elif view.viewer == seat and view.hand is not None:
            held = tr("{chips} (yours)", chips=chips(view.hand))
        suffix = f"  [{', '.join(marks)}]" if marks else ""
        lines.append(f"  {names[seat]}: {held}{suffix}")
    if view.phase == "play":
        lines.append(
            tr(
                "Round {round} of {stalemate_rounds}",
                round=view.round,
                stalemate_rounds=view.stalemate_rounds,
            )
        )
    if view.phase == "over":
        lines.append(
            tr("Draw.") if view.winner is None else tr("{winner} wins.", winner=names[view.winner])
        )
    return "\n".join(lines)

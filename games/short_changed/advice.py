"""The rulebook's tactics (seeds/000, "Clarifications & Tactics") as small rules that both
the easy player and the hard player's rollouts follow."""

from __future__ import annotations

from games.short_changed.chips import COLOURS, Chips
from games.short_changed.model import Action, Ante, Donate, ShortChange, Steal

__all__ = ["ante_choice", "hand_size_penalty", "moved"]


def hand_size_penalty(chips_after: int) -> float:
    """The rulebook's advice as a cost: a hand of one or two chips is easy to read, and
    hoarding helps the others more than it hides anything."""
    if chips_after <= 2:
        return 3.0 if chips_after <= 1 else 1.5
    return 0.5 * max(0, chips_after - 8)


def ante_choice(hand: Chips) -> Ante:
    """Put in a chip of the colour held most (it says least about the rest), cheapest on ties."""
    return Ante(max(reversed(COLOURS), key=lambda colour: hand[colour]))


def moved(play: Action) -> tuple[Chips, Chips]:
    """What a non-guess action takes out of the hand and what it brings in."""
    match play:
        case ShortChange(take=take, give=give):
            return give, take
        case Donate(chip=chip):
            return Chips.of(chip), Chips()
        case Steal(chip=chip):
            return Chips(), Chips.of(chip)
        case _:
            return Chips(), Chips()

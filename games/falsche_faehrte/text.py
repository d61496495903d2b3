"""Auf falscher Fährte in plain words: one line per event, and the table as text.

Cards are written as a colour square and the value (``🟥7``), a joker as 🃏,
the same way everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.core.game import Event
from games.core.wording import plural
from games.falsche_faehrte.cards import COLOURS, JOKER, Card, Colour, card_text, colour_of, value_of
from games.falsche_faehrte.model import (
    CardPlayed,
    FaceDownChosen,
    FaceDownReady,
    FaceDownTurned,
    FaehrteView,
    PileShuffled,
    RoundDealt,
    RoundScored,
    RoundType,
    TrickTaken,
    TrumpChoice,
    TrumpKept,
    TrumpSwitched,
    TrumpSwitchSkipped,
)

__all__ = [
    "cards",
    "colour",
    "describe",
    "goal",
    "hand_by_colour",
    "narrate",
    "round_kind",
    "round_summary",
    "tricks",
    "winning_card",
]


def cards(hand: Iterable[Card]) -> str:
    return " ".join(card_text(card) for card in hand) or "nothing"


def colour(trump: Colour) -> str:
    return f"{trump.glyph} {trump.label.lower()}"


def hand_by_colour(hand: Sequence[Card]) -> str:
    """``🟥 red 0 3 7 · 🟦 blue 12 · 🃏 joker``: a sorted hand grouped by colour."""
    groups = []
    for suit in COLOURS:
        values = [str(value_of(card)) for card in hand if card != JOKER and colour_of(card) == suit]
        if values:
            groups.append(f"{suit.glyph} {suit.name.lower()} {' '.join(values)}")
    jokers = sum(1 for card in hand if card == JOKER)
    if jokers:
        groups.append(" ".join([card_text(JOKER)] * jokers))
    return " · ".join(groups) or "no cards"


def tricks(count: int) -> str:
    return f"{count} trick" if count == 1 else f"{count} tricks"


def round_kind(kind: RoundType) -> str:
    return "a Plus round" if kind == "plus" else "a Minus round"


def goal(kind: RoundType) -> str:
    return "most tricks wins" if kind == "plus" else "fewest tricks wins"


def winning_card(taken: TrickTaken) -> Card | None:
    if taken.winner is None:
        return None
    return taken.cards[(taken.winner - taken.leader) % len(taken.cards)]


def _seats(seats: Iterable[int], names: Sequence[str]) -> str:
    listed = [names[seat] for seat in seats]
    return ", ".join(listed[:-1]) + f" and {listed[-1]}" if len(listed) > 1 else listed[0]


def narrate(event: Event, names: Sequence[str]) -> str:
    match event:
        case RoundDealt(round=number, dealer=dealer, leader=leader, trump=trump, set_aside=aside):
            line = (
                f"Round {number}: {names[dealer]} deals, {names[leader]} leads; "
                f"trump is {colour(trump)}."
            )
            if aside is not None:
                line += f" Set aside: {card_text(aside)}."
            return line
        case FaceDownChosen(card=card):
            return f"You put {card_text(card)} face down."
        case FaceDownReady(seat=seat):
            return f"{names[seat]} has put a card face down."
        case PileShuffled(cards=count):
            return f"All {count} face-down cards are in and shuffled together."
        case CardPlayed(seat=seat, card=card):
            return f"{names[seat]} played {card_text(card)}."
        case TrickTaken(number=number, winner=None):
            return f"Trick {number} holds only jokers: nobody takes it."
        case TrickTaken(number=number, winner=winner) if winner is not None:
            best = winning_card(event)
            assert best is not None
            return f"{names[winner]} takes trick {number} with {card_text(best)}."
        case FaceDownTurned(card=card, total=total, left=left, round_type=None):
            return (
                f"Face-down card turned: {card_text(card)} (total so far {total}, "
                f"{left} still hidden)."
            )
        case FaceDownTurned(card=card, total=total, round_type=kind) if kind is not None:
            return (
                f"Last face-down card: {card_text(card)}. The total is {total}: "
                f"{round_kind(kind)}, {goal(kind)}."
            )
        case TrumpChoice(seat=seat, reason="worst"):
            return f"{names[seat]} is doing worst and may switch trump."
        case TrumpChoice(seat=seat):
            return f"{names[seat]} played a joker and may switch trump."
        case TrumpSwitchSkipped(seats=tied):
            return f"{_seats(tied, names)} tie for worst: nobody switches trump."
        case TrumpSwitched(seat=seat, colour=trump):
            return f"{names[seat]} made {colour(trump)} trump."
        case TrumpKept(seat=seat, colour=trump):
            return f"{names[seat]} kept {colour(trump)} as trump."
        case RoundScored():
            return round_summary(event, names)
    raise TypeError(f"not an Auf falscher Fährte event: {event!r}")


def round_summary(scored: RoundScored, names: Sequence[str]) -> str:
    points = ", ".join(
        f"{names[seat]} {tricks(taken)}, {gained} pts"
        for seat, (taken, gained) in enumerate(zip(scored.tricks, scored.points, strict=True))
    )
    return (
        f"Round {scored.round} was {round_kind(scored.round_type)} "
        f"(face-down total {scored.total}): {points}."
    )


def describe(view: FaehrteView, names: Sequence[str]) -> str:
    lines = [f"Round {view.round} of {view.rounds} · trump {colour(view.trump)}"]
    if view.set_aside is not None:
        lines.append(f"Set aside: {card_text(view.set_aside)}")
    face_down = f"Face down: {view.hidden_face_down} hidden"
    if view.revealed:
        face_down += f", turned {cards(view.revealed)} (total {view.face_down_total})"
    if view.round_type is not None:
        face_down += f": {round_kind(view.round_type)}"
    lines.append(face_down)
    if view.trick:
        lines.append(
            "Trick: " + ", ".join(f"{names[seat]} {card_text(card)}" for seat, card in view.plays)
        )
    for seat in range(view.seats):
        marks = []
        if view.turn == seat:
            marks.append("to play")
        if view.choosing_trump == seat:
            marks.append("may switch trump")
        if view.phase == "face_down" and not view.ready[seat]:
            marks.append("choosing a face-down card")
        held = plural(view.hand_sizes[seat], "card")
        if view.viewer == seat and view.hand is not None:
            held = f"{hand_by_colour(view.hand)} (yours)"
        suffix = f"  [{', '.join(marks)}]" if marks else ""
        lines.append(
            f"  {names[seat]}: {held}, {tricks(view.tricks[seat])}, "
            f"{plural(view.scores[seat], 'point')}" + suffix
        )
    if view.phase == "over":
        best = max(view.scores)
        winners = [seat for seat, score in enumerate(view.scores) if score == best]
        lines.append(f"{_seats(winners, names)} won with {plural(best, 'point')}.")
    return "\n".join(lines)

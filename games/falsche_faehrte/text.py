"""Auf falscher Fährte in plain words: one line per event, and the table as text.

Cards are written as a colour square and the value (``🟥7``), a joker as 🃏,
the same way everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.core.game import Event
from games.core.wording import ntr, tr
from games.falsche_faehrte.cards import (
    COLOURS,
    JOKER,
    Card,
    Colour,
    card_text,
    colour_of,
    colour_word,
    value_of,
)
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
    return " ".join(card_text(card) for card in hand) or tr("nothing")


def colour(trump: Colour) -> str:
    return f"{trump.glyph} {colour_word(trump)}"


def hand_by_colour(hand: Sequence[Card]) -> str:
    """``🟥 red 0 3 7 · 🟦 blue 12 · 🃏 joker``: a sorted hand grouped by colour."""
    groups = []
    for suit in COLOURS:
        values = [str(value_of(card)) for card in hand if card != JOKER and colour_of(card) == suit]
        if values:
            groups.append(f"{suit.glyph} {colour_word(suit)} {' '.join(values)}")
    jokers = sum(1 for card in hand if card == JOKER)
    if jokers:
        groups.append(" ".join([card_text(JOKER)] * jokers))
    return " · ".join(groups) or tr("no cards")


def tricks(count: int) -> str:
    return tr("{amount} trick", amount=count) if count == 1 else tr("{amount} tricks", amount=count)


def round_kind(kind: RoundType) -> str:
    return tr("a Plus round") if kind == "plus" else tr("a Minus round")


def goal(kind: RoundType) -> str:
    return tr("most tricks wins") if kind == "plus" else tr("fewest tricks wins")


def winning_card(taken: TrickTaken) -> Card | None:
    if taken.winner is None:
        return None
    return taken.cards[(taken.winner - taken.leader) % len(taken.cards)]


def _seats(seats: Iterable[int], names: Sequence[str]) -> str:
    listed = [names[seat] for seat in seats]
    return (
        ", ".join(listed[:-1]) + tr(" and {listed}", listed=listed[-1])
        if len(listed) > 1
        else listed[0]
    )


def narrate(event: Event, names: Sequence[str]) -> str:
    match event:
        case RoundDealt(round=number, dealer=dealer, leader=leader, trump=trump, set_aside=aside):
            line = tr(
                "Round {number}: {dealer} deals, {leader} leads; trump is {colour}.",
                number=number,
                dealer=names[dealer],
                leader=names[leader],
                colour=colour(trump),
            )
            if aside is not None:
                line += tr(" Set aside: {card}.", card=card_text(aside))
            return line
        case FaceDownChosen(card=card):
            return tr("You put {card} face down.", card=card_text(card))
        case FaceDownReady(seat=seat):
            return tr("{seat} has put a card face down.", seat=names[seat])
        case PileShuffled(cards=count):
            return tr("All {amount} face-down cards are in and shuffled together.", amount=count)
        case CardPlayed(seat=seat, card=card):
            return tr("{seat} played {card}.", seat=names[seat], card=card_text(card))
        case TrickTaken(number=number, winner=None):
            return tr("Trick {number} holds only jokers: nobody takes it.", number=number)
        case TrickTaken(number=number, winner=winner) if winner is not None:
            best = winning_card(event)
            assert best is not None
            return tr(
                "{winner} takes trick {number} with {card}.",
                winner=names[winner],
                number=number,
                card=card_text(best),
            )
        case FaceDownTurned(card=card, total=total, left=left, round_type=None):
            return tr(
                "Face-down card turned: {card} (total so far {total}, {left} still hidden).",
                card=card_text(card),
                total=total,
                left=left,
            )
        case FaceDownTurned(card=card, total=total, round_type=kind) if kind is not None:
            return tr(
                "Last face-down card: {card}. The total is {total}: {round_kind}, {goal}.",
                card=card_text(card),
                total=total,
                round_kind=round_kind(kind),
                goal=goal(kind),
            )
        case TrumpChoice(seat=seat, reason="worst"):
            return tr("{seat} is doing worst and may switch trump.", seat=names[seat])
        case TrumpChoice(seat=seat):
            return tr("{seat} played a joker and may switch trump.", seat=names[seat])
        case TrumpSwitchSkipped(seats=tied):
            return tr("{seats} tie for worst: nobody switches trump.", seats=_seats(tied, names))
        case TrumpSwitched(seat=seat, colour=trump):
            return tr("{seat} made {colour} trump.", seat=names[seat], colour=colour(trump))
        case TrumpKept(seat=seat, colour=trump):
            return tr("{seat} kept {colour} as trump.", seat=names[seat], colour=colour(trump))
        case RoundScored():
            return round_summary(event, names)
    raise TypeError(f"not an Auf falscher Fährte event: {event!r}")


def round_summary(scored: RoundScored, names: Sequence[str]) -> str:
    points = ", ".join(
        tr("{seat} {tricks}, {gained} pts", seat=names[seat], tricks=tricks(taken), gained=gained)
        for seat, (taken, gained) in enumerate(zip(scored.tricks, scored.points, strict=True))
    )
    return tr(
        "Round {round} was {round_kind} (face-down total {total}): {points}.",
        round=scored.round,
        round_kind=round_kind(scored.round_type),
        total=scored.total,
        points=points,
    )


def describe(view: FaehrteView, names: Sequence[str]) -> str:
    lines = [
        tr(
            "Round {round} of {rounds} · trump {colour}",
            round=view.round,
            rounds=view.rounds,
            colour=colour(view.trump),
        )
    ]
    if view.set_aside is not None:
        lines.append(tr("Set aside: {card}", card=card_text(view.set_aside)))
    face_down = tr("Face down: {hidden_face_down} hidden", hidden_face_down=view.hidden_face_down)
    if view.revealed:
        face_down += tr(
            ", turned {cards} (total {face_down_total})",
            cards=cards(view.revealed),
            face_down_total=view.face_down_total,
        )
    if view.round_type is not None:
        face_down += f": {round_kind(view.round_type)}"
    lines.append(face_down)
    if view.trick:
        lines.append(
            tr("Trick: ")
            + ", ".join(f"{names[seat]} {card_text(card)}" for seat, card in view.plays)
        )
    for seat in range(view.seats):
        marks = []
        if view.turn == seat:
            marks.append(tr("to play"))
        if view.choosing_trump == seat:
            marks.append(tr("may switch trump"))
        if view.phase == "face_down" and not view.ready[seat]:
            marks.append(tr("choosing a face-down card"))
        held = ntr("{count} card", "{count} cards", view.hand_sizes[seat])
        if view.viewer == seat and view.hand is not None:
            held = tr("{hand_by_colour} (yours)", hand_by_colour=hand_by_colour(view.hand))
        suffix = f"  [{', '.join(marks)}]" if marks else ""
        lines.append(
            f"  {names[seat]}: {held}, {tricks(view.tricks[seat])}, "
            + ntr("{count} point", "{count} points", view.scores[seat])
            + suffix
        )
    if view.phase == "over":
        best = max(view.scores)
        winners = [seat for seat, score in enumerate(view.scores) if score == best]
        lines.append(
            tr(
                "{seats} won with {amount}.",
                seats=_seats(winners, names),
                amount=ntr("{count} point", "{count} points", best),
            )
        )
    return "\n".join(lines)

"""What every reachable Auf falscher Fährte state satisfies, checked when a state is loaded."""

from __future__ import annotations

from games.core.errors import CorruptState
from games.falsche_faehrte.cards import JOKER, deck, hand_size
from games.falsche_faehrte.model import MAX_SEATS, MIN_SEATS, FaehrteState
from games.falsche_faehrte.scoring import turned_after

__all__ = ["check_state"]


def check_state(state: FaehrteState) -> None:
    """Raise CorruptState unless ``state`` is a position the rules can reach."""
    seats = state.seats
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise CorruptState(f"Auf falscher Fährte has 3 or 4 seats, not {seats}")
    per_seat = (state.chosen, state.tricks, state.voids, state.scores)
    if any(len(values) != seats for values in per_seat):
        raise CorruptState("per-seat lists do not match the seat count")
    if state.given and len(state.given) != seats:
        raise CorruptState("the face-down cards given do not match the seat count")
    if not 1 <= state.round <= state.rounds:
        raise CorruptState(f"round {state.round} is not one of the {state.rounds}")
    if not all(0 <= seat < seats for seat in (state.dealer, state.leader, state.turn)):
        raise CorruptState("the dealer, leader or seat on turn is not at the table")
    if any(hand != sorted(hand) for hand in state.hands):
        raise CorruptState("a hand is not sorted")
    chosen = [card for card in state.chosen if card is not None]
    in_play = [*chosen, *state.pile, *state.revealed, *state.trick, *state.discards]
    in_play += [card for hand in state.hands for card in hand]
    if state.set_aside is not None:
        in_play.append(state.set_aside)
    if sorted(in_play) != deck(seats, state.options.jokers):
        raise CorruptState("the cards in play are not one deck for this seat count")
    if JOKER in chosen or JOKER in state.pile or JOKER in state.revealed:
        raise CorruptState("a joker is face down")
    if len(state.history) != state.round - (state.phase != "over"):
        raise CorruptState("the round history does not match the round in progress")
    totals = [sum(scored.points[seat] for scored in state.history) for seat in range(seats)]
    if totals != state.scores:
        raise CorruptState("the scores are not the sum of the round points")
    for hand, void in zip(state.hands, state.voids, strict=True):
        if any(void >> (card >> 4) & 1 for card in hand):
            raise CorruptState("a seat holds a colour it has already failed to follow")
    if state.phase == "face_down":
        _check_face_down_phase(state)
    else:
        _check_trick_phase(state)


def _check_face_down_phase(state: FaehrteState) -> None:
    size = hand_size(state.options.jokers)
    expected = [size - (card is not None) for card in state.chosen]
    if [len(hand) for hand in state.hands] != expected:
        raise CorruptState("hand sizes do not match the face-down choices")
    if state.pile or state.revealed or state.trick or state.discards or any(state.tricks):
        raise CorruptState("cards were played before the face-down choice ended")


def _check_trick_phase(state: FaehrteState) -> None:
    seats = state.seats
    if any(card is not None for card in state.chosen):
        raise CorruptState("a face-down choice is still recorded after the pile was shuffled")
    if len(state.pile) + len(state.revealed) != seats:
        raise CorruptState("the face-down pile does not hold one card per seat")
    done = state.tricks_done
    if len(state.discards) % seats or len(state.trick) >= seats:
        raise CorruptState("the finished tricks do not add up")
    if len(state.revealed) != turned_after(done, seats):
        raise CorruptState("the face-down cards turned do not match the tricks played")
    left = hand_size(state.options.jokers) - 1 - done
    played = {(state.leader + i) % seats for i in range(len(state.trick))}
    sizes = [left - (seat in played) for seat in range(seats)]
    if [len(hand) for hand in state.hands] != sizes:
        raise CorruptState("hand sizes do not match the tricks played")
    if state.jokers_played != state.discards.count(JOKER) + state.trick.count(JOKER):
        raise CorruptState("the count of jokers played does not match the tricks")
    if sum(state.tricks) > done:
        raise CorruptState("more tricks taken than played")
    colours = [card >> 4 for card in state.trick if card != JOKER]
    if state.led != (colours[0] if colours else -1):
        raise CorruptState("the colour to follow does not match the trick")
    if state.phase == "play" and state.turn != (state.leader + len(state.trick)) % seats:
        raise CorruptState("the seat on turn is not next in the trick")
    if state.phase == "trump" and (not state.choosers or state.trick):
        raise CorruptState("a trump choice with nobody to choose or mid-trick")
    if not all(0 <= seat < seats for seat in state.choosers):
        raise CorruptState("a trump chooser is not at the table")

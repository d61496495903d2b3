"""Exact Auf falscher Fährte positions for scenario tests.

:func:`position` builds a round in its trick-taking phase: each seat holds the
cards a test names, topped up from the rest of the deck; what is left over
becomes the finished tricks, so every position is a whole, valid deck.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from games.core.chance import Chance
from games.core.errors import IllegalAction, NotYourTurn
from games.core.game import Event
from games.falsche_faehrte import GAME
from games.falsche_faehrte.cards import JOKER, Card, Colour, deck, hand_size, parse_card
from games.falsche_faehrte.model import Action, FaehrteState, Options, Play, RoundScored
from games.falsche_faehrte.scoring import round_type, turned_after

__all__ = ["cards", "play", "position", "refused"]


def cards(codes: str) -> list[Card]:
    """``"r7 y0 j"`` as cards."""
    return [parse_card(code) for code in codes.split()]


def position(
    hands: Sequence[str],
    *,
    jokers: bool = False,
    done: int = 0,
    tricks: Sequence[int] | None = None,
    face_down: str | None = None,
    lacking: Sequence[str] | None = None,
    set_aside: str | None = None,
    trump: Colour = Colour.RED,
    leader: int = 0,
    earlier: Sequence[Sequence[int]] = (),
    seed: int = 0,
) -> FaehrteState:
    """Seat ``leader`` leads trick ``done + 1`` of round ``len(earlier) + 1``.

    ``hands[seat]`` lists cards the seat holds; the rest of its hand is filled
    from the deck, never with the colours in ``lacking[seat]`` (letters such
    as ``"gy"``), and with jokers only when nothing else is left.
    ``face_down`` is the pile in the order it is turned; as many as the rules
    have turned by now are already face up.
    ``earlier`` holds the points of each finished round.
    """
    seats = len(hands)
    held = [cards(codes) for codes in hands]
    turned_order = cards(face_down) if face_down is not None else []
    rest = deck(seats, jokers)
    for card in [card for hand in held for card in hand] + turned_order:
        rest.remove(card)
    if face_down is None:
        turned_order = [card for card in rest if card != JOKER][:seats]
        for card in turned_order:
            rest.remove(card)
    aside = None
    if seats == 3:
        aside = parse_card(set_aside) if set_aside else [c for c in rest if c != JOKER][-1]
        rest.remove(aside)
    size = hand_size(jokers) - 1 - done
    for seat, hand in enumerate(held):
        avoid = _colours(lacking[seat] if lacking else "")
        allowed = [card for card in rest if card >> 4 not in avoid]
        for card in sorted(allowed, key=lambda card: card == JOKER):
            if len(hand) >= size:
                break
            hand.append(card)
            rest.remove(card)
        assert len(hand) == size, f"seat {seat} cannot be filled to {size} cards"
    revealed_count = turned_after(done, seats)
    revealed = turned_order[:revealed_count]
    state = FaehrteState(
        options=Options(jokers=jokers),
        chance=Chance(seed),
        round=len(earlier) + 1,
        dealer=(leader - 1) % seats,
        hands=[sorted(hand) for hand in held],
        set_aside=aside,
        phase="play",
        chosen=[None] * seats,
        pile=list(reversed(turned_order[revealed_count:])),
        revealed=revealed,
        trump=trump,
        leader=leader,
        turn=leader,
        discards=rest,
        tricks=list(tricks) if tricks is not None else [0] * seats,
        jokers_played=rest.count(JOKER),
        voids=[0] * seats,
        scores=[sum(points[seat] for points in earlier) for seat in range(seats)],
        history=[_scored(number + 1, points, seats) for number, points in enumerate(earlier)],
    )
    GAME.check_state(state)
    return state


def _colours(letters: str) -> set[int]:
    names = {colour.letter: colour.value for colour in Colour}
    return {names[letter] for letter in letters}


def _scored(number: int, points: Sequence[int], seats: int) -> RoundScored:
    return RoundScored(
        round=number,
        rounds=2 * seats,
        round_type=round_type(0, seats),
        face_down=(),
        total=0,
        tricks=(0,) * seats,
        points=tuple(points),
        scores=(0,) * seats,
    )


def play(state: FaehrteState, *codes: str) -> list[Event]:
    """Each seat on turn plays the next card; the events of all of them."""
    events: list[Event] = []
    for code in codes:
        events += GAME.apply(state, state.turn, Play(parse_card(code)))
    return events


def refused(state: FaehrteState, seat: int, action: Action) -> str:
    """Apply an action that must be refused; check the state is untouched; give the reason."""
    before = GAME.dump_state(state)
    with pytest.raises((IllegalAction, NotYourTurn)) as error:
        GAME.apply(state, seat, action)
    assert GAME.dump_state(state) == before
    return error.value.message

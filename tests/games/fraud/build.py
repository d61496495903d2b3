"""Exact Fraud from Trandosha positions for scenario tests.

Cards are written ``+3c -2t +5s 0``: sign and value, then the suit (c circle,
t triangle, s square); ``0`` is a sylop. An empty hand is a seat that is out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from games.core.chance import Chance
from games.core.errors import IllegalAction, InvalidAction, NotYourTurn
from games.core.game import Event, Seat
from games.fraud import GAME
from games.fraud.cards import Card, DeckKind, Sign, Suit, deck
from games.fraud.model import Action, Bid, BidMade, FraudState, Options

SUIT_LETTER: dict[str, Suit] = {"c": "circle", "t": "triangle", "s": "square"}


def cards(text: str) -> tuple[Card, ...]:
    found = []
    for token in text.split():
        if token == "0":
            found.append(Card(0))
        else:
            found.append(Card(int(token[:-1]), SUIT_LETTER[token[-1]]))
    return tuple(found)


def table(
    *hands: str,
    deck_kind: DeckKind = "traditional",
    bids: Sequence[tuple[Seat, int, int]] = (),
    turn: Seat | None = None,
    opener: Seat = 0,
    discard: str = "",
    draw: str | None = None,
    credits: Sequence[int] | None = None,
    pot: int = 0,
    suit: Suit = "circle",
    sign: Sign = "positive",
    dice: tuple[int, int] = (1, 2),
    round: int = 2,
    out_round: Sequence[int] = (),
    seed: int = 0,
    **flags: bool,
) -> FraudState:
    """A round in progress with exactly these hands; the rest of the deck is the draw pile,
    or, when ``draw`` is given, the bottom of the discard pile.

    ``flags`` are the lobby options (the pot option is written ``use_pot``). Seats
    with no cards went out in round 1, or in the rounds listed in ``out_round``.
    """
    use_pot = flags.pop("use_pot", True)
    options = Options(deck=deck_kind, pot=use_pot, **flags)
    held = [cards(hand) for hand in hands]
    face_up = list(cards(discard))
    placed = [card for hand in held for card in hand] + face_up
    if draw is not None:
        placed += cards(draw)
    used = Counter(placed)
    rest = []
    for card in deck(deck_kind):
        if used[card]:
            used[card] -= 1
        else:
            rest.append(card)
    assert not +used, f"cards not in the deck, or twice: {+used}"
    if draw is None:
        pile = rest
    else:  # the rest of the deck lies face up under the given discards
        pile, face_up = list(cards(draw)), rest + face_up
    seats = len(hands)
    if credits is None:
        credits = [5 if use_pot else 0] * seats
    made = [BidMade(seat=seat, bid=Bid(count, value)) for seat, count, value in bids]
    if turn is None:
        last = made[-1].seat if made else opener - 1
        turn = next(
            (last + step) % seats for step in range(1, seats + 1) if held[(last + step) % seats]
        )
    state = FraudState(
        options=options,
        chance=Chance(seed),
        hands=held,
        hand_sizes=[len(hand) for hand in held],
        draw_pile=pile,
        discard_pile=face_up,
        credits=list(credits),
        out_round=[
            None if hand else (out_round[seat] if seat < len(out_round) else 1)
            for seat, hand in enumerate(held)
        ],
        pot=pot,
        round=round,
        opener=opener,
        turn=turn,
        bids=made,
        suit=suit if options.suit_die else None,
        sign=sign if options.chance_cube else None,
        spike_dice=dice if options.spike_dice else None,
    )
    GAME.check_state(state)
    return state


def refused(state: FraudState, seat: Seat, action: Action) -> str:
    """Apply an action that must be refused; check the state is untouched; give the reason."""
    before = GAME.dump_state(state)
    with pytest.raises((IllegalAction, NotYourTurn, InvalidAction)) as error:
        GAME.apply(state, seat, action)
    assert GAME.dump_state(state) == before
    return error.value.message


def with_luck(
    state: FraudState, seat: Seat, action: Any, wanted: Callable[[list[Event]], bool]
) -> tuple[FraudState, list[Event]]:
    """Play ``action`` under the first seed whose dice and shuffles give ``wanted`` events.

    The state's luck is its seed, so trying seeds finds a table where, say, the
    next spike dice roll doubles, without knowing how the engine draws.
    """
    for seed in range(2000):
        trial = GAME.clone(state)
        trial.chance = Chance(seed)
        events = GAME.apply(trial, seat, action)
        if wanted(events):
            return trial, events
    raise AssertionError("no seed gives the wanted luck")

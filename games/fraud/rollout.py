"""Playing a sampled Fraud from Trandosha world to the end of its round, and judging it.

The hard player's search weighs a move by playing many sampled worlds on from
it. Every seat plays the basic tactics (:mod:`games.fraud.advice`) from what
*it* knows in the world: its own hand, the face-up discard pile and the bids,
never another hand. The round ends with a call or the spike dice, which the
engine judges with every variant; then the hand sizes are worth
:func:`survival` to the searching seat. The rounds after that are mostly luck
between seats that play alike, so they are not played out.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from games.ai.tactics import worth as share_of_win
from games.core.game import Game, Seat
from games.fraud.advice import advise, situation_at_table
from games.fraud.model import Action, FraudState, FraudView
from games.fraud.odds import Reading, outside, reading

__all__ = ["MAX_MOVES", "play_round", "survival", "worth"]

FraudRules = Game[FraudState, Action, FraudView, Any]

MAX_MOVES = 200
"""A round of basic tactics ends long before this; a guard against a loop, not a horizon."""


@cache
def survival(sizes: tuple[int, ...]) -> float:
    """The chance the first seat is the last one holding cards, with ``sizes`` cards at the
    table and one seat still in, picked at random, losing a card each round.

    A plain model of the rounds to come between seats that play alike: what
    matters is how many cards each seat has left to lose. The other seats are
    listed in any order (callers sort them, which keeps the cache small).
    """
    if not sizes[0]:
        return 0.0
    still_in = [index for index, size in enumerate(sizes) if size]
    if len(still_in) == 1:
        return 1.0
    total = 0.0
    for index in still_in:
        after = list(sizes)
        after[index] -= 1
        total += survival((after[0], *sorted(after[1:])))
    return total / len(still_in)


def worth(game: FraudRules, world: FraudState, seat: Seat) -> float:
    """What a world between rounds (or at the end) is worth to ``seat``, 0 to 1."""
    outcome = game.outcome(world)
    if outcome is not None:
        return share_of_win(outcome, seat, world.seats)
    sizes = world.hand_sizes
    others = sorted(size for other, size in enumerate(sizes) if other != seat)
    return survival((sizes[seat], *others))


def play_round(game: FraudRules, world: FraudState, rng: random.Random) -> None:
    """Play the round in progress to its end, every seat on the basic tactics."""
    playing = world.round
    unshown = outside(world.options.deck, world.discard_pile)
    cards = world.cards_at_table
    readings: dict[Seat, Reading] = {}
    for _ in range(MAX_MOVES):
        if world.phase != "bidding" or world.round != playing:
            return
        seat = world.turn
        known = readings.get(seat)
        if known is None:
            known = readings[seat] = reading(unshown, world.hands[seat], cards)
        situation = situation_at_table(
            known,
            world.hands[seat],
            seat,
            world.standing,
            tuple(world.hand_sizes),
            spike_dice=world.options.spike_dice,
            suit=world.suit,
            sign=world.sign,
        )
        game.advance(world, seat, advise(situation, rng))
    raise AssertionError("a round of The Fraud from Trandosha did not end")

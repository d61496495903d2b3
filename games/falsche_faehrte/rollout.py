"""Playing a sampled Auf falscher Fährte world to the end of its round, each seat on the
basic tactics and reading only what it would know, then judging the standings.

The hard player's search judges a move by many such rollouts. Every simulated
seat plays with :mod:`games.falsche_faehrte.advice` from its own hand and the
public table (the cards played and turned so far, the colours each seat has
failed to follow), and the searching seat (``remembering``) from the face-down card it gave
too; never from another hand or the rest of the face-down pile: a seat that
read the pile would know the round type from the first trick.

A rollout stops once the round is scored: the points so far and the rounds
still to come are then worth the seat's chance to finish first
(:func:`standing_worth`), taking every later round as a fair draw of the
places.
"""

from __future__ import annotations

import random
from functools import cache, lru_cache
from itertools import permutations
from typing import Any

from games.ai.tactics import worth as outcome_worth
from games.core.game import Game, Seat
from games.falsche_faehrte.advice import (
    Reading,
    Seen,
    best_first,
    face_down_card,
    play_scores,
    plus_odds,
    trump_colour,
)
from games.falsche_faehrte.cards import JOKER, Card, deck, value_of
from games.falsche_faehrte.game import FACE_DOWNS, JOKER_SWITCHES, KEEP, PLAYS, SWITCHES
from games.falsche_faehrte.model import Action, FaehrteState, FaehrteView, Play
from games.falsche_faehrte.reading import FAIR_STRENGTH
from games.falsche_faehrte.scoring import PLACE_POINTS, threshold
from games.falsche_faehrte.tricks import playable

__all__ = ["EXACT_ROUNDS", "FUTURES", "Rollout", "standing_worth"]

EXACT_ROUNDS = {3: 3, 4: 2}
"""How many rounds still to come are weighed exactly, by seat count; earlier ones are drawn."""
FUTURES = 8
"""How many draws of the rounds before those."""


class Rollout:
    """Plays one sampled world on to the end of its round with every seat on the basic tactics."""

    def __init__(
        self,
        game: Game[FaehrteState, Action, FaehrteView, Any],
        world: FaehrteState,
        remembering: Seat | None = None,
    ):
        self.game = game
        self.world = world
        self.remembering = remembering
        # The cards nobody has seen face up: every hand, the face-down cards, the pile.
        out = [0, 0, 0, 0]
        jokers = 0
        for card in deck(world.seats, world.options.jokers):
            if card == JOKER:
                jokers += 1
            else:
                out[card >> 4] |= 1 << (card & 15)
        public = [*world.discards, *world.trick, *world.revealed]
        if world.set_aside is not None:
            public.append(world.set_aside)
        for card in public:
            if card == JOKER:
                jokers -= 1
            else:
                out[card >> 4] &= ~(1 << (card & 15))
        self.out = out
        self.out_jokers = jokers
        self.fair = FAIR_STRENGTH[world.seats, world.options.jokers]
        self.threshold = threshold(world.seats)

    def play(self, rng: random.Random) -> None:
        """Play on until the round in progress is scored (or the game is over)."""
        world, game = self.world, self.game
        start = world.round
        while world.round == start and world.phase != "over":
            acting = game.to_act(world)
            seat = acting[0] if len(acting) == 1 else rng.choice(acting)
            action = self.act(seat)
            turned = len(world.revealed)
            game.advance(world, seat, action)
            if type(action) is Play:
                self._seen(action.card)
            if world.round == start:
                for card in world.revealed[turned:]:
                    self._seen(card)

    def _seen(self, card: Card) -> None:
        if card == JOKER:
            self.out_jokers -= 1
        else:
            self.out[card >> 4] &= ~(1 << (card & 15))

    def _own_hidden(self, seat: Seat) -> Card | None:
        """The searching seat's own face-down card while it is unturned: it knows it (AF4)."""
        return self.world.own_face_down(seat) if seat == self.remembering else None

    def reading(self, seat: Seat) -> Reading:
        world = self.world
        hand = world.hands[seat]
        own = [0, 0, 0, 0]
        jokers = self.out_jokers
        given = self._own_hidden(seat)
        for card in hand if given is None else [*hand, given]:
            if card == JOKER:
                jokers -= 1
            else:
                own[card >> 4] |= 1 << (card & 15)
        out = self.out
        masks = (out[0] & ~own[0], out[1] & ~own[1], out[2] & ~own[2], out[3] & ~own[3])
        seats = world.seats
        others = tuple(
            (len(world.hands[other]), world.voids[other])
            for other in ((seat + k) % seats for k in range(1, seats))
        )
        count = sum(mask.bit_count() for mask in masks) + jokers
        return Reading(int(world.trump), Seen(masks, count), others)

    def aim(self, seat: Seat, reading: Reading) -> float:
        world = self.world
        turned = sum(value_of(card) for card in world.revealed)
        if not world.pile and len(world.revealed) == world.seats:
            return 1.0 if turned >= self.threshold else -1.0
        hidden = world.seats - len(world.revealed)
        given = self._own_hidden(seat)
        if given is not None:
            turned, hidden = turned + value_of(given), hidden - 1
        return 2 * plus_odds(turned, hidden, reading.unseen, self.threshold) - 1

    def act(self, seat: Seat) -> Action:
        world = self.world
        hand = world.hands[seat]
        if world.phase == "face_down":
            return FACE_DOWNS[face_down_card(hand, self.reading(seat), self.fair)]
        if world.phase == "trump":
            reading = self.reading(seat)
            colour = trump_colour(hand, reading, self.aim(seat, reading))
            return KEEP if colour is None else SWITCHES[colour]
        options = playable(hand, world.led, JOKER in world.trick)
        if len(options) == 1:
            return PLAYS[options[0]]
        reading = self.reading(seat)
        wanted = self.aim(seat, reading)
        switch = world.jokers_played < JOKER_SWITCHES
        scores = play_scores(options, world.trick, world.led, reading, wanted, switch)
        return PLAYS[best_first(options, scores, wanted)[0]]

    def worth(self, seat: Seat, rng: random.Random) -> float:
        world = self.world
        outcome = self.game.outcome(world)
        if outcome is not None:
            return outcome_worth(outcome, seat, world.seats)
        left = world.rounds - world.round + 1
        return standing_worth(tuple(world.scores), seat, left, rng)


def standing_worth(
    scores: tuple[int, ...], seat: Seat, rounds_left: int, rng: random.Random
) -> float:
    """The seat's share of first place (as :func:`games.ai.tactics.worth` counts it) after
    ``rounds_left`` more rounds, each dealing the places' points (AF9) in a random order."""
    seats = len(scores)
    exact = EXACT_ROUNDS[seats]
    if rounds_left <= exact:
        return _shares(_normal(scores), rounds_left)[seat]
    orders = _orders(seats)
    total = 0.0
    for _ in range(FUTURES):
        drawn = list(scores)
        for _ in range(rounds_left - exact):
            for i, points in enumerate(rng.choice(orders)):
                drawn[i] += points
        total += _shares(_normal(tuple(drawn)), exact)[seat]
    return total / FUTURES


def _normal(scores: tuple[int, ...]) -> tuple[int, ...]:
    low = min(scores)
    return tuple(score - low for score in scores)


@cache
def _orders(seats: int) -> tuple[tuple[int, ...], ...]:
    return tuple(permutations(PLACE_POINTS[seats]))


@lru_cache(maxsize=1 << 16)
def _shares(scores: tuple[int, ...], rounds_left: int) -> tuple[float, ...]:
    if rounds_left == 0:
        top = max(scores)
        winners = scores.count(top)
        return tuple(1 / winners if score == top else 0.0 for score in scores)
    orders = _orders(len(scores))
    shares = [0.0] * len(scores)
    for order in orders:
        after = _shares(
            _normal(tuple(s + p for s, p in zip(scores, order, strict=True))), rounds_left - 1
        )
        for i, share in enumerate(after):
            shares[i] += share
    return tuple(share / len(orders) for share in shares)

"""Playing a sampled Tricky world to the end of the hand, each seat on the basic tactics.

The hard player's search judges a move by the hands it leads to. A rollout
plays every seat with the rules of :mod:`games.tricky.advice`, each reading
only its own dice and the table of the world, and stops when the hand is
scored: a whole game is many hands of luck that no move now can steer, so the
scores after this hand are judged by :func:`standing` instead.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from games.ai.tactics import worth as share_of_win
from games.core.game import Game, Seat
from games.tricky.advice import Strength, bid_call, choose_pair, reroll_choice, strength
from games.tricky.dice import DICE_PER_SEAT, FACES, dice_in
from games.tricky.model import Action, Bid, NameTrump, Pass, Play, Reroll, TrickyState, TrickyView
from games.tricky.scoring import minimum_bid

__all__ = ["HAND_GAIN", "STANDING_WEIGHT", "Rollout", "policy_play", "standing"]

HAND_GAIN = 20 * 30 * 1.2
"""Per seat at the table, what a made bid typically scores: a little over the least
opening bid (30 per seat) times the top multiplier, 20."""
STANDING_WEIGHT = 1.5
"""How much one typical made bid closer to the target multiplies a seat's chances
(as ``exp``), fitted to games played with the basic tactics."""

_PLAY: dict[tuple[int, int], Play] = {
    (a, b): Play((a, b)) for a in range(DICE_PER_SEAT) for b in range(a + 1, DICE_PER_SEAT)
}
_PASS = Pass()
_TRUMPS = {number: NameTrump(number) for number in range(1, 21)}


def standing(scores: Sequence[int], target: int, seat: Seat) -> float:
    """How likely ``seat`` is to win from these scores between hands, 0 to 1.

    Tricky is a race of made bids (TR8, TR9): a seat's chances fall off with how many
    typical made bids it is from the target, softmax-style over the table.
    """
    gain = HAND_GAIN * len(scores)
    weights = [math.exp(-STANDING_WEIGHT * max(target - score, 0) / gain) for score in scores]
    return weights[seat] / sum(weights)


def policy_play(world: TrickyState, seat: Seat) -> Play:
    """The basic tactics' pair for ``seat``, from its own dice and the trick."""
    values, every = world.values[seat], world.values
    held = [(index, FACES[index], values[index]) for index in dice_in(world.unplayed[seat])]
    plays = [(FACES[a], every[p][a], FACES[b], every[p][b]) for p, a, b in world.trick]
    first, second = choose_pair(held, plays, world.trump, world.seats)
    return _PLAY[(first, second) if first < second else (second, first)]


class Rollout:
    """Plays one sampled world on to the end of its hand with every seat on the basic tactics."""

    __slots__ = ("game", "hand", "strengths", "world")

    def __init__(self, game: Game[TrickyState, Action, TrickyView, Any], world: TrickyState):
        self.game = game
        self.world = world
        self.hand = world.hand
        self.strengths: list[Strength | None] = [None] * world.seats
        """Each seat's strength for the auction, worked out when first needed."""

    def play(self) -> None:
        world, game = self.world, self.game
        while world.hand == self.hand and world.phase != "over":
            if world.phase == "reroll":
                for seat, chosen in enumerate(world.rerolled):
                    if chosen is None:
                        game.advance(world, seat, Reroll(reroll_choice(world.values[seat])))
                continue
            seat = world.turn
            game.advance(world, seat, self.act(seat))

    def act(self, seat: Seat) -> Action:
        world = self.world
        phase = world.phase
        if phase == "tricks":
            return policy_play(world, seat)
        hand = self.strengths[seat]
        if hand is None:
            hand = self.strengths[seat] = strength(world.values[seat])
        if phase == "trump":
            return _TRUMPS[hand.trump]
        seats = world.seats
        least = minimum_bid(seats, None if world.high_bidder is None else world.high_bid)
        amount = bid_call(hand, seats, least, world.scores[seat], world.target)
        return _PASS if amount is None else Bid(amount)

    def worth(self, seat: Seat) -> float:
        """What the world is worth to ``seat`` now: its share of the win once the game is
        over, else its :func:`standing`."""
        world = self.world
        outcome = self.game.outcome(world)
        if outcome is not None:
            return share_of_win(outcome, seat, world.seats)
        return standing(world.scores, world.target, seat)

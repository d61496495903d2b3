"""How the computer plays The Fraud from Trandosha (seeds/003, rulings FR1-FR11).

The easy player follows the basic tactics of :mod:`games.fraud.advice`: from
its own hand and the face-up discard pile it works out the odds of every count
at the table (:mod:`games.fraud.odds`, sylops wild in the modern deck) and
makes the move least likely to cost it a card: a fraud call on a bid that is
probably short, on target on a bid that is probably exact, else the safest
raise. The dice of the variants shift those odds: a hand the suit die or the
chance cube spares calls freely, and with spike dice the standing value should
be one the seat holds many of.

The hard player searches (:mod:`games.ai.search`) over worlds in which the
other hands fit the bids made this round: a seat that bid a value probably
holds some of it (:meth:`FraudTactics.refine`). It weighs both calls and the
few safest raises (or, opening, a few bids on its best values at bolder and
safer counts), and plays each world to the end of the round with every seat on
the basic tactics from what that seat knows (:mod:`games.fraud.rollout`); the
engine judges the round with every variant, and the hand sizes left are what
the move was worth.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from games.ai.knowledge import Knowledge
from games.ai.tactics import Tactics
from games.core.game import Seat
from games.fraud.advice import Situation, advise, opening_bids, raises, situation_in_view
from games.fraud.cards import HAND_SIZE, Card, top_value
from games.fraud.model import Action, BidMade, CallFraud, CallOnTarget, FraudState, FraudView
from games.fraud.rollout import play_round, worth

__all__ = ["BID_SIGNAL", "OPENING_WIDTH", "RAISE_WIDTH", "TACTICS", "WORLD_DRAWS", "FraudTactics"]

FraudKnowledge = Knowledge[FraudState, Action, FraudView]

OPENING_WIDTH = 6
"""Opening bids the hard search weighs."""
RAISE_WIDTH = 4
"""The safest raises the hard search weighs besides the two calls."""
EXACT_WIDTH = 2
"""Other raises the hard search weighs: those likeliest to be exactly right."""
BID_SIGNAL = 2.0
"""How strongly a bid is taken to show the bidder's cards: the odds of bidding a value grow
by this power of e for each matching card held."""
WORLD_DRAWS = 8
"""Deals of the other hands drawn for each world, one kept in proportion to how well it
fits the bids."""


def _situation(knowledge: FraudKnowledge) -> Situation:
    return situation_in_view(knowledge.view, knowledge.view.discards)


class FraudTactics(Tactics[FraudState, Action, FraudView]):
    key = "fraud"
    reason = (
        "From your hand and the face-up discards, it is the move least likely to cost you a card."
    )

    # -- the easy player -------------------------------------------------------------------------

    def choose(self, knowledge: FraudKnowledge, rng: random.Random) -> Action:
        return advise(knowledge.derive(_situation), rng)

    # -- the hard player's search ----------------------------------------------------------------

    def refine(
        self, knowledge: FraudKnowledge, world: FraudState, rng: random.Random
    ) -> FraudState:
        """Redeal the other hands so that they fit this round's bids: draw a few deals of the
        unseen cards and keep one, each as likely as the bids were from it."""
        seat = knowledge.seat
        if world.phase != "bidding" or all(made.seat == seat for made in world.bids):
            return world
        others = [other for other in world.active if other != seat]
        pool = list(world.draw_pile)
        for other in others:
            pool.extend(world.hands[other])
        top = top_value(world.options.deck)
        deals: list[list[Card]] = []
        weights: list[float] = []
        draw = rng.random
        for _ in range(WORLD_DRAWS):
            pool.sort(key=lambda _card: draw())  # a shuffle, and quicker than rng.shuffle
            deals.append(list(pool))
            weights.append(_fit(world.bids, seat, _hands(pool, others, world.hand_sizes), top))
        pick = rng.random() * sum(weights)
        chosen = deals[-1]
        for deal, weight in zip(deals, weights, strict=True):
            pick -= weight
            if pick < 0:
                chosen = deal
                break
        for other, hand in _hands(chosen, others, world.hand_sizes).items():
            world.hands[other] = tuple(hand)
        world.draw_pile = chosen[sum(world.hand_sizes[other] for other in others) :]
        return world

    def search_actions(self, knowledge: FraudKnowledge, rng: random.Random) -> list[Action]:
        situation = knowledge.derive(_situation)
        if situation.standing is None:
            return list(opening_bids(situation, rng, levels=3)[:OPENING_WIDTH])
        ranked = [bid for _risk, bid in raises(situation, rng, steps=3)]
        # Besides the safest raises, the likeliest to be exact: a seat that calls fraud on an
        # exact bid loses a card, and so does every other seat but the bidder (FR6).
        exact = sorted(ranked[RAISE_WIDTH:], key=lambda bid: -situation.reading.exactly(bid))
        return [CallFraud(), CallOnTarget(), *ranked[:RAISE_WIDTH], *exact[:EXACT_WIDTH]]

    def rollout(self, knowledge: FraudKnowledge, world: FraudState, rng: random.Random) -> float:
        game = knowledge.game
        play_round(game, world, rng)
        return worth(game, world, knowledge.seat)


TACTICS = FraudTactics()


def _hands(deal: list[Card], others: list[Seat], sizes: Sequence[int]) -> dict[Seat, list[Card]]:
    """The other seats' hands, dealt in seat order from the front of ``deal``."""
    hands: dict[Seat, list[Card]] = {}
    at = 0
    for other in others:
        hands[other] = deal[at : at + sizes[other]]
        at += sizes[other]
    return hands


def _fit(bids: list[BidMade], seat: Seat, hands: dict[Seat, list[Card]], top: int) -> float:
    """How likely this round's bids by the other seats are if they hold ``hands``: each bid's
    value is taken to be chosen with odds growing with the matching cards held
    (:data:`BID_SIGNAL`), among the values it could name."""
    odds = [math.exp(BID_SIGNAL * k) for k in range(HAND_SIZE + 1)]
    fit = 1.0
    floor = 1
    held: dict[Seat, list[int]] = {}
    for made in bids:
        value = made.bid.value
        if made.seat != seat:
            matches = held.get(made.seat)
            if matches is None:
                magnitudes = [abs(card.value) for card in hands[made.seat]]
                sylops = magnitudes.count(0)
                matches = held[made.seat] = [magnitudes.count(v) + sylops for v in range(top + 1)]
            fit *= odds[matches[value]] / sum(odds[matches[v]] for v in range(floor, top + 1))
        floor = value
    return fit

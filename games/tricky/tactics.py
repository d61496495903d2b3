"""How the computer plays Tricky (seeds/001, rulings TR1-TR9).

The easy player plays the basic tactics of :mod:`games.tricky.advice` from its
view: re-roll every die below its average, bid what its dice are likely to
take (and name the trump that gives it a trump die, or the top multiplier),
lead and shed low, and win a trick as cheaply as it can when it plays last.

The hard player searches (:mod:`games.ai.search`) over worlds in which the
other seats' hidden dice are rolled to fit what the table has seen
(:meth:`TrickyTactics.refine`: how many dice each seat re-rolled), weighing a
short list of moves: the basic re-roll against bolder and timider ones; in the
auction, passing against bids of several sizes; the
trump numbers its dice suggest; in the tricks, the pairs that win cheaply,
strongly or with a trump, and the pairs that shed. Each is judged by playing
the hand out with every seat on the basic tactics (:mod:`games.tricky.rollout`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from games.ai.knowledge import Knowledge
from games.ai.tactics import Tactics
from games.tricky.advice import (
    D20,
    Held,
    Played,
    bid_call,
    choose_pair,
    reroll_choice,
    strength,
    trick_rank,
    trump_choice,
)
from games.tricky.dice import FACES, KINDS, dice_in
from games.tricky.model import Action, Bid, NameTrump, Pass, Play, Reroll, TrickyState, TrickyView
from games.tricky.rollout import Rollout
from games.tricky.tricks import pair_rank

__all__ = ["BID_JUMPS", "PAIR_WIDTH", "REROLL_SHARES", "TACTICS", "TrickyTactics"]

TrickyKnowledge = Knowledge[TrickyState, Action, TrickyView]

BID_JUMPS = (0, 5, 10, 20, 30)
"""Besides passing and the basic tactics' call, the hard search weighs bids this many
minimum raises (one raise = the seat count) above the least bid allowed."""
PAIR_WIDTH = 8
"""The hard search weighs at most this many pairs to play."""
TRUMP_LEAST = 9
"""The hard search weighs as trump every number of at least this that its d20s show."""
REROLL_SHARES = (0.62, 0.75, 0.34, 0.0)
"""Besides the basic re-roll (every die at most half its faces), the hard search weighs
re-rolling every die at most this share of its faces: more dice, fewer, or none. A hand
is won by a big made bid, so a re-roll that gambles for a strong hand can be worth more
than one that raises the average (searched re-rolls differed by a few hundredths of a
win a hand, issue 28, where a trick's pairs differ by a thousandth)."""


class TrickyTactics(Tactics[TrickyState, Action, TrickyView]):
    key = "tricky"
    reason = (
        "Re-roll dice below their average, bid what your dice can likely take, lead and "
        "shed low, and win a trick as cheaply as you can when you play last."
    )

    # -- the easy player -------------------------------------------------------------------------

    def choose(self, knowledge: TrickyKnowledge, rng: random.Random) -> Action:
        view = knowledge.view
        values = _values(view)
        if view.phase == "reroll":
            return Reroll(reroll_choice(values))
        if view.phase == "auction":
            assert view.minimum_bid is not None and view.viewer is not None
            amount = bid_call(
                strength(values),
                view.seats,
                view.minimum_bid,
                view.scores[view.viewer],
                view.target,
            )
            return Pass() if amount is None else Bid(amount)
        if view.phase == "trump":
            return NameTrump(trump_choice(values))
        first, second = choose_pair(_held(view), _plays(view), view.trump, view.seats)
        return Play((min(first, second), max(first, second)))

    # -- the hard player's search ----------------------------------------------------------------

    def refine(
        self, knowledge: TrickyKnowledge, world: TrickyState, rng: random.Random
    ) -> TrickyState:
        """Roll the other seats' unplayed dice as the basic tactics' re-roll would have left
        them: a seat that re-rolled ``k`` dice kept the others because they showed more than
        half their faces (TR2 makes ``k`` public)."""
        viewer = knowledge.seat
        for seat, count in enumerate(world.rerolled):
            if seat != viewer and count is not None and REROLL_MODEL[0] <= count <= REROLL_MODEL[1]:
                _reroll_model(world, seat, count, rng)
        return world

    def search_actions(self, knowledge: TrickyKnowledge, rng: random.Random) -> list[Action]:
        view = knowledge.view
        if view.phase == "reroll":
            return _reroll_candidates(_values(view))
        if view.phase == "auction":
            return _auction_candidates(knowledge, view)
        if view.phase == "trump":
            return _trump_candidates(_values(view))
        legal = knowledge.legal_actions()
        if len(legal) == 1:
            return legal
        return _pair_candidates(_held(view), _plays(view), view.trump, view.seats)

    def rollout(self, knowledge: TrickyKnowledge, world: TrickyState, rng: random.Random) -> float:
        rollout = Rollout(knowledge.game, world)
        rollout.play()
        return rollout.worth(knowledge.seat)


TACTICS = TrickyTactics()


# -- reading the view -----------------------------------------------------------------------------


def _values(view: TrickyView) -> list[int]:
    """The viewer's 18 values in index order (0 for dice already played)."""
    if view.dice is None:
        raise ValueError("tactics need a seat's view, not the public one")
    values = [0] * len(FACES)
    for held in view.dice:
        values[held.die] = held.value
    return values


def _held(view: TrickyView) -> list[Held]:
    if view.dice is None:
        raise ValueError("tactics need a seat's view, not the public one")
    return [(held.die, held.faces, held.value) for held in view.dice]


def _plays(view: TrickyView) -> list[Played]:
    return [(a.faces, a.value, b.faces, b.value) for _, a, b in view.trick]


# -- the hard search's short lists ----------------------------------------------------------------


def _reroll_candidates(values: Sequence[int]) -> list[Action]:
    """The basic re-roll first, then re-rolling every die showing at most each of
    :data:`REROLL_SHARES` of its faces."""
    picks = [reroll_choice(values)]
    for share in REROLL_SHARES:
        picks.append(
            tuple(index for index, value in enumerate(values) if value <= share * FACES[index])
        )
    return [Reroll(dice) for dice in dict.fromkeys(picks)]


def _auction_candidates(knowledge: TrickyKnowledge, view: TrickyView) -> list[Action]:
    assert view.minimum_bid is not None and view.viewer is not None
    basic = TACTICS.choose(knowledge, random.Random(0))
    candidates: list[Action] = [basic, Pass()]
    for jump in BID_JUMPS:
        bid = Bid(view.minimum_bid + jump * view.seats)
        if bid not in candidates:
            candidates.append(bid)
    return candidates


def _trump_candidates(values: Sequence[int]) -> list[Action]:
    numbers = [trump_choice(values), 20]
    for index in D20:
        if values[index] >= TRUMP_LEAST and values[index] not in numbers:
            numbers.append(values[index])
    return [NameTrump(number) for number in numbers]


def _pair_candidates(
    held: Sequence[Held], plays: Sequence[Played], trump: int | None, seats: int
) -> list[Action]:
    """The basic tactics' pair first, then the cheapest and the strongest winners, a trump,
    the lowest pairs, and the lowest pair holding each kind."""
    first, second = choose_pair(held, plays, trump, seats)
    picks = [(min(first, second), max(first, second))]
    lead = (plays[0][0], plays[0][2]) if plays else ()
    must_match = any(faces in lead for _, faces, _ in held)
    best = trick_rank(plays, trump)
    options = []
    for n, (a, faces_a, value_a) in enumerate(held):
        for b, faces_b, value_b in held[n + 1 :]:
            if must_match and faces_a not in lead and faces_b not in lead:
                continue
            rank = pair_rank(faces_a, value_a, faces_b, value_b, trump)
            options.append((rank, value_a + value_b, faces_a, faces_b, (a, b)))
    winners = [option for option in options if option[0] > best]
    by_total = sorted(options, key=lambda option: option[1])
    picks += [option[4] for option in sorted(winners, key=lambda option: option[1])[:2]]
    if winners:
        picks.append(max(winners, key=lambda option: option[0])[4])
    picks += [option[4] for option in by_total[:2]]
    for faces in KINDS:
        for option in by_total:
            if faces in (option[2], option[3]):
                picks.append(option[4])
                break
    unique = list(dict.fromkeys(picks))[:PAIR_WIDTH]
    return [Play(pair) for pair in unique]


# -- what re-roll counts say ----------------------------------------------------------------------

REROLL_MODEL = (3, 15)
"""Re-roll counts read as "every die at most half its faces": the counts that rule gives
all but about one hand in a hundred. A count outside (all dice kept, say) reads as no
information."""


def _reroll_model(world: TrickyState, seat: int, count: int, rng: random.Random) -> None:
    """Redraw ``seat``'s unplayed dice given that it re-rolled ``count`` of its 18 dice by
    the basic rule: each die showed at most half its faces with even odds (every kind has
    an even number of faces), so the re-rolled dice are any ``count`` of them, and the
    kept ones show more than half. Played dice showing at most half were re-rolled; a
    played die showing more was kept twice as often as re-rolled."""
    values = world.values[seat]
    unplayed = dice_in(world.unplayed[seat])
    played = [index for index in range(len(FACES)) if not world.unplayed[seat] >> index & 1]
    low_played = sum(1 for index in played if 2 * values[index] <= FACES[index])
    high_played = len(played) - low_played
    left = count - low_played
    if left < 0:
        return  # the seat did not re-roll by the rule: keep the plain redeal
    # How many of the high played dice were re-rolled, weighted by the odds above.
    weights = [
        math.comb(high_played, j) * 2 ** (high_played - j) * math.comb(len(unplayed), left - j)
        if 0 <= left - j <= len(unplayed)
        else 0
        for j in range(high_played + 1)
    ]
    if not any(weights):
        return
    fresh = left - rng.choices(range(high_played + 1), weights)[0]
    rerolled = set(rng.sample(unplayed, fresh))
    for index in unplayed:
        faces = FACES[index]
        if index in rerolled:
            values[index] = int(rng.random() * faces) + 1
        else:
            values[index] = faces // 2 + int(rng.random() * (faces - faces // 2)) + 1

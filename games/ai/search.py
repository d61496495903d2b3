"""The ``hard`` player: a search over worlds sampled from what the seat knows.

This is determinized Monte Carlo search with a bandit at the root (perfect
information Monte Carlo with UCB1, in the literature's terms). Each iteration:

1. sample a world the seat cannot tell from the real one
   (:meth:`Knowledge.sample_world <games.ai.knowledge.Knowledge.sample_world>`:
   the game's redeal, refined by its tactics);
2. pick one of the candidate actions (the tactics' short list) by UCB1, so the
   promising ones get most of the budget;
3. play it in that world, let the tactics' rollout play the world on, and
   credit the action with what the result is worth to the seat.

The search stops when the budget runs out and plays the action tried most
often; it stops early once the choice is settled (:func:`_settled`): no other
action could be tried more often in the worlds left, or the leader's worth is
surely above every other's. Busy bots spend less where a move is clear. The tree is one level
deep on purpose: below the root, every seat is played by the rollout, which
follows what *that* seat knows in the world; a deeper tree would let the other
seats' nodes pick moves knowing the sampled hidden cards, and a searcher that
expects clairvoyant opponents plays badly.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.ai.player import AnyKnowledge, AnyTactics, Budget, ComputerPlayer, TacticsFor

__all__ = ["EXPLORATION", "ActionStats", "HardPlayer", "SearchResult"]

EXPLORATION = 0.7
"""UCB1's exploration weight for rewards between 0 and 1."""
SETTLED_EVERY = 16
"""How many worlds between two looks at whether the choice is settled."""
SURE_AFTER = 64
"""Worlds the leader needs before its worth may count as surely the best."""
SURE_SPREAD = math.sqrt(math.log(100) / 2)
"""Hoeffding's bound at 99% for rewards between 0 and 1: a mean of ``n`` worlds is
within ``SURE_SPREAD / sqrt(n)`` of the true worth."""


@dataclass(frozen=True, slots=True)
class ActionStats:
    action: Any
    visits: int
    mean: float
    """Average worth to the seat of the worlds where the action was tried, 0 to 1."""


@dataclass(frozen=True, slots=True)
class SearchResult:
    """A decision and how it was reached (for tests and benchmarks)."""

    action: Any
    iterations: int
    """Worlds sampled and played out; 0 when the tactics left one choice."""
    seconds: float
    actions: tuple[ActionStats, ...]


class HardPlayer(ComputerPlayer):
    """Searches sampled worlds within a budget; see the module docstring."""

    level = "hard"

    def __init__(
        self,
        budget: Budget,
        *,
        tactics: TacticsFor,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        super().__init__(tactics=tactics)
        self.budget = budget
        self._clock = clock

    def decide(self, knowledge: AnyKnowledge, tactics: AnyTactics, rng: random.Random) -> Any:
        return self.search(knowledge, tactics, rng).action

    def search(
        self, knowledge: AnyKnowledge, tactics: AnyTactics, rng: random.Random
    ) -> SearchResult:
        started = self._clock()
        deadline = None if self.budget.seconds is None else started + self.budget.seconds
        candidates = tactics.search_actions(knowledge, rng)
        if not candidates:
            raise ValueError(f"the tactics for {knowledge.game.title} offered no action")
        if len(candidates) == 1:
            only = (ActionStats(candidates[0], 0, 0.0),)
            return SearchResult(candidates[0], 0, self._clock() - started, only)

        game, seat = knowledge.game, knowledge.seat
        visits = [0] * len(candidates)
        totals = [0.0] * len(candidates)
        iterations = 0
        searching = self._clock()
        while True:
            world = knowledge.sample_world(rng)
            pick = _ucb_pick(visits, totals, iterations)
            game.advance(world, seat, candidates[pick])
            totals[pick] += tactics.rollout(knowledge, world, rng)
            visits[pick] += 1
            iterations += 1
            worlds_left = math.inf
            if self.budget.iterations is not None:
                worlds_left = self.budget.iterations - iterations
            if deadline is not None:
                # Stop when another world, at the pace so far, would overrun the deadline.
                now = self._clock()
                pace = (now - searching) / iterations
                worlds_left = min(worlds_left, (deadline - now) / pace)
            if worlds_left < 1:
                break
            # Either budget may end early once the choice is settled; with worlds
            # counted, where it stops depends only on the worlds, so stays reproducible.
            if iterations % SETTLED_EVERY == 0 and _settled(visits, totals, worlds_left):
                break

        stats = tuple(
            ActionStats(action, n, total / n if n else 0.0)
            for action, n, total in zip(candidates, visits, totals, strict=True)
        )
        # The most tried action is the one UCB1 trusted; ties go to the better mean,
        # then to the tactics' order.
        best = max(range(len(stats)), key=lambda i: (stats[i].visits, stats[i].mean, -i))
        return SearchResult(stats[best].action, iterations, self._clock() - started, stats)


def _settled(visits: list[int], totals: list[float], worlds_left: float) -> bool:
    """Whether more worlds would not change the choice, or would hardly ever.

    The action tried most often is played; if no other can catch up in the worlds
    left, the rest of the time changes nothing. And once the leader is tried often
    enough, its worth is surely above every other's when the confidence intervals
    (Hoeffding, 99%) no longer overlap: more worlds would only confirm it.
    """
    order = sorted(range(len(visits)), key=visits.__getitem__, reverse=True)
    best, runner_up = order[0], order[1]
    if visits[best] - visits[runner_up] > worlds_left:
        return True
    if visits[best] < SURE_AFTER:
        return False
    floor = totals[best] / visits[best] - SURE_SPREAD / math.sqrt(visits[best])
    return all(
        visits[i] and totals[i] / visits[i] + SURE_SPREAD / math.sqrt(visits[i]) < floor
        for i in order[1:]
    )


def _ucb_pick(visits: list[int], totals: list[float], iterations: int) -> int:
    """Untried actions first, in order; then the best upper confidence bound."""
    for i, n in enumerate(visits):
        if n == 0:
            return i
    log_n = math.log(iterations)
    return max(
        range(len(visits)),
        key=lambda i: totals[i] / visits[i] + EXPLORATION * math.sqrt(log_n / visits[i]),
    )

"""The ``hard`` player: a search over worlds sampled from what the seat knows.

This is determinized Monte Carlo search with a race at the root (perfect
information Monte Carlo, the candidates chosen by sequential halving):

1. the tactics name a short list of candidate actions, best first;
2. each step samples one world the seat cannot tell from the real one
   (:meth:`Knowledge.sample_world <games.ai.knowledge.Knowledge.sample_world>`:
   the game's redeal, refined by its tactics) and plays *every* candidate still
   in the race in a copy of it, each copy rolled out by the tactics with the same
   luck. The candidates are compared on the same hidden cards and the same dice,
   so a difference between them is the move's and not the deal's: a few hundred
   worlds tell apart moves that thousands of separate worlds would blur;
3. the budget is shared out in rounds (sequential halving): after each round
   the worse half of the candidates leaves the race, so the most promising get
   most of the worlds, and more thought goes where it still decides something;
4. a candidate leaves at once when, over the worlds so far, it is surely worse
   than the leader or surely no different from it (:func:`_surely`); when one
   is left the choice is settled and the search stops, whatever budget is left.
   (Surely the same means the same worth in every world so far: moves that come
   to the same thing.)
   Busy bots spend little where a move is clear.

The best candidate still in the race, by its average worth, is played. The tree
is one level deep on purpose: below the root, every seat is played by the
rollout, which follows what *that* seat knows in the world; a deeper tree would
let the other seats' nodes pick moves knowing the sampled hidden cards, and a
searcher that expects clairvoyant opponents plays badly.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.ai.player import AnyKnowledge, AnyTactics, Budget, ComputerPlayer, TacticsFor

__all__ = ["ActionStats", "HardPlayer", "SearchResult"]

SETTLED_EVERY = 8
"""How many worlds between two looks at whether a candidate can leave the race."""
SURE_AFTER = 64
"""Worlds two candidates must share before one may be judged surely worse or the same."""
SURE_Z = 3.29
"""How many standard errors make a difference sure: 99.9% for one look, which keeps the
many looks of a search (one every :data:`SETTLED_EVERY` worlds) from deciding on luck.
A game's worth moves in small steps (a card lost is a few hundredths of a win), so a
looser test stops on noise."""


@dataclass(frozen=True, slots=True)
class ActionStats:
    action: Any
    visits: int
    """Worlds the action was played out in."""
    mean: float
    """Average worth to the seat of those worlds, 0 to 1."""


@dataclass(frozen=True, slots=True)
class SearchResult:
    """A decision and how it was reached (for tests and benchmarks)."""

    action: Any
    iterations: int
    """Worlds played out, over every candidate; 0 when the tactics left one choice."""
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
        candidates = tactics.search_actions(knowledge, rng)
        if not candidates:
            raise ValueError(f"the tactics for {knowledge.game.title} offered no action")
        if self.budget.iterations is not None:
            # Too small a budget to try them all: the tactics' first ones, which they rate best.
            candidates = candidates[: self.budget.iterations]
        if len(candidates) == 1:
            only = (ActionStats(candidates[0], 0, 0.0),)
            return SearchResult(candidates[0], 0, self._clock() - started, only)

        race = _Race(len(candidates))
        spend = _Spending(self.budget, self._clock)

        def one_world() -> None:
            race.record(self._world(knowledge, tactics, candidates, race.alive, rng))
            spend.spent(len(race.alive))

        one_world()  # every candidate once, which also shows the pace of a time budget
        rounds_left = math.ceil(math.log2(len(candidates)))
        while len(race.alive) > 1:
            share = spend.left() / rounds_left
            for _ in range(int(share // len(race.alive))):
                if spend.left() < len(race.alive):  # a time budget runs out on its own
                    break
                one_world()
                if race.steps % SETTLED_EVERY == 0 and race.drop_the_sure() == 1:
                    break
            rounds_left -= 1
            if not rounds_left or spend.left() < len(race.alive):
                break
            race.halve()

        stats = tuple(
            ActionStats(action, n, total / n if n else 0.0)
            for action, n, total in zip(candidates, race.visits, race.totals, strict=True)
        )
        best = race.leader()
        return SearchResult(candidates[best], spend.rollouts, self._clock() - started, stats)

    @staticmethod
    def _world(
        knowledge: AnyKnowledge,
        tactics: AnyTactics,
        candidates: list[Any],
        alive: list[int],
        rng: random.Random,
    ) -> dict[int, float]:
        """One sampled world: each live candidate's worth in it, all with the same luck."""
        game, seat = knowledge.game, knowledge.seat
        world = knowledge.sample_world(rng)
        luck = rng.getrandbits(64)
        worths: dict[int, float] = {}
        for n, index in enumerate(alive):
            copy = world if n == len(alive) - 1 else game.clone(world)
            game.advance(copy, seat, candidates[index])
            worths[index] = tactics.rollout(knowledge, copy, random.Random(luck))
        return worths


class _Spending:
    """What is left of the budget, in worlds played out."""

    def __init__(self, budget: Budget, clock: Callable[[], float]) -> None:
        self._budget = budget
        self._clock = clock
        self._started = clock()
        self.rollouts = 0

    def spent(self, rollouts: int) -> None:
        self.rollouts += rollouts

    def left(self) -> float:
        """Worlds still allowed: the iterations left, or as many as the time left holds at
        the pace so far (a time budget's first world is always allowed, to learn the pace)."""
        left = math.inf
        if self._budget.iterations is not None:
            left = self._budget.iterations - self.rollouts
        if self._budget.seconds is not None and self.rollouts:
            now = self._clock()
            pace = (now - self._started) / self.rollouts
            left = min(left, (self._started + self._budget.seconds - now) / pace)
        return left


class _Race:
    """The candidates' results over the worlds they shared, and which are still in the race.

    Every candidate in the race has been played in every world since the start
    (one leaves, none joins), so any two are compared world by world: the sums
    of products make the spread of their difference, kept as the worlds come.
    """

    def __init__(self, size: int) -> None:
        self.alive = list(range(size))
        self.steps = 0
        self.visits = [0] * size
        self.totals = [0.0] * size
        self._squares = [0.0] * size
        self._products = [[0.0] * size for _ in range(size)]

    def record(self, worths: dict[int, float]) -> None:
        self.steps += 1
        for i, worth in worths.items():
            self.visits[i] += 1
            self.totals[i] += worth
            self._squares[i] += worth * worth
            for j in self.alive:
                if j > i:
                    self._products[i][j] += worth * worths[j]

    def mean(self, i: int) -> float:
        return self.totals[i] / self.visits[i] if self.visits[i] else 0.0

    def leader(self) -> int:
        """The best candidate in the race; a tie goes to the tactics' order."""
        return max(self.alive, key=lambda i: (self.mean(i), -i))

    def halve(self) -> None:
        """The better half stays in the race (rounded up)."""
        ranked = sorted(self.alive, key=lambda i: (-self.mean(i), i))
        self.alive = sorted(ranked[: math.ceil(len(ranked) / 2)])

    def drop_the_sure(self) -> int:
        """Drop every candidate surely worse than the leader, or surely the same choice;
        how many are left."""
        if self.steps >= SURE_AFTER:
            best = self.leader()
            self.alive = [i for i in self.alive if i == best or not self._surely(best, i)]
        return len(self.alive)

    def _surely(self, best: int, other: int) -> bool:
        """Whether ``other`` is surely worse than ``best`` over the worlds they shared (the
        mean of their difference against its standard error), or no different in any."""
        n = self.steps
        first, second = min(best, other), max(best, other)
        mean = (self.totals[best] - self.totals[other]) / n
        square = (
            self._squares[best] + self._squares[other] - 2 * self._products[first][second]
        ) / n
        error = math.sqrt(max(0.0, square - mean * mean) / (n - 1))
        return mean - SURE_Z * error > 0 or square < 1e-12

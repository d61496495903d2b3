"""What one seat knows: the only window a computer player has on a game.

A computer player is handed a :class:`Knowledge`, never the state. It offers
exactly what a human in that seat has: the seat's view, its legal actions, who
is acting, and *worlds*: full states sampled from what the seat knows, made by
:meth:`Game.redeal <games.core.game.Game.redeal>`. A redeal keeps every public
fact and the seat's own knowledge and draws everything else afresh (future luck
too), and it depends only on what the seat knows; so a player that searches
worlds cannot learn a hidden card, and two positions the seat cannot tell apart
lead to the same decision (``tests/games/ai/test_knowledge.py`` proves it for
every catalogued game).

A game may make the worlds likelier with a *refiner*
(:meth:`games.ai.tactics.Tactics.refine`): it reshapes each redealt world from
what this knowledge offers, for instance so that the other hands fit every
trade the public log shows. It only ever sees redealt worlds, so it is as blind
to the real hidden data as the player is.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from games.core.game import Game, Seat

__all__ = ["Knowledge", "Refiner"]

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
ViewT = TypeVar("ViewT")
FactT = TypeVar("FactT")

Refiner = Callable[["Knowledge[StateT, ActionT, ViewT]", StateT, random.Random], StateT]
"""``refine(knowledge, redealt_world, rng) -> world``: redraws hidden parts more faithfully."""


class Knowledge(Generic[StateT, ActionT, ViewT]):
    """One seat's knowledge of a game in progress, for one decision.

    The state stays private; everything offered here is the same for every
    state the seat cannot tell apart from the real one.
    """

    __slots__ = ("_facts", "_game", "_legal", "_refine", "_seat", "_state", "_view")

    def __init__(
        self,
        game: Game[StateT, ActionT, ViewT, Any],
        state: StateT,
        seat: Seat,
        *,
        refine: Refiner[StateT, ActionT, ViewT] | None = None,
    ) -> None:
        self._game = game
        self._state = state
        self._seat = seat
        self._refine = refine
        self._view: ViewT | None = None
        self._legal: tuple[ActionT, ...] | None = None
        self._facts: dict[Callable[[Any], Any], Any] = {}

    @property
    def game(self) -> Game[StateT, ActionT, ViewT, Any]:
        """The rules, for playing sampled worlds forward (a game object holds no table)."""
        return self._game

    @property
    def seat(self) -> Seat:
        return self._seat

    @property
    def view(self) -> ViewT:
        """Everything the seat may know, as the game shows it to that seat."""
        if self._view is None:
            self._view = self._game.view(self._state, self._seat)
        return self._view

    def legal_actions(self) -> list[ActionT]:
        """The seat's legal actions now (a fresh list the caller may keep)."""
        if self._legal is None:
            self._legal = tuple(self._game.legal_actions(self._state, self._seat))
        return list(self._legal)

    def to_act(self) -> tuple[Seat, ...]:
        """The seats acting now (who is waiting never depends on hidden data)."""
        return self._game.to_act(self._state)

    def seat_count(self) -> int:
        return self._game.seat_count(self._state)

    def sample_world(self, rng: random.Random) -> StateT:
        """A full state the seat cannot tell apart from the real one, drawn with ``rng``.

        The caller owns the result and may play it forward freely.
        """
        world = self._game.redeal(self._state, self._seat, rng)
        if self._refine is not None:
            world = self._refine(self, world, rng)
        return world

    def derive(self, fact: Callable[[Knowledge[StateT, ActionT, ViewT]], FactT]) -> FactT:
        """``fact(self)``, worked out once per decision and shared by every hook that asks.

        For deductions several hooks need (the odds of each hand, say); ``fact``
        must be a plain function of the knowledge, used as the cache key.
        """
        if fact not in self._facts:
            self._facts[fact] = fact(self)
        known: FactT = self._facts[fact]
        return known

"""Computer players by level name: what the lobby offers and the bot builds.

::

    player = computer_player("hard", Budget(seconds=1.0), tactics=tactics_for)
    action = player.choose(game, state, seat, random.Random())
    game.advance(state, seat, action)

``choose`` is plain CPU work (up to the budget, plus a little for ``hard``);
the bot runs it off the event loop. Players keep nothing between calls, so one
instance may serve every table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.ai.player import Budget, ComputerPlayer, EasyPlayer, RandomPlayer, TacticsFor
from games.ai.search import HardPlayer

__all__ = ["DEFAULT_BUDGET", "LEVELS", "Level", "computer_player"]

DEFAULT_BUDGET = Budget(seconds=1.0)
"""One second a decision: the most issue 8 allows."""


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    label: str
    """What the lobby shows."""
    description: str
    make: Callable[[Budget, TacticsFor], ComputerPlayer]


LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level(
            "random",
            "Random",
            "Plays any legal move at random.",
            lambda _budget, tactics: RandomPlayer(tactics=tactics),
        ),
        Level(
            "easy",
            "Easy",
            "Follows the game's basic tactics.",
            lambda _budget, tactics: EasyPlayer(tactics=tactics),
        ),
        Level(
            "hard",
            "Hard",
            "Thinks ahead over the hands it cannot see.",
            lambda budget, tactics: HardPlayer(budget, tactics=tactics),
        ),
    )
}
"""Every level, weakest first."""


def computer_player(
    level: str, budget: Budget = DEFAULT_BUDGET, *, tactics: TacticsFor
) -> ComputerPlayer:
    """A player of the named level; ``budget`` limits the thinking of levels that search,
    and ``tactics`` finds each game's tactics (:func:`games.catalog.computer_player` passes
    the hosted games' own)."""
    try:
        found = LEVELS[level]
    except KeyError:
        raise ValueError(f"no computer level {level!r}; pick one of {', '.join(LEVELS)}") from None
    return found.make(budget, tactics)

"""The games this bot hosts: the one list of them.

Each game is a package under ``games/`` that says what it is: ``GAME``, its
rules (a :class:`~games.core.game.Game`), and ``TACTICS``, how its computer
players play it (a :class:`~games.ai.tactics.Tactics`). Listing the package in
:data:`GAMES` is what makes the bot host it: the lobby, the table service, the
computer players and the benchmarks all read :data:`CATALOG` and
:func:`tactics_for`. ``tests/games/test_catalog.py`` fails if a game package is
not listed, if its tactics name another game, or if it has no presenter.

This module sits above both the games and :mod:`games.ai`: the games import the
computer players' framework, and nothing in :mod:`games.ai` imports a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from games import falsche_faehrte, fraud, short_changed, short_word, tricky
from games.ai.levels import DEFAULT_BUDGET
from games.ai.levels import computer_player as player_of_level
from games.ai.player import AnyTactics, Budget, ComputerPlayer
from games.ai.tactics import GENERIC
from games.core.registry import AnyGame, Catalog

__all__ = ["CATALOG", "GAMES", "TACTICS", "computer_player", "tactics_for"]

GAMES: tuple[tuple[AnyGame, AnyTactics], ...] = (
    (short_changed.GAME, short_changed.TACTICS),
    (tricky.GAME, tricky.TACTICS),
    (falsche_faehrte.GAME, falsche_faehrte.TACTICS),
    (fraud.GAME, fraud.TACTICS),
    (short_word.GAME, short_word.TACTICS),
    (short_word.solitaire.GAME, short_word.solitaire.TACTICS),
)
"""Every hosted game with its tactics, in the order menus list them."""

CATALOG = Catalog(game for game, _ in GAMES)
"""The hosted games by key."""


def _tactics_by_key() -> Mapping[str, AnyTactics]:
    found: dict[str, AnyTactics] = {}
    for game, tactics in GAMES:
        if tactics.key != game.key:
            raise ValueError(f"{game.title} is listed with the tactics of {tactics.key!r}")
        found[game.key] = tactics
    return MappingProxyType(found)


TACTICS = _tactics_by_key()
"""Each hosted game's tactics, by game key."""


def tactics_for(key: str) -> AnyTactics:
    """The tactics for the game with this key, or the generic ones for a game not listed."""
    return TACTICS.get(key, GENERIC)


def computer_player(level: str, budget: Budget = DEFAULT_BUDGET) -> ComputerPlayer:
    """A computer player of the named level that plays each hosted game with its tactics."""
    return player_of_level(level, budget, tactics=tactics_for)

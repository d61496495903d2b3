"""The one list of games (games/catalog.py): every game package is in it, with its tactics."""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from types import ModuleType

import games
from games.ai.tactics import GENERIC
from games.catalog import CATALOG, GAMES, TACTICS, tactics_for
from games.core.game import Game


def _game_packages() -> list[ModuleType]:
    """Every package under games/ that says it is a game (exports a ``GAME``)."""
    found = []
    for info in pkgutil.walk_packages(games.__path__, "games."):
        if info.ispkg:
            package = importlib.import_module(info.name)
            if isinstance(getattr(package, "GAME", None), Game):
                found.append(package)
    return found


def test_every_game_package_is_listed_once_with_its_own_tactics() -> None:
    packages = _game_packages()
    assert len(packages) == len(GAMES) == len(CATALOG)
    listed = {id(game): tactics for game, tactics in GAMES}
    for package in packages:
        assert id(package.GAME) in listed, f"{package.__name__} is not in games/catalog.py"
        assert listed[id(package.GAME)] is package.TACTICS, package.__name__
        assert CATALOG[package.GAME.key] is package.GAME


def test_every_listed_game_has_its_tactics_by_key() -> None:
    assert list(TACTICS) == list(CATALOG)
    for key, game in CATALOG.items():
        assert tactics_for(key).key == game.key
    assert tactics_for("a_game_still_being_written") is GENERIC


def test_the_computer_players_framework_imports_no_game() -> None:
    # games/ai is below the games: a game's tactics import it, never the other way round.
    ai = importlib.import_module("games.ai")
    for info in pkgutil.walk_packages(ai.__path__, "games.ai."):
        source = importlib.util.find_spec(info.name)
        assert source is not None and source.origin is not None
        with open(source.origin, encoding="utf-8") as text:
            imports = [line for line in text if line.startswith(("from games", "import games"))]
        assert all(line.startswith(("from games.ai", "from games.core")) for line in imports), (
            info.name,
            imports,
        )

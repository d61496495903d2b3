"""Finding a game by its key."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from games.core.game import Game

__all__ = ["AnyGame", "Catalog"]

AnyGame = Game[Any, Any, Any, Any]


class Catalog(Mapping[str, AnyGame]):
    """The games a bot hosts, by key, in the order they were listed."""

    def __init__(self, games: Iterable[AnyGame]) -> None:
        self._games: dict[str, AnyGame] = {}
        for game in games:
            if game.key in self._games:
                raise ValueError(f"two games share the key {game.key!r}")
            self._games[game.key] = game

    def __getitem__(self, key: str) -> AnyGame:
        return self._games[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._games)

    def __len__(self) -> int:
        return len(self._games)

"""The pictures by game: a view's sketch, and a sketch drawn as PNG bytes.

A sketch (:class:`cogs.pictures.kit.Sketch`) is what a picture shows, made from a view
in microseconds; drawing it is the costly part, done once per sketch (the cache here,
and :class:`cogs.pictures.drawing.Drawer` in the bot, which draws in its own process).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from cogs.pictures.base import Artist
from cogs.pictures.falsche_faehrte import FaehrteArtist
from cogs.pictures.fraud import FraudArtist
from cogs.pictures.kit import Sketch, png, render
from cogs.pictures.short_changed import ShortChangedArtist
from cogs.pictures.short_word import ShortWordArtist, SolitaireArtist
from cogs.pictures.tricky import TrickyArtist

__all__ = [
    "ARTISTS",
    "Artist",
    "hand_png",
    "hand_sketch",
    "picture",
    "table_png",
    "table_sketch",
]

ARTISTS: dict[str, Artist] = {
    "short_changed": ShortChangedArtist(),
    "tricky": TrickyArtist(),
    "falsche_faehrte": FaehrteArtist(),
    "fraud": FraudArtist(),
    "short_word": ShortWordArtist(),
    "short_word_solitaire": SolitaireArtist(),
}

CACHED = 256
"""Pictures kept: a few per live table (the table, a hand or two being built)."""


def table_sketch(key: str, view: Any, names: Sequence[str]) -> Sketch:
    """What the public table's picture shows; ``view`` must be the public view."""
    return ARTISTS[key].table(view, names)


def hand_sketch(key: str, view: Any, names: Sequence[str], draft: str = "") -> Sketch:
    """What a seat's hand picture shows; ``view`` is that seat's view, ``draft`` its panel's."""
    return ARTISTS[key].hand(view, names, draft)


@lru_cache(maxsize=CACHED)
def picture(sketch: Sketch) -> bytes:
    """The sketch drawn, as PNG bytes."""
    return png(render(sketch))


def table_png(key: str, view: Any, names: Sequence[str]) -> bytes:
    """The public table as PNG bytes; ``view`` must be the public view."""
    return picture(table_sketch(key, view, names))


def hand_png(key: str, view: Any, names: Sequence[str], draft: str = "") -> bytes:
    """A seat's hand as PNG bytes; ``view`` is that seat's view, ``draft`` its panel's."""
    return picture(hand_sketch(key, view, names, draft))

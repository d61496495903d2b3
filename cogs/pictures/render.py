"""The pictures by game, and their cache: the one door the board and panels use."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from bot.i18n.languages import SOURCE, language
from cogs.pictures.base import Artist
from cogs.pictures.falsche_faehrte import FaehrteArtist
from cogs.pictures.fraud import FraudArtist
from cogs.pictures.kit import png
from cogs.pictures.short_changed import ShortChangedArtist
from cogs.pictures.short_word import ShortWordArtist, SolitaireArtist
from cogs.pictures.tricky import TrickyArtist
from games.core.wording import speaking

__all__ = ["ARTISTS", "Artist", "hand_png", "table_png"]

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


@lru_cache(maxsize=CACHED)
def table_png(key: str, view: Any, names: tuple[str, ...], words: str = SOURCE) -> bytes:
    """The public table as PNG bytes, its words in the language ``words`` (a code: the
    picture may be drawn in another process, which the caller's language does not reach);
    ``view`` must be the public view."""
    with speaking(language(words)):
        return png(ARTISTS[key].table(view, names))


@lru_cache(maxsize=CACHED)
def hand_png(
    key: str, view: Any, names: tuple[str, ...], draft: str = "", words: str = SOURCE
) -> bytes:
    """A seat's hand as PNG bytes; ``view`` is that seat's view, ``draft`` its panel's."""
    with speaking(language(words)):
        return png(ARTISTS[key].hand(view, names, draft))


def has_pictures(key: str) -> bool:
    return key in ARTISTS


def names_of(names: Sequence[str]) -> tuple[str, ...]:
    return tuple(names)

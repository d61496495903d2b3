"""Each game's pictures, checked by structure rather than golden bytes: the size and
mode, that a draft's pieces are highlighted, and that a change in the view shows."""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

from cogs.pictures.kit import WIDTH
from cogs.pictures.render import hand_png, table_png
from cogs.presenters.short_changed import encode_draft as chips_draft
from cogs.presenters.short_word import encode_draft as words_draft
from games.catalog import CATALOG
from games.falsche_faehrte.cards import card_code
from games.short_changed.chips import Chips
from tests.games.conformance import NAMES

LARGEST = 150_000
"""The issue's aim for a PNG's size, in bytes."""


def _picture(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def _played(key: str, seats: int, moves: int, seed: int = 3) -> Any:
    game = CATALOG[key]
    state = game.new(seats, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if not game.to_act(state):
            break
        seat = rng.choice(game.to_act(state))
        game.apply(state, seat, game.random_action(state, seat, rng))
    return state


def _reroll_first(view: Any) -> str:
    return "r1"


def _take_green(view: Any) -> str:
    return chips_draft(Chips(green=1), Chips())


def _first_card(view: Any) -> str:
    return str(card_code(view.hand[0]))


def _bid_on_first(view: Any) -> str:
    return f"1.{max(1, view.hand[0].magnitude)}"


def _discard_first(view: Any) -> str:
    return words_draft(["zzz"], view.hand_cards[0])


DRAFTS: dict[str, tuple[int, int, Callable[[Any], str]]] = {
    # game: (seats, moves before the picture, a draft that picks something)
    "tricky": (3, 0, _reroll_first),
    "short_changed": (3, 0, _take_green),
    "falsche_faehrte": (4, 0, _first_card),
    "fraud": (3, 2, _bid_on_first),
    "short_word": (3, 1, _discard_first),
}


@pytest.mark.parametrize("key", sorted(CATALOG))
def test_the_table_is_a_small_palette_picture_as_wide_as_the_page(key: str) -> None:
    game = CATALOG[key]
    for moves in (0, 12, 10_000):
        state = _played(key, max(game.min_seats, min(4, game.max_seats)), moves)
        names = NAMES[: game.seat_count(state)]
        data = table_png(key, game.view(state, None), names)
        image = _picture(data)
        assert image.format == "PNG"
        assert image.mode == "P"
        assert image.width == WIDTH
        assert 300 <= image.height <= 4000
        assert len(data) < LARGEST
        for seat in range(game.seat_count(state)):
            hand = _picture(hand_png(key, game.view(state, seat), names))
            assert (hand.mode, hand.width) == ("P", WIDTH)


@pytest.mark.parametrize("key", sorted(CATALOG))
def test_a_move_changes_the_table_picture(key: str) -> None:
    game = CATALOG[key]
    seats = max(game.min_seats, min(3, game.max_seats))
    state = _played(key, seats, 4)
    names = NAMES[:seats]
    before = table_png(key, game.view(state, None), names)
    rng = random.Random(1)
    while game.to_act(state) and game.view(state, None) == game.view(_played(key, seats, 4), None):
        seat = game.to_act(state)[0]
        game.apply(state, seat, game.random_action(state, seat, rng))
    assert table_png(key, game.view(state, None), names) != before


def test_a_name_changes_the_table_picture() -> None:
    game = CATALOG["tricky"]
    view = game.view(game.new(2, 1), None)
    assert table_png("tricky", view, ("Ada", "Bram")) != table_png("tricky", view, ("Ada", "Cleo"))


@pytest.mark.parametrize("key", sorted(DRAFTS))
def test_the_draft_s_pieces_are_highlighted(key: str) -> None:
    seats, moves, draft_of = DRAFTS[key]
    game = CATALOG[key]
    state = _played(key, seats, moves)
    seat = game.to_act(state)[0]
    view = game.view(state, seat)
    names = NAMES[:seats]
    plain = _picture(hand_png(key, view, names, ""))
    picked = _picture(hand_png(key, view, names, draft_of(view)))
    assert plain.width == picked.width == WIDTH
    assert plain.tobytes() != picked.tobytes() or plain.size != picked.size


@pytest.mark.parametrize("key", sorted(DRAFTS))
def test_a_malformed_draft_draws_the_plain_hand(key: str) -> None:
    seats, moves, _ = DRAFTS[key]
    game = CATALOG[key]
    state = _played(key, seats, moves)
    view = game.view(state, 0)
    names = NAMES[:seats]
    assert hand_png(key, view, names, "\x00not a draft") == hand_png(key, view, names, "")


def test_equal_views_reuse_the_cached_picture() -> None:
    game = CATALOG["tricky"]
    state = _played("tricky", 2, 3)
    first = table_png("tricky", game.view(state, None), ("Ada", "Bram"))
    again = table_png("tricky", game.view(game.clone(state), None), ("Ada", "Bram"))
    assert again is first

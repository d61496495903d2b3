"""Beside a picture, every game's table, panel and result are shorter, and still say
everything needed to play (screen readers, notifications and images off read only the
text): each seat's standing, who is to act, the seat's own pieces, the same controls."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import discord
import pytest

from cogs.presenters import PRESENTERS
from cogs.presenters.short_word import card_chip, hand_chips
from cogs.presenters.tricky import _points, _shown
from games.catalog import CATALOG
from games.core.wording import plural
from games.falsche_faehrte import text as faehrte_words
from games.fraud import text as fraud_words
from games.short_changed import text as chips_words
from games.tricky import text as dice_words
from tests.cogs.presenters.conftest import public_table, seat_table
from tests.games.conformance import option_variants


def text(embeds: list[discord.Embed]) -> str:
    """Everything an embed says, as a screen reader reads it."""
    parts = []
    for embed in embeds:
        parts += [embed.title or "", embed.description or ""]
        parts += [f"{field.name}\n{field.value}" for field in embed.fields]
        parts.append(embed.footer.text or "")
    return "\n".join(parts)


def positions(key: str) -> Iterator[Any]:
    """States along random games of every seat count and option set, the end included."""
    game = CATALOG[key]
    rng = random.Random(f"pictured-{key}")
    for seats in range(game.min_seats, min(game.max_seats, 5) + 1):
        for options in option_variants(game)[:4]:
            state = game.new(seats, rng.getrandbits(32), game.options(options))
            moves = 0
            while acting := game.to_act(state):
                if moves % 7 == 0:
                    yield state
                seat = rng.choice(acting)
                game.apply(state, seat, game.random_action(state, seat, rng))
                moves += 1
            yield state


def _short_changed_table(view: Any, names: tuple[str, ...]) -> list[str]:
    held = (
        [f"{hand.value}" for hand in view.revealed_hands]
        if view.revealed_hands is not None
        else [plural(count, "chip") for count in view.chip_counts]
    )
    return held if view.phase == "ante" else [*held, chips_words.chips(view.pot)]


def _tricky_table(view: Any, names: tuple[str, ...]) -> list[str]:
    needed = [_points(score) for score in view.scores]
    if view.phase in ("tricks", "over"):
        needed += [f"{view.taken[seat]} taken" for seat in range(view.seats)]
    if view.phase in ("reroll", "auction"):
        needed += [f"re-rolled {n}" for n in view.rerolled if n is not None]
    needed += [
        f"{names[seat]}: **{_shown(a, view.trump)} + {_shown(b, view.trump)}**"
        for seat, a, b in view.trick
    ]
    return needed


def _tricky_hand(view: Any) -> list[str]:
    """Each kind of die the seat holds, then its values, trump marked in words."""
    trump = view.trump if view.trump_named else None
    return [
        f"d{faces} "
        + ", ".join(f"**{value}★ (trump)**" if value == trump else str(value) for value in values)
        for faces, values in dice_words.dice_by_kind(view.dice or ())
    ]


def _faehrte_table(view: Any, names: tuple[str, ...]) -> list[str]:
    return [
        f"**{name}** {view.scores[seat]} pts, {faehrte_words.tricks(view.tricks[seat])}"
        for seat, name in enumerate(names)
    ]


def _fraud_table(view: Any, names: tuple[str, ...]) -> list[str]:
    needed = []
    for seat, name in enumerate(names):
        if view.out_round[seat] is not None and view.winner != seat:
            needed.append(f"~~{name}~~ out in round {view.out_round[seat]}")
        else:
            needed.append(f"{name}** {fraud_words.cards_word(view.hand_sizes[seat])}")
        if view.pot_in_play:
            needed.append(fraud_words.credits_word(view.credits[seat]))
    return needed


def _short_word_table(view: Any, names: tuple[str, ...]) -> list[str]:
    needed = [plural(score, "point") for score in view.scores]
    if not view.over:
        needed += [plural(count, "card") for count in view.card_counts]
    needed += [hand_chips(known) for known in view.known if known]
    needed += [meld.word.upper() for laid in view.laid for meld in laid or ()]
    return needed


def _solitaire_table(view: Any, names: tuple[str, ...]) -> list[str]:
    return [card_chip(top) for top in view.tops if top] + [f"{view.used} of {view.cards}"]


TABLES: dict[str, Callable[[Any, tuple[str, ...]], list[str]]] = {
    "short_changed": _short_changed_table,
    "tricky": _tricky_table,
    "falsche_faehrte": _faehrte_table,
    "fraud": _fraud_table,
    "short_word": _short_word_table,
    "short_word_solitaire": _solitaire_table,
}
HANDS: dict[str, Callable[[Any], list[str]]] = {
    "short_changed": lambda view: [chips_words.chips(view.hand)] if view.hand else [],
    "tricky": _tricky_hand,
    "falsche_faehrte": lambda view: [faehrte_words.hand_by_colour(view.hand or ())],
    "fraud": lambda view: [fraud_words.card(card) for card in view.hand or ()],
    "short_word": lambda view: [hand_chips(view.hand_cards or ())],
    "short_word_solitaire": lambda view: [card_chip(top) for top in view.tops if top],
}


def test_every_game_says_what_its_picture_leaves_out() -> None:
    assert sorted(TABLES) == sorted(PRESENTERS) == sorted(HANDS)


@pytest.mark.parametrize("key", sorted(PRESENTERS))
def test_beside_its_picture_the_table_is_shorter_and_says_all_that_is_needed(key: str) -> None:
    game, presenter = CATALOG[key], PRESENTERS[key]
    whole_chars = pictured_chars = 0
    for state in positions(key):
        public = public_table(game, state)
        names = public.table.names
        whole = text(presenter.table(public))
        pictured = text(presenter.table(public, pictured=True))
        assert len(pictured) <= len(whole)
        whole_chars += len(whole)
        pictured_chars += len(pictured)
        assert ("▶" in pictured) == ("▶" in whole)
        for needed in [
            *(name for name in names if name in whole),
            *TABLES[key](public.view, names),
        ]:
            assert needed in pictured, (needed, pictured)
        if game.outcome(state) is not None:
            result = text(presenter.result(public, pictured=True))
            assert len(result) <= len(text(presenter.result(public)))
            assert all(name in result for name in names) or key == "short_word_solitaire"
    assert pictured_chars < whole_chars


@pytest.mark.parametrize("key", sorted(PRESENTERS))
def test_beside_its_picture_a_panel_keeps_the_hand_in_words_and_every_control(key: str) -> None:
    game, presenter = CATALOG[key], PRESENTERS[key]
    for state in positions(key):
        for seat in range(game.seat_count(state)):
            seated = seat_table(game, state, seat)
            whole = presenter.draw(seated)
            pictured = presenter.draw(seated, pictured=True)
            words = text(pictured.embeds)
            assert len(words) <= len(text(whole.embeds))
            for needed in HANDS[key](seated.view):
                assert needed in words, (needed, words)
            assert [item.to_component_dict() for item in pictured.view().children] == [
                item.to_component_dict() for item in whole.view().children
            ]

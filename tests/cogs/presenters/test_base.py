"""What every presenter shares: a game ended early leaves each seat's panel read-only."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

import discord
import emoji
import pytest

from bot.tables.model import TableStatus
from bot.tables.service import SeatTable
from cogs.board import table_controls
from cogs.lobby import lobby_message
from cogs.presenters import PRESENTERS, Presenter
from cogs.presenters.base import ENDED_EARLY, Ask, Redraw, Submit, whole_number
from tests.cogs.presenters.conftest import public_table, seat_table, table_for


@pytest.mark.parametrize("presenter", list(PRESENTERS.values()), ids=list(PRESENTERS))
def test_a_game_ended_early_draws_a_panel_without_controls(presenter: Presenter) -> None:
    game = presenter.game
    state = game.new(game.min_seats, 1)
    ended = SeatTable(
        table=table_for(game, state, status=TableStatus.ENDED),
        game=game,
        seat=0,
        view=game.view(state, 0),
        legal=[],  # what the service lists once a table is no longer active
        to_act=(),
        outcome=None,  # ended early: nobody won
    )
    panel = presenter.draw(ended, "", None)
    assert panel.items == []
    text = " ".join(_text(embed) for embed in panel.embeds)
    assert "ended early" in text
    assert "your turn" not in text.lower() and "waiting for" not in text.lower()


def _text(embed: discord.Embed) -> str:
    fields = " ".join(f"{field.name} {field.value}" for field in embed.fields)
    return f"{embed.title} {embed.description} {fields} {embed.footer.text}"


def _emoji_on(items: Iterable[discord.ui.Item[Any]]) -> set[str]:
    """Every emoji a control shows: a button's, or a select option's."""
    found: set[str] = set()
    for control in items:
        item = control.item if isinstance(control, discord.ui.DynamicItem) else control
        if isinstance(item, discord.ui.Button) and item.emoji is not None:
            found.add(str(item.emoji))
        if isinstance(item, discord.ui.Select):
            found |= {str(option.emoji) for option in item.options if option.emoji is not None}
    return found


@pytest.mark.parametrize("presenter", list(PRESENTERS.values()), ids=list(PRESENTERS))
def test_every_emoji_on_a_control_is_one_discord_knows(presenter: Presenter) -> None:
    # Discord refuses a whole message whose button carries a character that is not an
    # emoji (a playing card's back, say), and simcord does not check: the emoji package
    # knows Unicode's list. The panels are drawn at every step of a few random games.
    game = presenter.game
    rng = random.Random(5)
    found = _emoji_on(table_controls(42, playing=True).children)
    found |= _emoji_on(
        lobby_message(table_for(game, game.new(game.min_seats, 1)), presenter)[1].children
    )
    for seats in sorted({game.min_seats, game.max_seats}):
        state = game.new(seats, rng.getrandbits(62))
        for _ in range(400):
            for seat in range(seats):
                found |= _emoji_on(presenter.draw(seat_table(game, state, seat), "", None).items)
            acting = game.to_act(state)
            if not acting:
                break
            seat = rng.choice(acting)
            game.apply(state, seat, game.random_action(state, seat, rng))
    assert found
    assert {glyph for glyph in found if not emoji.is_emoji(glyph)} == set()


@pytest.mark.parametrize("presenter", list(PRESENTERS.values()), ids=list(PRESENTERS))
def test_the_table_of_a_game_ended_early_calls_no_one_to_act(presenter: Presenter) -> None:
    # AW2: once the host or a moderator ends it, nobody is to act, whatever the state says.
    game = presenter.game
    rng = random.Random(3)
    state = game.new(game.max_seats, 9)
    for _ in range(6):  # somewhere in the middle of the game
        seat = rng.choice(game.to_act(state))
        game.apply(state, seat, game.random_action(state, seat, rng))
    if game.max_seats > 1:  # a live table marks who is to act
        assert "▶" in " ".join(_text(e) for e in presenter.table(public_table(game, state)))
    ended = presenter.table(public_table(game, state, status=TableStatus.ENDED))
    text = " ".join(_text(embed) for embed in ended)
    assert ENDED_EARLY in text and "▶" not in text


@pytest.mark.parametrize(
    ("text", "most", "number"),
    [
        ("7", 20, 7),
        ("٣", 20, 3),  # an Arabic-Indic three: a digit as typed
        ("20", 20, 20),
        ("21", 20, None),
        ("²", 20, None),  # a digit to isdigit(), not to int()
        ("-1", 20, None),
        ("", 20, None),
        ("9" * 5000, 20, None),
        ("0" * 5000, 20, None),
    ],
)
def test_a_whole_number_is_read_only_within_its_bounds(
    text: str, most: int, number: int | None
) -> None:
    assert whole_number(text, most) == number


HUGE = "9" * 5000
"""Longer than int() reads (4,300 digits): forged select values or form text."""


@pytest.mark.parametrize("presenter", list(PRESENTERS.values()), ids=list(PRESENTERS))
def test_a_click_with_forged_numbers_is_refused_kindly(presenter: Presenter) -> None:
    # Every control of every panel through a few random games, clicked with select values
    # and form fields no Discord client would send: each gets an answer, never an error.
    game = presenter.game
    rng = random.Random(11)
    state = game.new(game.max_seats, 4)
    forged_fields = dict.fromkeys(("total", "amount", "words", "discard", "word"), HUGE)
    for _ in range(120):
        acting = game.to_act(state)
        if not acting:
            break
        seat = rng.choice(acting)
        seen = seat_table(game, state, seat)
        for data in _panel_data(presenter.draw(seen, "", None).items):
            for values in ([HUGE], [f"{HUGE}:{HUGE}"], [HUGE, "0"]):
                reaction = presenter.react(seen, data, values, forged_fields)
                assert isinstance(reaction, Redraw | Submit | Ask)
            for forged in (f"{data}{HUGE}", f"{data}:{HUGE}"):
                assert isinstance(presenter.react(seen, forged, (), None), Redraw | Submit | Ask)
        game.apply(state, seat, game.random_action(state, seat, rng))


def _panel_data(items: Iterable[discord.ui.Item[Any]]) -> set[str]:
    """The data part of each panel control's custom id (``tk:panel:table:version:data``)."""
    found = set()
    for control in items:
        item = control.item if isinstance(control, discord.ui.DynamicItem) else control
        custom_id = getattr(item, "custom_id", None) or ""
        if custom_id.startswith("tk:panel:"):
            found.add(custom_id.split(":", 4)[4])
    return found

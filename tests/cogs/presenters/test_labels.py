"""Every control names what it is in words: emoji decorate, they never carry the only
information (a colour-blind player, or a screen reader, gets the label alone).

Each game's panels are drawn for every seat at every step of random games, together with
the panels a click leads to (a card picked, a die chosen, chips counted), and every form a
click opens; the lobby and the table's own buttons too.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import Any

import discord
import emoji
import pytest

from bot.tables.service import SeatTable
from cogs.board import table_controls
from cogs.lobby import lobby_message
from cogs.presenters import PRESENTERS, Presenter
from cogs.presenters.base import Ask, Redraw
from tests.cogs.presenters.conftest import seat_table, table_for

STEPS = 300
"""Moves per random game: enough to pass every phase of every game at least once."""


def words(label: str | None) -> str:
    """A label as a screen reader without emoji (or a colour-blind eye) tells it apart."""
    return " ".join(emoji.replace_emoji(label or "", "").split()).casefold()


def _unwrapped(control: discord.ui.Item[Any]) -> discord.ui.Item[Any]:
    return control.item if isinstance(control, discord.ui.DynamicItem) else control


def problems(items: Iterable[discord.ui.Item[Any]]) -> Iterator[str]:
    """What is wrong with a message's controls, one line per fault."""
    buttons: list[str] = []
    for control in items:
        item = _unwrapped(control)
        if isinstance(item, discord.ui.Button):
            if not words(item.label):
                yield f"a button with no words: {item.emoji}"
            buttons.append(words(item.label))
        elif isinstance(item, discord.ui.Select):
            labels = [words(option.label) for option in item.options]
            if any(label in {"", "-"} for label in labels):
                yield f"a menu option with no words: {item.placeholder} {labels}"
            if len(set(labels)) != len(labels):
                yield f"menu options read the same without emoji: {labels}"
    if len(set(buttons)) != len(buttons):
        yield f"buttons read the same without emoji: {buttons}"


def form_problems(modal: discord.ui.Modal) -> Iterator[str]:
    labels = [words(str(item.to_component_dict().get("label", ""))) for item in modal.children]
    if not words(modal.title) or any(not label for label in labels):
        yield f"a form or field with no words: {modal.title} {labels}"
    if len(set(labels)) != len(labels):
        yield f"form fields read the same: {labels}"


def _clicks(items: Iterable[discord.ui.Item[Any]]) -> Iterator[tuple[str, list[str]]]:
    """Each panel control's data with the values a click on it would send."""
    for control in items:
        item = _unwrapped(control)
        custom_id = getattr(item, "custom_id", None) or ""
        if not custom_id.startswith(("tk:panel:", "tk:pick:")):
            continue
        data = custom_id.split(":", 4)[4]
        if isinstance(item, discord.ui.Select):
            for option in item.options[:3]:
                yield data, [option.value]
        elif not getattr(item, "disabled", False):
            yield data, []


def panel_problems(presenter: Presenter, seat: SeatTable) -> Iterator[str]:
    """The seat's panel, and the panels and forms one click on it leads to."""
    items = presenter.draw(seat, "", None).items
    yield from problems(items)
    for data, values in _clicks(items):
        reaction = presenter.react(seat, data, values)
        if isinstance(reaction, Redraw) and reaction.draft:
            yield from problems(presenter.draw(seat, reaction.draft, None).items)
        elif isinstance(reaction, Ask):
            yield from form_problems(reaction.modal)


@pytest.mark.parametrize("presenter", list(PRESENTERS.values()), ids=list(PRESENTERS))
def test_every_control_reads_apart_from_its_siblings_without_emoji(
    presenter: Presenter,
) -> None:
    game = presenter.game
    rng = random.Random(21)
    found = set(problems(table_controls(42, playing=True).children))
    lobby = table_for(game, game.new(game.min_seats, 1))
    found |= set(problems(lobby_message(lobby, presenter)[1].children))
    drawn = 0
    for seats in sorted({game.min_seats, game.max_seats}):
        state = game.new(seats, rng.getrandbits(62))
        for _ in range(STEPS):
            acting = game.to_act(state)
            for seat in acting or range(seats):
                found |= set(panel_problems(presenter, seat_table(game, state, seat)))
                drawn += 1
            if not acting:
                break
            seat = rng.choice(acting)
            game.apply(state, seat, game.random_action(state, seat, rng))
    assert drawn >= 5
    assert sorted(found) == []


def test_the_check_finds_controls_told_apart_only_by_emoji() -> None:
    # The check itself: what Auf falscher Fährte's hand looked like before (a rank on a
    # coloured square), and a disabled menu holding only "-".
    red = discord.ui.Button[Any](label="7", emoji="🟥", custom_id="a")
    blue = discord.ui.Button[Any](label="7", emoji="🟦", custom_id="b")
    assert list(problems([red, blue])) == ["buttons read the same without emoji: ['7', '7']"]
    bare = discord.ui.Button[Any](emoji="🟥", custom_id="c")
    assert list(problems([bare])) == ["a button with no words: 🟥"]
    dash = discord.ui.Select[Any](
        options=[discord.SelectOption(label="-")], placeholder="Pick first", disabled=True
    )
    assert list(problems([dash])) == ["a menu option with no words: Pick first ['-']"]
    named = [
        discord.ui.Button[Any](label="Red 7", emoji="🟥", custom_id="a"),
        discord.ui.Button[Any](label="Blue 7", emoji="🟦", custom_id="b"),
    ]
    assert list(problems(named)) == []

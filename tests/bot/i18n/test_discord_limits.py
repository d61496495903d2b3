"""Discord's length limits hold in every language: a translation longer than the English
(German often is) must not make Discord refuse a message, a form or the slash commands.

Discord refuses the whole message (or the whole command sync) when one label is too long,
so a single long translation would break a game for a server. Each game's table, pings,
announcements, result and every seat's panel (with the panels and forms one click leads
to) are drawn at every step of random games in every language with a catalog and in the
pseudo-language, and every text is measured; the slash commands are measured as the
Translator gives them to Discord for every Discord locale.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import Any

import discord
import pytest
from simcord import Env

from bot.i18n.languages import LANGUAGES, Language, install, language
from bot.i18n.pseudo import pseudo_language
from cogs.board import table_controls
from cogs.lobby import lobby_message
from cogs.presenters import PRESENTERS, Presenter
from cogs.presenters.base import Ask, Redraw
from games.core.wording import speaking
from tests.cogs.presenters.conftest import public_table, seat_table, table_for
from tests.cogs.presenters.test_labels import _clicks
from tests.e2e.helpers import bot_of

STEPS = 300
"""Moves per random game: enough to pass every phase of every game at least once."""

BUTTON_LABEL = 80
OPTION_TEXT = 100  # a menu option's label, value and description
PLACEHOLDER = 150  # a menu's placeholder
FORM_TITLE = 45
FIELD_LABEL = 45  # a form field's label
FIELD_PLACEHOLDER = 100
FIELD_DESCRIPTION = 100
COMMAND_TEXT = 100  # a command's or option's description, a choice's name
COMMAND_NAME = 32
CONTENT = 2000
EMBED_LIMITS = {"title": 256, "description": 4096, "footer": 2048, "author": 256}
FIELD_NAME, FIELD_VALUE, FIELDS, EMBED_TOTAL = 256, 1024, 25, 6000

# discord's component types (https://discord.com/developers/docs/components/reference)
BUTTON, TEXT_INPUT, LABEL = 2, 4, 18
SELECTS = {3, 5, 6, 7, 8}


def speakers() -> list[Language]:
    return [language(code) for code in LANGUAGES] + [pseudo_language()]


def too_long(where: str, text: object, limit: int) -> Iterator[str]:
    if isinstance(text, str) and len(text) > limit:
        yield f"{where} has {len(text)} characters (Discord allows {limit}): {text!r}"


def component_problems(data: Any) -> Iterator[str]:
    """What in a component payload (and the components inside it) is longer than allowed."""
    if isinstance(data, list):
        for part in data:
            yield from component_problems(part)
        return
    if not isinstance(data, dict):
        return
    kind = data.get("type")
    if kind == BUTTON:
        yield from too_long("a button's label", data.get("label"), BUTTON_LABEL)
    elif kind in SELECTS:
        yield from too_long("a menu's placeholder", data.get("placeholder"), PLACEHOLDER)
        for option in data.get("options", []):
            for key in ("label", "value", "description"):
                yield from too_long(f"a menu option's {key}", option.get(key), OPTION_TEXT)
    elif kind == TEXT_INPUT:
        yield from too_long("a form field's label", data.get("label"), FIELD_LABEL)
        yield from too_long(
            "a form field's placeholder", data.get("placeholder"), FIELD_PLACEHOLDER
        )
    elif kind == LABEL:
        yield from too_long("a form field's label", data.get("label"), FIELD_LABEL)
        yield from too_long(
            "a form field's description", data.get("description"), FIELD_DESCRIPTION
        )
    for key in ("components", "component"):
        yield from component_problems(data.get(key))


def item_problems(items: Iterable[discord.ui.Item[Any]]) -> Iterator[str]:
    for item in items:
        yield from component_problems(item.to_component_dict())


def embed_problems(embeds: Iterable[discord.Embed]) -> Iterator[str]:
    for embed in embeds:
        data: dict[str, Any] = dict(embed.to_dict())
        texts = {
            "title": data.get("title"),
            "description": data.get("description"),
            "footer": data.get("footer", {}).get("text"),
            "author": data.get("author", {}).get("name"),
        }
        for key, text in texts.items():
            yield from too_long(f"an embed's {key}", text, EMBED_LIMITS[key])
        fields = data.get("fields", [])
        if len(fields) > FIELDS:
            yield f"an embed has {len(fields)} fields (Discord allows {FIELDS})"
        for field in fields:
            yield from too_long("an embed field's name", field["name"], FIELD_NAME)
            yield from too_long("an embed field's value", field["value"], FIELD_VALUE)
        total = sum(len(text or "") for text in texts.values())
        total += sum(len(field["name"]) + len(field["value"]) for field in fields)
        if total > EMBED_TOTAL:
            yield f"an embed has {total} characters in all (Discord allows {EMBED_TOTAL})"


def form_problems(modal: discord.ui.Modal) -> Iterator[str]:
    yield from too_long("a form's title", modal.title, FORM_TITLE)
    yield from item_problems(modal.children)


def panel_problems(presenter: Presenter, seat: Any) -> Iterator[str]:
    """The seat's panel, and the panels and forms one click on it leads to."""
    panel = presenter.draw(seat, "", None)
    yield from embed_problems(panel.embeds)
    yield from item_problems(panel.items)
    for data, values in _clicks(panel.items):
        reaction = presenter.react(seat, data, values)
        if isinstance(reaction, Redraw) and reaction.draft:
            again = presenter.draw(seat, reaction.draft, reaction.notice)
            yield from embed_problems(again.embeds)
            yield from item_problems(again.items)
        elif isinstance(reaction, Ask):
            yield from form_problems(reaction.modal)


def game_problems(presenter: Presenter) -> tuple[set[str], int]:
    """Every fault in what a game shows, over random games at its fewest and most seats."""
    game = presenter.game
    rng = random.Random(26)
    found = set(item_problems(table_controls(42, playing=True).children))
    found |= set(item_problems(table_controls(42, playing=False).children))
    embed, view = lobby_message(table_for(game, game.new(game.max_seats, 1)), presenter)
    found |= set(embed_problems([embed])) | set(item_problems(view.children))
    drawn = 0
    for seats in sorted({game.min_seats, game.max_seats}):
        state = game.new(seats, rng.getrandbits(62))
        for _ in range(STEPS):
            public = public_table(game, state)
            found |= set(embed_problems(presenter.table(public)))
            acting = game.to_act(state)
            for seat in acting or range(seats):
                found |= set(panel_problems(presenter, seat_table(game, state, seat)))
                drawn += 1
            if not acting:
                found |= set(embed_problems(presenter.result(public)))
                break
            found |= set(too_long("a ping", presenter.ping(public, acting), CONTENT))
            seat = rng.choice(acting)
            events = game.apply(state, seat, game.random_action(state, seat, rng))
            found |= set(embed_problems(presenter.announce(public_table(game, state), events)))
    return found, drawn


@pytest.mark.parametrize("speaks", speakers(), ids=lambda speaks: speaks.code)
@pytest.mark.parametrize("presenter", list(PRESENTERS.values()), ids=list(PRESENTERS))
def test_every_game_fits_discords_limits(presenter: Presenter, speaks: Language) -> None:
    with speaking(speaks):
        found, drawn = game_problems(presenter)
    assert drawn >= 5
    assert sorted(found) == []


def test_the_check_finds_a_label_too_long() -> None:
    long = discord.ui.Button[Any](label="W" * 81, custom_id="a")
    fits = discord.ui.Button[Any](label="W" * 80, custom_id="b")
    menu = discord.ui.Select[Any](
        placeholder="P" * 151,
        options=[discord.SelectOption(label="L" * 101, description="D" * 101, value="v")],
    )
    assert len(list(item_problems([long, fits, menu]))) == 4
    assert len(list(embed_problems([discord.Embed(title="T" * 257)]))) == 1


def command_problems(payload: dict[str, Any], where: str) -> Iterator[str]:
    """What in a translated command payload (its options and choices too) is too long."""
    for locale, text in {
        "": payload.get("description"),
        **payload.get("description_localizations", {}),
    }.items():
        yield from too_long(f"{where} description [{locale}]", text, COMMAND_TEXT)
    for locale, text in payload.get("name_localizations", {}).items():
        yield from too_long(f"{where} name [{locale}]", text, COMMAND_NAME)
    for choice in payload.get("choices", []):
        for locale, text in {"": choice["name"], **choice.get("name_localizations", {})}.items():
            yield from too_long(
                f"{where} choice {choice['value']!r} [{locale}]", text, COMMAND_TEXT
            )
    for option in payload.get("options", []):
        yield from command_problems(option, f"{where} {option['name']}")


async def test_the_slash_commands_fit_discords_limits_in_every_language(simcord_env: Env) -> None:
    bot = bot_of(simcord_env)
    translator = bot.tree.translator
    assert translator is not None
    # The pseudo-language serves Japanese for this test: it has no Discord locale of its own.
    install(pseudo_language(), discord.Locale.japanese.value)
    try:
        payloads = [
            await command.get_translated_payload(bot.tree, translator)
            for command in bot.tree.get_commands()
        ]
    finally:
        install(None, discord.Locale.japanese.value)
    found = [
        problem
        for payload in payloads
        for problem in command_problems(payload, f"/{payload['name']}")
    ]
    assert found == []
    translated = {
        locale
        for payload in payloads
        for option in [payload, *payload.get("options", [])]
        for locale in option.get("description_localizations", {})
    }
    assert {"de", "ja"} <= translated  # the catalogs and the pseudo-language were asked

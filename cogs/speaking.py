"""Who reads which language, and the slash commands in every language the catalogs have.

* What a member sees only for themself (their panel, a refusal, the rules help) is in
  their own Discord language: :func:`member_check` speaks ``interaction.locale`` for the
  whole of every command, and :func:`~cogs.replies.friendly` for every button.
* What everyone in the channel sees (the table, pings, hand summaries, the result) and
  direct messages about a server's game are in the server's language:
  :func:`server_language` reads ``/tricky-config language``, else the server's Discord
  preferred locale. The board speaks it around every public message it draws.
* Direct messages (turn and result messages) are in their recipient's language: the
  Discord language their latest interaction came with (:func:`remember_locale` keeps it
  in their preferences), else the server's (:func:`recipient_language`).
* Slash command descriptions, option descriptions and choices go to Discord already
  translated for every Discord locale a catalog serves (:class:`CatalogTranslator`).
  The names of commands and options stay English in every language, on purpose: the
  bot's messages name them ("press Join, or use /tricky join"), and a public message in
  the server's language must name the same command every member can type.

A locale without a catalog reads English (``bot.i18n.languages.resolve``).
"""

from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation, TranslationContextTypes

from bot.i18n.languages import SOURCE, Language, language, resolve
from games.core.wording import speak

if TYPE_CHECKING:
    from bot.app import TrickyBot

__all__ = [
    "CatalogTranslator",
    "member_check",
    "member_language",
    "recipient_language",
    "remember_locale",
    "server_language",
    "setup",
    "speak_to_member",
]

log = logging.getLogger(__name__)

NAMES = frozenset(
    {
        TranslationContextLocation.command_name,
        TranslationContextLocation.group_name,
        TranslationContextLocation.parameter_name,
    }
)
"""Where Discord wants a name: kept English (see above)."""


class CatalogTranslator(app_commands.Translator):
    """Discord asks, for each of its locales, every name and description of the commands."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: TranslationContextTypes,
    ) -> str | None:
        code = resolve(str(locale))
        if code == SOURCE or context.location in NAMES:
            return None  # the code's own words
        text = language(code).gettext(string.message)
        return None if text == string.message else text


def member_language(interaction: discord.Interaction[Any]) -> Language:
    """The member's own Discord language, for what only they see."""
    return language(str(interaction.locale))


async def server_language(bot: TrickyBot, guild_id: int | None) -> Language:
    """The server's language, for what everyone sees: its ``/tricky-config language``, else
    its Discord preferred locale, else English."""
    if guild_id is None:
        return language(None)
    chosen = (await bot.guild_settings.get(guild_id)).language
    if chosen is not None:
        return language(chosen)
    guild = bot.get_guild(guild_id)
    return language(None if guild is None else str(guild.preferred_locale))


async def recipient_language(bot: TrickyBot, user_id: int, guild_id: int | None) -> Language:
    """A direct message's language: its recipient's Discord language as last seen, else
    the language of the server whose game it is about."""
    locale = await bot.preferences.locale(user_id)
    if locale is not None:
        return language(locale)
    return await server_language(bot, guild_id)


async def remember_locale(interaction: discord.Interaction[Any]) -> None:
    """Keep the member's Discord language for the direct messages sent to them later.
    Never in the way: a failure is logged and the interaction goes on."""
    preferences = getattr(interaction.client, "preferences", None)
    if preferences is None:
        return
    try:
        await preferences.seen_locale(interaction.user.id, str(interaction.locale))
    except Exception:
        log.exception("could not remember the locale of %s", interaction.user.id)


async def speak_to_member(interaction: discord.Interaction[Any]) -> None:
    """From here on in this task, say everything in the member's own language; and keep
    that language for the direct messages sent to them later."""
    speak(member_language(interaction))
    await remember_locale(interaction)


async def member_check(interaction: discord.Interaction[Any]) -> bool:
    """The command tree's check, run first in every command's own task."""
    await speak_to_member(interaction)
    return True


async def setup(bot: TrickyBot) -> None:
    await bot.tree.set_translator(CatalogTranslator())
    bot.tree.interaction_check = member_check  # type: ignore[method-assign]
    bot.tables.channel_language = partial(server_language, bot)
    bot.turn_messages.recipient_language = partial(recipient_language, bot)

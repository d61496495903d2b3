"""End-to-end tests drive the real bot on a simulated Discord (simcord), offline.

The fixtures (``simcord_bot``, ``bots``) live in ``tests/conftest.py``.

Every end-to-end test runs in the pseudo-language (issue #26): the server's language and
every member's Discord language are ``x-pseudo`` (every catalog message in ⟦markers⟧), and
each message, form and autocomplete list the bot shows is checked for words outside the
markers (``tests/e2e/pseudo_check.py``); a test fails on any. The English stays inside
the markers, so a test reads and clicks English through :func:`tests.e2e.helpers.labels`
and ``text_of``, which take the markers out. A test about languages themselves says so
with ``@pytest.mark.languages("why")`` and chooses its own.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator
from typing import Any

import pytest
from _pytest.terminal import TerminalReporter

from tests.conftest import DiscordLocales
from tests.e2e.helpers import BotFactory
from tests.e2e.pseudo_check import Watch

__all__ = ["BotFactory"]


REPORTED: list[str] = []
"""The channel counts the quiet-channel tests recorded (``record_property``), gathered
from every worker so the terminal summary shows them with or without ``-n``."""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "languages(why): the test chooses the server's and members' languages itself, "
        "instead of the pseudo-language every other end-to-end test speaks",
    )


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "call":
        REPORTED.extend(
            str(value) for name, value in report.user_properties if name == "channel_count"
        )


def pytest_terminal_summary(terminalreporter: TerminalReporter) -> None:
    if REPORTED:
        terminalreporter.section("channel posts per game (issue #21)")
        for line in sorted(REPORTED):
            terminalreporter.write_line(line)


def _names(backend: Any) -> Iterable[str]:
    """What Discord's members, servers and channels are called in this test."""
    for user in backend.users.values():
        yield user.name
        yield user.global_name or ""
    for guild in backend.guilds.values():
        yield guild.name
        for member in guild.members.values():
            yield member.nick or ""
    for channel in backend.channels.values():
        yield getattr(channel, "name", None) or ""


DM = 1
"""Discord's channel type of a direct message."""


@pytest.fixture(autouse=True)
def pseudo_everywhere(
    request: pytest.FixtureRequest,
    monkeypatch: pytest.MonkeyPatch,
    discord_locales: DiscordLocales,
) -> Iterator[Watch | None]:
    """The server and every member in the pseudo-language, and every word checked.

    A test that names seats itself (not through Discord) asks for this fixture and adds
    their names to ``more_names``."""
    marker = request.node.get_closest_marker("languages")
    if marker is not None:
        assert marker.args and marker.args[0], "say why the test chooses its own languages"
        yield None
        return

    import simcord.actors
    from simcord import Env
    from simcord.backend.models.interaction import Interaction
    from simcord.backend.ops.messages import MessageMixin
    from simcord.components import walk_components

    from bot.i18n.languages import install
    from bot.i18n.pseudo import CODE, pseudo_language
    from tests.e2e.pseudo_check import unmarked

    install(pseudo_language(), CODE)
    discord_locales.member = CODE
    backends: list[Any] = []
    watch = Watch(lambda: [name for backend in backends[-1:] for name in _names(backend)])

    create_guild = Env.create_guild

    def pseudo_guild(self: Env, *args: Any, **kwargs: Any) -> Any:
        if kwargs.get("preferred_locale") is None:
            kwargs["preferred_locale"] = CODE  # the server's Discord language
        return create_guild(self, *args, **kwargs)

    commit_message = MessageMixin.commit_message
    edit_message = MessageMixin.edit_message

    def watched_commit(self: Any, message: Any, **kwargs: Any) -> Any:
        stored = commit_message(self, message, **kwargs)
        backends[-1:] = [self]
        if stored.author_id == self.bot_user.id:
            direct = self.get_channel(stored.channel_id).type == DM
            watch.message(f"message {stored.id} in {stored.channel_id}", stored, direct=direct)
        return stored

    def watched_edit(self: Any, channel_id: int, message_id: int, fields: Any) -> Any:
        edited = edit_message(self, channel_id, message_id, fields)
        backends[-1:] = [self]
        if edited.author_id == self.bot_user.id:
            direct = self.get_channel(channel_id).type == DM
            watch.message(f"edit of {edited.id} in {channel_id}", edited, direct=direct)
        return edited

    show_modal = Interaction.show_modal
    complete_autocomplete = Interaction.complete_autocomplete

    def watched_modal(self: Any, modal: dict[str, Any]) -> None:
        watch.modal(modal)
        show_modal(self, modal)

    def watched_choices(self: Any, choices: list[dict[str, Any]]) -> None:
        watch.choices(choices)
        complete_autocomplete(self, choices)

    find_component = simcord.actors._find_component

    def find_by_english(rows: Any, *, label: str | None, **kwargs: Any) -> Any:
        """A test names a button by its English label; the member sees it in markers."""
        if label is None:
            return find_component(rows, label=None, **kwargs)
        shown = copy.deepcopy(rows)  # the click's data comes from the component found
        for component in walk_components(shown):
            if isinstance(component.get("label"), str):
                component["label"] = unmarked(component["label"])
        return find_component(shown, label=label, **kwargs)

    monkeypatch.setattr(Env, "create_guild", pseudo_guild)
    monkeypatch.setattr(MessageMixin, "commit_message", watched_commit)
    monkeypatch.setattr(MessageMixin, "edit_message", watched_edit)
    monkeypatch.setattr(Interaction, "show_modal", watched_modal)
    monkeypatch.setattr(Interaction, "complete_autocomplete", watched_choices)
    monkeypatch.setattr(simcord.actors, "_find_component", find_by_english)
    try:
        yield watch
    finally:
        install(None, CODE)
    if watch.found:
        shown = "\n".join(f"  {escape}" for escape in watch.found[:40])
        pytest.fail(
            f"{len(watch.found)} text(s) the bot showed escaped the catalogs "
            f"(words outside the pseudo-language's ⟦markers⟧):\n{shown}",
            pytrace=False,
        )

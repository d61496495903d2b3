"""Each layer talks to the next one down only: cogs call services, never repositories.

A cog that imported ``bot.storage`` could read or write tables, settings or results behind
the services' backs (their caches, their locks, their checks). The database's own error
type is the one thing a cog may name from there: it says the database was too busy.
"""

from __future__ import annotations

import ast
from pathlib import Path

import cogs

ALLOWED = {("bot.storage.database", "DatabaseBusy")}
"""What a cog may import from the storage layer: the busy database's error, no repository."""


def storage_imports(source: str) -> set[tuple[str, str]]:
    found: set[tuple[str, str]] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("bot.storage"):
            found |= {(node.module or "", alias.name) for alias in node.names}
        elif isinstance(node, ast.Import):
            found |= {
                (alias.name, "*") for alias in node.names if alias.name.startswith("bot.storage")
            }
    return found


def test_no_cog_imports_a_repository() -> None:
    root = Path(cogs.__file__).parent
    reached = {
        (str(path.relative_to(root)), *name)
        for path in sorted(root.rglob("*.py"))
        for name in storage_imports(path.read_text(encoding="utf-8"))
        if name not in ALLOWED
    }
    assert reached == set()


def test_the_check_sees_a_repository_import() -> None:
    """The scan itself: a cog importing a repository either way would be caught."""
    assert storage_imports("from bot.storage.guilds import GuildSettingsRepository") == {
        ("bot.storage.guilds", "GuildSettingsRepository")
    }
    assert storage_imports("import bot.storage.results") == {("bot.storage.results", "*")}

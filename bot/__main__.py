"""``python -m bot``: read the settings, connect to Discord, serve until stopped."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import sys
from pathlib import Path

import discord
from pydantic import ValidationError

from bot.app import create_bot
from bot.settings import Settings
from bot.storage.migrations import DatabaseTooNew
from bot.storage.postgres import DatabaseUnreachable, PostgresDatabase

log = logging.getLogger("bot")


def configure_logging(level: str) -> None:
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(
        logging.Formatter("%(asctime)s %(levelname)-7s %(name)s: %(message)s", "%Y-%m-%d %H:%M:%S")
    )
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    logging.getLogger("discord.http").setLevel(max(logging.INFO, root.level))


def load_settings() -> Settings | None:
    try:
        return Settings()  # pydantic-settings reads the token from the environment
    except ValidationError as error:
        for problem in error.errors():
            setting, *within = problem["loc"] or ("",)
            name = f"TRICKY_{str(setting).upper()}"
            if within:  # an item of a list setting: say which, not a variable's name
                name += f" (item {', '.join(str(part) for part in within)})"
            if not problem["loc"]:  # a check across settings names them itself
                print(f"error: {problem.get('ctx', {}).get('error')}", file=sys.stderr)
            elif problem["type"] == "missing":
                print(
                    f"error: {name} is not set. Put it in a .env file in the directory you run "
                    f"the bot from (copy .env.example to .env), or export it in the environment.",
                    file=sys.stderr,
                )
            else:
                print(f"error: {name} is not valid: {problem['msg']}", file=sys.stderr)
        return None


def database_problem(path: Path | str) -> str | None:
    """Why the database cannot be used, or ``None``: checked before connecting to
    Discord, so a wrong TRICKY_DATABASE is one clear line, not a traceback after login."""
    if isinstance(path, str):
        return asyncio.run(server_problem(path))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.closing(sqlite3.connect(path)) as connection:
            connection.execute("PRAGMA schema_version")  # reads the header: not a database?
    except (OSError, sqlite3.Error) as error:
        return f"cannot use {path} as the database (TRICKY_DATABASE): {error}"
    return None


async def server_problem(url: str) -> str | None:
    """Why the PostgreSQL server at ``url`` cannot be used, or ``None``."""
    try:
        database = await PostgresDatabase.open(url, pool_size=1)
    except DatabaseUnreachable as error:
        return str(error)
    await database.close()
    return None


async def serve(settings: Settings) -> None:
    bot = create_bot(settings)
    async with bot:
        await bot.start(settings.token.get_secret_value())


def main() -> int:
    settings = load_settings()
    if settings is None:
        return 2
    configure_logging(settings.log_level)
    problem = database_problem(settings.database)
    if problem is not None:
        log.error("%s", problem)
        return 1
    try:
        asyncio.run(serve(settings))
    except discord.LoginFailure:
        log.error("Discord refused TRICKY_TOKEN: copy the token again from the developer portal.")
        return 1
    except (DatabaseTooNew, DatabaseUnreachable) as error:  # the server went away since
        log.error("%s", error)
        return 1
    except KeyboardInterrupt:
        log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())

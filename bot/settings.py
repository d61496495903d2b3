"""Settings, read from the environment or a ``.env`` file (see ``.env.example``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, SecretStr, StringConstraints, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.shards import Shards

__all__ = ["DatabaseUrl", "Settings"]

DatabaseUrl = Annotated[str, StringConstraints(pattern=r"^postgres(ql)?://")]
"""A PostgreSQL server's URL, as libpq writes it: postgresql://user:password@host:port/db."""


class Settings(BaseSettings):
    """Every setting is an environment variable prefixed ``TRICKY_``."""

    model_config = SettingsConfigDict(
        env_prefix="TRICKY_",
        env_file=".env",
        env_file_encoding="utf-8",
        env_ignore_empty=True,
        extra="ignore",
    )

    token: SecretStr = Field(description="The bot token from the Discord developer portal.")
    database: Path | DatabaseUrl = Field(
        default=Path("data/tricky.db"),
        description="Where the bot keeps everything: an SQLite file's path (the default), or "
        "a PostgreSQL server's URL, postgresql://user:password@host:port/database, for "
        "processes on several machines (docs/postgresql.md).",
    )
    database_pool_size: int = Field(
        default=10,
        ge=1,
        le=100,
        description="With PostgreSQL: the most connections this process opens to the server.",
    )
    cache_dir: Path | None = Field(
        default=None,
        description="Where files the bot builds for itself live (the word lists, mapped "
        "into memory and shared by every process); default: a cache folder beside the "
        "database.",
    )
    dev_guild: int | None = Field(
        default=None,
        description="A server id to sync commands to instantly while developing; "
        "without it commands sync globally.",
    )
    ai_workers: int | None = Field(
        default=None,
        ge=0,
        le=64,
        description="Worker processes computer players think in (default: one per core); "
        "0 thinks in threads instead.",
    )
    ai_seconds: float = Field(
        default=1.0,
        gt=0,
        le=1.0,
        description="The most time a computer player takes for one move, in seconds.",
    )
    moves_at_once: int = Field(
        default=4,
        ge=1,
        le=64,
        description="Players' moves a process works on at once; as many more may wait, "
        "and moves beyond those are refused as busy (try again in a moment).",
    )
    preload: bool = Field(
        default=True,
        description="Load the games' slow data (word lists) at start-up instead of at first use.",
    )
    shard_count: int = Field(
        default=1,
        ge=1,
        description="How many Discord shards the bot's servers are split over (Discord "
        "asks for one per 2,500 servers or so); every process is given the same count.",
    )
    shard_ids: Annotated[list[int] | None, NoDecode] = Field(
        default=None,
        description="The shards this process runs, as 0,2,4; without it, every shard. "
        "Processes sharing one database file must not share a shard.",
    )
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = Field(
        default="INFO", description="How much the bot logs to stdout."
    )

    @field_validator("database", mode="before")
    @classmethod
    def _path_or_url(cls, value: object) -> object:
        """A URL stays text (a Path would fold its ``//``); anything else is a file's path."""
        if isinstance(value, str) and not value.startswith(("postgresql://", "postgres://")):
            return Path(value)
        return value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _listed(cls, value: object) -> object:
        """``TRICKY_SHARD_IDS=0,2`` as people write it (not JSON)."""
        if isinstance(value, str):
            return [part.strip() for part in value.split(",") if part.strip()] or None
        return value

    @model_validator(mode="after")
    def _shards_exist(self) -> Settings:
        ids = self.shard_ids or []
        wrong = [n for n in ids if not 0 <= n < self.shard_count]
        if wrong or len(set(ids)) != len(ids):
            raise ValueError(
                f"TRICKY_SHARD_IDS must list different shards from 0 to TRICKY_SHARD_COUNT - 1 "
                f"({self.shard_count - 1}); it is {','.join(map(str, ids))}"
            )
        return self

    @property
    def cache_path(self) -> Path:
        if self.cache_dir is not None:
            return self.cache_dir
        folder = self.database.parent if isinstance(self.database, Path) else Path("data")
        return folder / "cache"

    @property
    def shards(self) -> Shards:
        ids = range(self.shard_count) if self.shard_ids is None else self.shard_ids
        return Shards(self.shard_count, frozenset(ids))

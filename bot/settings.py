"""Settings, read from the environment or a ``.env`` file (see ``.env.example``)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.shards import Shard

__all__ = ["Settings"]


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
    database: Path = Field(
        default=Path("data/tricky.db"), description="Where the SQLite database file lives."
    )
    dev_guild: int | None = Field(
        default=None,
        description="A server id to sync commands to instantly while developing; "
        "without it commands sync globally.",
    )
    ai_workers: int = Field(
        default=1,
        ge=0,
        le=16,
        description="Worker processes computer players think in; 0 thinks in threads instead.",
    )
    ai_seconds: float = Field(
        default=1.0,
        gt=0,
        le=1.0,
        description="The most time a computer player takes for one move, in seconds.",
    )
    preload: bool = Field(
        default=True,
        description="Load the games' slow data (word lists) at start-up instead of at first use.",
    )
    shard_count: int = Field(
        default=1,
        ge=1,
        description="How many processes share the servers (Discord shards); each one is "
        "started with its own TRICKY_SHARD_ID and the same database file.",
    )
    shard_id: int = Field(
        default=0, ge=0, description="Which shard this process is: 0 to TRICKY_SHARD_COUNT - 1."
    )
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = Field(
        default="INFO", description="How much the bot logs to stdout."
    )

    @model_validator(mode="after")
    def _shard_exists(self) -> Settings:
        if self.shard_id >= self.shard_count:
            raise ValueError(
                f"TRICKY_SHARD_ID must be below TRICKY_SHARD_COUNT ({self.shard_count}), "
                f"counting from 0; it is {self.shard_id}"
            )
        return self

    @property
    def shard(self) -> Shard:
        return Shard(self.shard_id, self.shard_count)

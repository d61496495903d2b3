"""Asking Discord whether a lobby's host is still a member, and what others are told."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any, cast

import aiohttp
import discord
import pytest

from bot.tables.model import Player, Table, TableStatus
from cogs import hosts
from cogs.hosts import CLOSED, UNKNOWN_MEMBER, has_left, in_question, refusal

ANN, BO = Player("ann", 1), Player("bo", 2)


def http_error(
    kind: Callable[[Any, Any], discord.HTTPException], status: int, code: int = 0
) -> Any:
    response: Any = type("Response", (), {"status": status, "reason": "", "headers": {}})
    return kind(response, {"message": "refused", "code": code})


class Guild:
    """A server whose member lookup raises ``error`` (or answers after ``delay``)."""

    id = 99

    def __init__(self, error: BaseException | None = None, delay: float = 0.0) -> None:
        self.error, self.delay, self.asked = error, delay, 0

    async def fetch_member(self, user_id: int) -> object:
        self.asked += 1
        await asyncio.sleep(self.delay)
        if self.error is not None:
            raise self.error
        return object()


def guild(error: BaseException | None = None, delay: float = 0.0) -> discord.Guild:
    return cast(discord.Guild, Guild(error, delay))


async def test_only_discords_unknown_member_means_gone() -> None:
    gone = http_error(discord.NotFound, 404, UNKNOWN_MEMBER)
    assert await has_left(guild(gone), ANN.user_id or 0)
    assert not await has_left(guild(), ANN.user_id or 0)


@pytest.mark.parametrize(
    "code", [10004, 10013, 0], ids=["unknown-server", "unknown-user", "no-error-body"]
)
async def test_a_404_for_any_other_reason_says_nothing_about_the_host(code: int) -> None:
    assert not await has_left(guild(http_error(discord.NotFound, 404, code)), ANN.user_id or 0)


@pytest.mark.parametrize(
    "error",
    [
        http_error(discord.HTTPException, 500),
        http_error(discord.HTTPException, 503),
        http_error(discord.HTTPException, 429),
        http_error(discord.Forbidden, 403),
        aiohttp.ClientConnectionError(),
        ConnectionResetError(),
    ],
    ids=["500", "503", "429", "403", "connection", "reset"],
)
async def test_any_other_failure_means_not_known_so_the_host_stays(error: BaseException) -> None:
    assert not await has_left(guild(error), ANN.user_id or 0)


async def test_no_answer_in_time_means_not_known(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hosts, "LOOKUP_SECONDS", 0.01)
    slow = guild(http_error(discord.NotFound, 404, UNKNOWN_MEMBER), delay=10.0)
    assert not await has_left(slow, ANN.user_id or 0)


async def test_a_server_the_bot_cannot_see_is_not_asked_about() -> None:
    assert not await has_left(None, ANN.user_id or 0)


def lobby(host: Player = ANN, *seats: Player, status: TableStatus = TableStatus.LOBBY) -> Table:
    return Table(
        id=1,
        guild_id=99,
        channel_id=5,
        game_key="short_changed",
        status=status,
        host_id=host.user_id or 0,
        options={},
        seats=seats or (host,),
        version=0,
        turn_seconds=300,
        seed=None,
        state_json=None,
        message_id=None,
        ping_message_id=None,
        outcome_json=None,
        created_at=datetime(2026, 11, 21, tzinfo=UTC),
        started_at=None,
        finished_at=None,
    )


def test_only_an_open_lobby_someone_else_hosts_is_in_question() -> None:
    assert in_question(lobby(ANN), BO.user_id or 0)
    assert not in_question(lobby(ANN), ANN.user_id or 0)
    assert not in_question(lobby(ANN, status=TableStatus.ACTIVE), BO.user_id or 0)


def test_who_hosts_now_is_said_to_everyone_else() -> None:
    passed = lobby(BO, BO, Player("cy", 3))
    assert refusal(passed, 3) == "The host left the server, so bo hosts this lobby now."
    assert refusal(passed, BO.user_id or 0) is None
    assert refusal(replace(passed, status=TableStatus.CANCELLED), 3) == CLOSED
    assert refusal(replace(passed, status=TableStatus.ACTIVE), 3) is None

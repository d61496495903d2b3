"""End-to-end fixtures: the real bot on a simulated Discord (simcord), offline.

``simcord_bot`` builds the bot; ``bots`` builds more on the same database, as
a restart would. Every bot's database is closed after the test.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import pytest
import pytest_asyncio

from bot.app import TrickyBot, create_bot
from bot.settings import Settings

BotFactory = Callable[[], TrickyBot]


@pytest_asyncio.fixture
async def bots(settings: Settings) -> AsyncIterator[BotFactory]:
    made: list[TrickyBot] = []

    def make() -> TrickyBot:
        bot = create_bot(settings)
        made.append(bot)
        return bot

    yield make
    for bot in made:
        if bot._db is not None:
            await bot._db.close()


@pytest.fixture
def simcord_bot(bots: BotFactory) -> TrickyBot:
    return bots()

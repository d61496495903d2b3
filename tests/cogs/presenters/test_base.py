"""What every presenter shares: a game ended early leaves each seat's panel read-only."""

from __future__ import annotations

import discord
import pytest

from bot.tables.model import TableStatus
from bot.tables.service import SeatTable
from cogs.presenters import PRESENTERS, Presenter
from tests.cogs.presenters.conftest import table_for


@pytest.mark.parametrize("presenter", list(PRESENTERS.values()), ids=list(PRESENTERS))
def test_a_game_ended_early_draws_a_panel_without_controls(presenter: Presenter) -> None:
    game = presenter.game
    state = game.new(game.min_seats, 1)
    ended = SeatTable(
        table=table_for(game, state, status=TableStatus.ENDED),
        game=game,
        seat=0,
        view=game.view(state, 0),
        legal=[],  # what the service lists once a table is no longer active
        to_act=(),
        outcome=None,  # ended early: nobody won
    )
    panel = presenter.draw(ended, "", None)
    assert panel.items == []
    text = " ".join(_text(embed) for embed in panel.embeds)
    assert "ended early" in text
    assert "your turn" not in text.lower() and "waiting for" not in text.lower()


def _text(embed: discord.Embed) -> str:
    fields = " ".join(f"{field.name} {field.value}" for field in embed.fields)
    return f"{embed.title} {embed.description} {fields} {embed.footer.text}"

"""A practice table's panel: marked as practice, Hint on the seat's turn, and every hinted
move said in words (not as the action's fields)."""

from __future__ import annotations

import dataclasses

import pytest

from cogs.presenters import PRESENTERS
from cogs.presenters.base import PRACTICE, Presenter
from games.ai.hints import hint
from games.catalog import CATALOG, tactics_for
from tests.cogs.presenters.conftest import seat_table
from tests.games.ai.helpers import positions


@pytest.mark.parametrize("key", sorted(CATALOG))
def test_a_practice_panel_offers_a_hint_said_in_words(key: str) -> None:
    game, presenter = CATALOG[key], PRESENTERS[key]
    for n, (state, seat) in enumerate(positions(game, min(3, game.max_seats), 4, count=10)):
        table = seat_table(game, state, seat)
        practice = dataclasses.replace(table, table=dataclasses.replace(table.table, practice=True))
        panel = presenter.draw(practice)
        assert (panel.embeds[0].description or "").startswith(PRACTICE)
        hints = [i for i in panel.items if getattr(i, "custom_id", "").startswith("tk:hint:")]
        assert [getattr(i, "custom_id", "") for i in hints] == ["tk:hint:42:7"]
        assert len(panel.view().children) == len(panel.items)  # it fits the panel's rows
        plain = presenter.draw(table)
        assert not any(
            getattr(i, "custom_id", "").startswith("tk:hint:") for i in plain.items
        ) and PRACTICE not in (plain.embeds[0].description or "")
        action = hint(game, state, seat, n, tactics_for(game.key)).action
        said = presenter.move_text(practice, action)
        generic = Presenter.move_text(presenter, practice, action)
        fields = [f for f in dataclasses.fields(action) if f.name != "type"]
        assert said and (said != generic or not fields), f"{said!r}: the generic wording"

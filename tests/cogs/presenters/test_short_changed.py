"""The Short Changed presenter: drafts, clicks to actions, and what each message shows."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from cogs.controls import PanelButton, PanelSelect
from cogs.presenters.base import Ask, Redraw, Submit
from cogs.presenters.short_changed import ShortChangedPresenter, decode_draft, encode_draft
from games.short_changed import GAME
from games.short_changed.chips import Chips, Colour
from games.short_changed.model import Ante, Donate, Guess, Pass, ShortChange, Steal
from tests.cogs.presenters.conftest import public_table, seat_table
from tests.games.short_changed.test_rules import table

PRESENTER = ShortChangedPresenter()
counts = st.integers(min_value=0, max_value=35)
piles = st.builds(Chips, counts, counts, counts, counts)


@given(piles, piles)
def test_drafts_round_trip(take: Chips, give: Chips) -> None:
    assert decode_draft(encode_draft(take, give)) == (take, give)


@given(st.text(max_size=12))
def test_any_malformed_draft_reads_as_empty_or_valid(text: str) -> None:
    take, give = decode_draft(text)
    assert take.is_valid() and give.is_valid()


def controls(panel_items: list[Any]) -> dict[str, Any]:
    found = {}
    for item in panel_items:
        if isinstance(item, PanelButton | PanelSelect):
            found[item.data] = item
    return found


def test_clicks_become_the_matching_actions() -> None:
    state = table(Chips(red=1, white=3), Chips(red=2), pot=Chips(blue=1))
    seat = seat_table(GAME, state, 0)
    assert PRESENTER.react(seat, "a:g") == Submit(Ante(Colour.GREEN))
    assert PRESENTER.react(seat, "d:w") == Submit(Donate(Colour.WHITE))
    assert PRESENTER.react(seat, "s:b") == Submit(Steal(Colour.BLUE))
    assert PRESENTER.react(seat, "p") == Submit(Pass())
    draft = encode_draft(Chips(blue=1), Chips(white=2))
    assert PRESENTER.react(seat, f"sc:{draft}") == Submit(
        ShortChange(take=Chips(blue=1), give=Chips(white=2)), draft_if_refused=draft
    )
    assert PRESENTER.react(seat, "g:1", fields={"total": "12"}) == Submit(Guess(target=1, total=12))


def test_chip_buttons_cycle_the_draft_within_what_is_there() -> None:
    state = table(Chips(red=1, white=3), Chips(red=2), pot=Chips(blue=1))
    seat = seat_table(GAME, state, 0)
    empty = encode_draft(Chips(), Chips())
    once = PRESENTER.react(seat, f"v:w:{empty}")
    assert once == Redraw(encode_draft(Chips(), Chips(white=1)))
    draft = encode_draft(Chips(), Chips(white=3))
    assert PRESENTER.react(seat, f"v:w:{draft}") == Redraw(empty)
    assert PRESENTER.react(seat, f"t:b:{empty}") == Redraw(encode_draft(Chips(blue=1), Chips()))


def test_nonsense_is_answered_with_a_warning_not_an_exception() -> None:
    state = table(Chips(red=1, white=3), Chips(red=2), pot=Chips(blue=1))
    seat = seat_table(GAME, state, 0)
    for data in ("", "zz", "a:q", "t:g", "g:x", "g:1:2"):
        reaction = PRESENTER.react(seat, data, fields={"total": "lots"})
        assert isinstance(reaction, Redraw)
    assert isinstance(PRESENTER.react(seat, "g", values=["9"]), Redraw)
    assert isinstance(PRESENTER.react(seat, "g", values=["1"]), Ask)


def test_the_panel_offers_exactly_the_legal_kinds_of_move() -> None:
    state = table(Chips(red=1, white=3), Chips(red=2), pot=Chips(blue=1))
    offered = controls(PRESENTER.panel(seat_table(GAME, state, 0), "", None).items)
    assert any(data.startswith("t:b:") for data in offered)
    assert any(data.startswith("sc:") for data in offered)
    assert "g" in offered
    assert not any(data.startswith(("d:", "s:", "p")) for data in offered)
    waiting = controls(PRESENTER.panel(seat_table(GAME, state, 1), "", None).items)
    assert set(waiting) == {"ref"}


def test_the_short_change_button_waits_for_a_legal_draft() -> None:
    state = table(Chips(red=1, white=3), Chips(red=2), pot=Chips(blue=1))
    seat = seat_table(GAME, state, 0)
    half = encode_draft(Chips(blue=1), Chips())
    ready = encode_draft(Chips(blue=1), Chips(white=2))
    assert controls(PRESENTER.panel(seat, half, None).items)[f"sc:{half}"].item.disabled
    assert not controls(PRESENTER.panel(seat, ready, None).items)[f"sc:{ready}"].item.disabled


def test_a_double_turn_panel_has_no_guess() -> None:
    state = table(Chips(white=3), Chips(red=2), pot=Chips(), double_turn=True)
    panel = PRESENTER.panel(seat_table(GAME, state, 0), "", None)
    assert set(controls(panel.items)) == {"p", "ref"}
    assert "Double turn, action 1 of 2" in (panel.embeds[0].description or "")


def test_the_public_table_shows_counts_and_the_log_but_no_hand() -> None:
    state = table(Chips(green=1, blue=1, red=2, white=1), Chips(red=3, white=1), pot=Chips(blue=1))
    GAME.apply(state, 0, Guess(target=1, total=3))
    embed = PRESENTER.table(public_table(GAME, state))[0].to_dict()
    shown = str(embed)
    assert "5 chips" in shown and "4 chips" in shown
    assert "P0 guessed P1 holds 3: wrong" in shown
    for hand in state.hands:
        assert str(hand) not in shown

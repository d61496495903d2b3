"""The Auf falscher Fährte presenter: clicks to actions, the panel's cards, and what the
public table may show."""

from __future__ import annotations

import random
import re

import discord
import pytest

from bot.tables.service import PublicTable, SeatTable
from cogs.controls import PanelButton
from cogs.presenters import PRESENTERS
from cogs.presenters.base import Redraw, Submit
from cogs.presenters.falsche_faehrte import FalscheFaehrtePresenter
from games.falsche_faehrte import GAME
from games.falsche_faehrte.cards import JOKER, Card, Colour, card_code, card_text
from games.falsche_faehrte.model import (
    FaceDown,
    FaehrteState,
    KeepTrump,
    Options,
    Play,
    SwitchTrump,
)
from tests.cogs.presenters.conftest import public_table, seat_table
from tests.games.falsche_faehrte.tables import cards, play, position

PRESENTER = FalscheFaehrtePresenter()


def for_seat(state: FaehrteState, seat: int) -> SeatTable:
    return seat_table(GAME, state, seat)


def for_all(state: FaehrteState) -> PublicTable:
    return public_table(GAME, state)


def buttons(seat: SeatTable, draft: str = "") -> dict[str, PanelButton]:
    items = PRESENTER.panel(seat, draft, None).items
    return {item.data: item for item in items if isinstance(item, PanelButton)}


def text(embeds: list[discord.Embed]) -> str:
    parts = []
    for embed in embeds:
        data = embed.to_dict()
        parts += [data.get("title", ""), data.get("description", "")]
        parts += [f"{f['name']} {f['value']}" for f in data.get("fields", [])]
    return "\n".join(parts)


def shows(message: str, card: Card) -> bool:
    """Whether a card is written in the text (🟥1 is not in 🟥12)."""
    return re.search(re.escape(card_text(card)) + r"(?!\d)", message) is not None


def test_the_presenter_is_registered() -> None:
    assert isinstance(PRESENTERS[GAME.key], FalscheFaehrtePresenter)
    assert "AF11" in PRESENTER.rules() and "On Discord" in PRESENTER.rules()


# -- react(): clicks to actions -----------------------------------------------------------------


def test_clicks_become_the_matching_actions() -> None:
    seat = for_seat(GAME.new(4, 1), 0)
    assert PRESENTER.react(seat, "p:r7") == Submit(Play(cards("r7")[0]))
    assert PRESENTER.react(seat, "p:j") == Submit(Play(JOKER))
    assert PRESENTER.react(seat, "fd:g12") == Submit(FaceDown(cards("g12")[0]))
    assert PRESENTER.react(seat, "f:g12") == Redraw(draft="g12")
    assert PRESENTER.react(seat, "t:b") == Submit(SwitchTrump(Colour.BLUE))
    assert PRESENTER.react(seat, "k") == Submit(KeepTrump())
    assert PRESENTER.react(seat, "ref") == Redraw()


@pytest.mark.parametrize("data", ["", "x", "p", "p:", "p:r13", "p:x7", "fd:j7", "t:q", "t:", "f:"])
def test_nonsense_is_answered_with_a_warning_not_an_exception(data: str) -> None:
    reaction = PRESENTER.react(for_seat(GAME.new(4, 1), 0), data, values=["?"], fields={"a": "b"})
    assert isinstance(reaction, Redraw) and reaction.notice is not None
    assert reaction.notice.tone == "warn"


# -- the panel ----------------------------------------------------------------------------------


def test_the_panel_offers_only_playable_cards() -> None:
    state = position(["y3", "y7 y9 b9 r2", "g2", "y8"], lacking=["", "", "y", ""])
    play(state, "y3")
    offered = buttons(for_seat(state, 1))
    playable = {data for data in offered if data.startswith("p:")}
    legal = {
        f"p:{card_code(action.card)}"
        for action in GAME.legal_actions(state, 1)
        if isinstance(action, Play)
    }
    assert playable == legal
    assert all(code.startswith("p:y") for code in playable)
    assert "p:b9" not in offered and "p:r2" not in offered
    assert buttons(for_seat(state, 2)).keys() == {"ref"}  # not Cy's turn: nothing to play


def test_the_panel_shows_the_hand_sorted_by_colour_and_value() -> None:
    state = position(["b1 r9 y0 r2 j", "", "", ""], jokers=True, lacking=["g", "", "", ""])
    description = PRESENTER.panel(for_seat(state, 0), "", None).embeds[0].description or ""
    hand = description.split("**Your hand:** ")[1].split("\n")[0]
    groups = [group.split() for group in hand.split(" · ")]
    assert [group[:2] for group in groups] == [
        ["🟥", "red"],
        ["🟨", "yellow"],
        ["🟦", "blue"],
        ["🃏", "joker"],
    ]
    for group in groups[:-1]:
        values = [int(value) for value in group[2:]]
        assert values == sorted(values)
    assert groups[0][2:4] == ["2", "5"] and groups[1][2] == "0"


def test_the_face_down_choice_is_picked_then_confirmed() -> None:
    state = GAME.new(4, 3, Options(jokers=True))
    seat = for_seat(state, 0)
    offered = buttons(seat)
    face_down = {data for data in offered if data.startswith("f:")}
    assert len(face_down) == sum(1 for card in state.hands[0] if card != JOKER)
    assert "f:j" not in offered
    code = sorted(face_down)[0][2:]
    confirm = buttons(seat, draft=code)
    assert (
        f"fd:{code}" in confirm and confirm[f"f:{code}"].item.style is discord.ButtonStyle.primary
    )
    assert "fd:j" not in buttons(seat, draft="j")  # a joker is never offered to confirm
    assert not any(data.startswith("fd:") for data in buttons(seat, draft="zz"))


def test_the_trump_switch_is_offered_only_to_the_seat_that_may_make_it() -> None:
    trick = ["r12", "r3", "r4", "r5"]
    state = position(trick, done=7, tricks=[2, 1, 2, 2], face_down="b12 y12 g12 b11")
    play(state, *trick)
    chooser = buttons(for_seat(state, 1))
    assert {"t:y", "t:g", "t:b", "k"} <= chooser.keys() and "t:r" not in chooser
    assert not any(data.startswith("t:") for data in buttons(for_seat(state, 0)))


def test_a_seat_never_sees_another_seats_hand() -> None:
    state = GAME.new(4, 5)
    panel = text(PRESENTER.panel(for_seat(state, 0), "", None).embeds)
    for card in state.hands[1] + state.hands[2] + state.hands[3]:
        assert not shows(panel, card)


# -- the public table ---------------------------------------------------------------------------


def _public_text(state: FaehrteState) -> str:
    return text(PRESENTER.table(for_all(state)))


@pytest.mark.parametrize("jokers", [False, True])
def test_the_public_table_carries_no_hand_and_no_hidden_face_down_card(jokers: bool) -> None:
    state = GAME.new(4, 9, Options(jokers=jokers))
    chosen = []
    for seat in range(4):
        card = next(card for card in state.hands[seat] if card != JOKER)
        chosen.append(card)
        GAME.apply(state, seat, FaceDown(card))
        public = _public_text(state)
        assert all(not shows(public, card) for card in chosen)
    for _ in range(9):  # into the fourth trick: two face-down cards turned, two still hidden
        GAME.apply(state, state.turn, GAME.legal_actions(state, state.turn)[0])
    public = _public_text(state)
    for card in [card for hand in state.hands for card in hand] + state.pile:
        if card != JOKER:
            assert not shows(public, card), card_text(card)
    for card in state.revealed:
        assert shows(public, card)
    assert "🂠🂠" in public


def test_the_table_names_the_round_type_only_once_it_is_known() -> None:
    state = position(["r9", "r1", "r2", "r3"], done=4, face_down="r0 y1 g2 b3")
    assert "Minus round" not in _public_text(state) and "Plus round from 24" in _public_text(state)
    play(state, "r9", "r1", "r2", "r3")
    assert "a Minus round" in _public_text(state)


def test_the_round_summary_and_the_final_standings() -> None:
    last = ["r9", "r1", "r2"]
    state = position(last, done=11, tricks=[4, 5, 2], face_down="r0 y1 g2", earlier=[[3, 0, 2]] * 5)
    events = play(state, *last)
    announced = text(PRESENTER.announce(for_all(state), events))
    assert "Round 6 of 6: a Minus round" in announced
    assert "**P0** · 5 tricks → 0 pts (total 15)" in announced
    result = text(PRESENTER.result(for_all(state)))
    assert "P0 wins Auf falscher Fährte!" in result
    assert "1. **P0** · 15 pts" in result and "2. **P2** · 13 pts" in result


def test_nothing_is_announced_for_a_plain_trick() -> None:
    state = position(["r9", "r1", "r2", "r3"])
    assert PRESENTER.announce(for_all(state), play(state, "r9", "r1", "r2", "r3")) == []


def test_pings_say_what_to_do() -> None:
    state = GAME.new(3, 2)
    assert "face down" in PRESENTER.ping(for_all(state), [0, 1, 2])
    for seat in range(3):
        GAME.apply(state, seat, FaceDown(state.hands[seat][0]))
    assert "play a card" in PRESENTER.ping(for_all(state), [state.turn])


def test_the_hidden_face_down_cards_are_counted_in_words() -> None:
    # Not only as a row of card backs: a screen reader should not have to count glyphs.
    rng = random.Random(4)
    state = GAME.new(4, 3)
    while GAME.view(state, None).phase == "face_down":
        seat = rng.choice(GAME.to_act(state))
        GAME.apply(state, seat, GAME.random_action(state, seat, rng))
    view = GAME.view(state, None)
    assert view.hidden_face_down > 0
    table = text(PRESENTER.table(public_table(GAME, state)))
    assert f"{view.hidden_face_down} still hidden" in table

"""The Fraud from Trandosha presenter without Discord: clicks to actions, the raise selects,
and what the public table may show."""

from __future__ import annotations

import random
import string
from typing import Any

import discord
import pytest

from cogs.controls import PanelButton, PanelSelect
from cogs.presenters import PRESENTERS
from cogs.presenters.base import Notice, Redraw, Submit
from cogs.presenters.fraud import FraudPresenter
from games.core.game import Event
from games.fraud import GAME
from games.fraud import text as words
from games.fraud.model import Bid, CallFraud, CallOnTarget, FraudState, RoundEnded, SpikeRolled
from tests.cogs.presenters.conftest import public_table, seat_table
from tests.games.fraud.build import table, with_luck

PRESENTER = FraudPresenter()


def embed_text(embeds: list[discord.Embed]) -> str:
    parts = []
    for embed in embeds:
        data = embed.to_dict()
        parts += [data.get("title", ""), data.get("description", "")]
        parts += [f"{f['name']} {f['value']}" for f in data.get("fields", [])]
        parts.append(data.get("footer", {}).get("text", ""))
    return "\n".join(parts)


def selects(items: list[Any]) -> dict[str, PanelSelect]:
    return {item.data.split(":")[0]: item for item in items if isinstance(item, PanelSelect)}


def options_of(select: PanelSelect) -> list[int]:
    return [int(option.value) for option in select.item.options]


def buttons(items: list[Any]) -> dict[str, PanelButton]:
    return {item.data.split(":")[0]: item for item in items if isinstance(item, PanelButton)}


def doubles_next(events: list[Event]) -> bool:
    roll = next(event for event in events if isinstance(event, SpikeRolled))
    return roll.doubles


def raising() -> FraudState:
    """Seat 1 to answer P0's three 4s; six cards at the table."""
    return table("+1c +4t", "-4s +5c", "+2c +3s", bids=[(0, 3, 4)])


def test_the_presenter_is_registered() -> None:
    assert isinstance(PRESENTERS["fraud"], FraudPresenter)
    assert PRESENTERS["fraud"].rules().count("FR") >= 11


# -- react(): clicks and selects to actions -----------------------------------------------------


def test_react_maps_each_control_to_its_move() -> None:
    seat = seat_table(GAME, raising(), 1)
    assert PRESENTER.react(seat, "n:", ["5"]) == Redraw("5")
    assert PRESENTER.react(seat, "v:5", ["4"]) == Redraw("5.4")
    assert PRESENTER.react(seat, "b:5.4") == Submit(Bid(5, 4), draft_if_refused="5.4")
    assert PRESENTER.react(seat, "f") == Submit(CallFraud())
    assert PRESENTER.react(seat, "t") == Submit(CallOnTarget())
    assert PRESENTER.react(seat, "ref") == Redraw()


def test_changing_the_count_keeps_the_value_only_if_it_still_makes_a_raise() -> None:
    seat = seat_table(GAME, raising(), 1)
    assert PRESENTER.react(seat, "n:4.4", ["5"]) == Redraw("5.4")
    assert PRESENTER.react(seat, "n:4.4", ["3"]) == Redraw("3")  # three 4s is the bid itself


def test_react_explains_illegal_picks_and_never_raises() -> None:
    seat = seat_table(GAME, raising(), 1)
    too_many = PRESENTER.react(seat, "n:", ["7"])
    assert isinstance(too_many, Redraw) and too_many.notice is not None
    assert too_many.notice.tone == "warn"
    lower = PRESENTER.react(seat, "v:3", ["3"])
    assert lower == Redraw("3", Notice("That value is not a raise now.", "warn"))
    unfinished = PRESENTER.react(seat, "b:5")
    assert isinstance(unfinished, Redraw) and unfinished.notice is not None
    rng = random.Random(3)
    alphabet = string.ascii_letters + string.digits + "_.,:=+-"
    for _ in range(500):
        data = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        values = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 3)))]
        reaction = PRESENTER.react(seat, data, values)
        assert isinstance(reaction, Redraw | Submit)


# -- the panel: only legal raises ---------------------------------------------------------------


def test_the_count_select_offers_exactly_the_counts_of_legal_raises() -> None:
    state = raising()
    panel = PRESENTER.panel(seat_table(GAME, state, 1), "", None)
    count = selects(panel.items)["n"]
    assert options_of(count) == [3, 4, 5, 6]  # three 5s or 6s, then four to six of 4+
    # No value menu until a count is picked (never a disabled menu of "-"), and no bid yet.
    assert "v" not in selects(panel.items)
    assert buttons(panel.items)["b"].item.disabled


@pytest.mark.parametrize(("count", "values"), [(3, [5, 6]), (4, [4, 5, 6]), (6, [4, 5, 6])])
def test_the_value_select_offers_only_values_that_raise_with_that_count(
    count: int, values: list[int]
) -> None:
    state = raising()
    panel = PRESENTER.panel(seat_table(GAME, state, 1), str(count), None)
    offered = options_of(selects(panel.items)["v"])
    assert offered == values
    standing = Bid(3, 4)
    for value in offered:
        raise_ = Bid(count, value)
        assert raise_.count >= standing.count and raise_.value >= standing.value
        assert raise_ != standing
        GAME.check(state, 1, raise_)


def test_every_offered_pair_is_a_legal_bid_and_every_legal_bid_is_offered() -> None:
    state = table("+1c +4t +6s", "-4s +5c 0", "+2c +3s", deck_kind="modern", bids=[(0, 2, 7)])
    seat = seat_table(GAME, state, 1)
    offered = set()
    for count in options_of(selects(PRESENTER.panel(seat, "", None).items)["n"]):
        panel = PRESENTER.panel(seat, str(count), None)
        for value in options_of(selects(panel.items)["v"]):
            offered.add(Bid(count, value))
    assert offered == {action for action in seat.legal if isinstance(action, Bid)}


def test_a_complete_draft_enables_the_bid_button() -> None:
    panel = PRESENTER.panel(seat_table(GAME, raising(), 1), "5.6", None)
    bid = buttons(panel.items)["b"]
    assert not bid.item.disabled and bid.data == "b:5.6"
    assert bid.item.label == "Bid five 6s"
    assert "Your raise:** five 6s" in embed_text(panel.embeds)


def test_the_opener_sees_no_calls_and_a_waiting_seat_no_moves() -> None:
    state = table("+1c +4t", "-4s +5c", "+2c +3s")
    opener = PRESENTER.panel(seat_table(GAME, state, 0), "", None)
    assert set(buttons(opener.items)) == {"b", "ref"}
    assert options_of(selects(opener.items)["n"]) == [1, 2, 3, 4, 5, 6]
    waiting = PRESENTER.panel(seat_table(GAME, state, 2), "", None)
    assert set(buttons(waiting.items)) == {"ref"} and not selects(waiting.items)
    assert "Waiting for **P0**" in embed_text(waiting.embeds)


def test_the_panel_shows_the_hand_with_the_matching_cards_in_bold() -> None:
    panel = PRESENTER.panel(seat_table(GAME, raising(), 1), "", None)
    text = embed_text(panel.embeds)
    assert "**-4■** +5●" in text
    assert "you hold 1 of them" in text


def test_the_panel_counts_the_whole_face_up_discard_pile_by_value() -> None:
    """FR7: every discarded card was shown, so a bidder may weigh all of them, as the
    computer players do (from the view, not from a sampled world)."""
    state = table("+1c +4t", "-4s +5c", discard="+4c -5t +4s 0", deck_kind="modern")
    view = GAME.view(state, 1)
    assert view.discards == tuple(state.discard_pile) == GAME.view(state, None).discards
    assert view.discard_top == state.discard_pile[-1] and view.discard_pile == 4
    text = embed_text(PRESENTER.panel(seat_table(GAME, state, 1), "", None).embeds)
    assert "**Face up in the discard pile** (4 cards): 4s: 2 · 5s: 1 · sylops: 1" in text


# -- the public table ---------------------------------------------------------------------------


def test_the_public_table_carries_no_hand_before_a_call() -> None:
    state = GAME.new(3, seed=8, options=GAME.options({"suit_die": True, "chance_cube": True}))
    GAME.apply(state, state.turn, Bid(2, 3))
    text = embed_text(PRESENTER.table(public_table(GAME, state)))
    for hand in state.hands:
        for card in hand:
            assert words.card(card) not in text
    assert "two 3s" in text and "suit die" in text and "chance cube" in text


def test_after_a_call_the_table_and_the_announcement_reveal_every_hand() -> None:
    state = raising()
    hands = list(state.hands)
    events = GAME.apply(state, 1, CallFraud())  # two 4s, fewer than three: P0 loses a card
    public = public_table(GAME, state)
    shown = embed_text(PRESENTER.table(public))
    announced = embed_text(PRESENTER.announce(public, events))
    for text in (shown, announced):
        assert "+1● **+4▲**" in text and "**-4■** +5●" in text
        assert "P0**: +1● **+4▲** — loses a card (the call), pays 1 credit" in text
    assert all(words.card(card) in announced for hand in hands for card in hand)
    assert len(PRESENTER.announce(public, events)) == 1
    for hand in state.hands:  # the new round's hands stay hidden
        assert words.hand(hand) not in shown


def test_the_result_names_the_winner_and_the_places() -> None:
    state = table("", "+2c +2t", "+3c", bids=[(1, 2, 3)], out_round=[4], opener=1, round=5)
    GAME.apply(state, 2, CallOnTarget())  # one 3: wrong, P2 goes out
    text = embed_text(PRESENTER.result(public_table(GAME, state)))
    assert "P1 wins" in text
    assert "1. **P1**" in text and "2. **P2** · out in round 5" in text
    assert "3. **P0** · out in round 4" in text


def test_the_ping_says_what_to_do() -> None:
    assert "make the first bid" in PRESENTER.ping(public_table(GAME, table("+1c", "+2c")), [0])
    assert "raise P0's three 4s" in PRESENTER.ping(public_table(GAME, raising()), [1])


def test_a_new_rounds_panel_says_how_the_last_round_ended() -> None:
    state = raising()
    GAME.apply(state, 1, CallFraud())
    text = embed_text(PRESENTER.panel(seat_table(GAME, state, 0), "", None).embeds)
    assert "**Round 2:** 2 cards match 4s, fewer than P0's three 4s" in text
    assert "P0 loses a card (the call), pays 1 credit." in text


# -- the variants on Discord (FR9-FR11) ---------------------------------------------------------


def test_fr9_the_table_shows_the_spike_dice_of_the_seat_on_turn() -> None:
    state = table("+1c +4t", "-4s +5c", "+2c +3s", spike_dice=True, dice=(3, 5))
    state.turn = 1
    text = embed_text(PRESENTER.table(public_table(GAME, state)))
    assert f"spike dice (P1) {words.dice((3, 5))}" in text


def test_fr9_spike_doubles_are_announced_with_what_each_hand_lost() -> None:
    state = table("+2c +2t", "+2s +5c", "+1c +3c", spike_dice=True)
    after, events = with_luck(state, 0, Bid(1, 2), doubles_next)
    announced = embed_text(PRESENTER.announce(public_table(GAME, after), events))
    assert "Spike dice doubles" in announced
    assert "**P1**: **+2■** +5● — loses a card (spike dice)" in announced


def test_fr10_the_announcement_names_the_hand_the_suit_die_protected_among_several() -> None:
    state = table("+1c +2c", "+3c", "+4t +5s", suit_die=True, suit="circle", bids=[(0, 3, 6)])
    events = GAME.apply(state, 1, CallOnTarget())
    protected = next(e.showdown.protected for e in events if isinstance(e, RoundEnded))
    announced = embed_text(PRESENTER.announce(public_table(GAME, state), events))
    assert f"of P0, P1, the suit die protected P{protected}" in announced


def test_fr10_fr11_the_panel_tells_a_seat_it_is_safe_this_round() -> None:
    suit_safe = table("+1c +2c +3t", "+2s +3s", suit_die=True, suit="circle")
    text = embed_text(PRESENTER.panel(seat_table(GAME, suit_safe, 0), "", None).embeds)
    assert "you cannot lose a card this round" in text
    cube_safe = table("+1c +2t", "-2s -3s", chance_cube=True, sign="positive")
    text = embed_text(PRESENTER.panel(seat_table(GAME, cube_safe, 0), "", None).embeds)
    assert "you are safe from the bid this round" in text
    text = embed_text(PRESENTER.panel(seat_table(GAME, cube_safe, 1), "", None).embeds)
    assert "you will lose a card at the reveal" in text


def test_fr11_the_result_says_the_chance_cube_picked_the_winner() -> None:
    state = table("-1c", "-2t", chance_cube=True, sign="positive", bids=[(0, 1, 6)])
    GAME.apply(state, 1, CallFraud())
    public = public_table(GAME, state)
    assert "(picked by the chance cube)" in embed_text(PRESENTER.table(public))
    assert "went out together; the chance cube picked" in embed_text(PRESENTER.result(public))

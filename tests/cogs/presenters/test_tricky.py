"""The Tricky presenter without Discord: what the table and the panels show, and how
clicks, selects and forms become moves."""

from __future__ import annotations

import random
import re
from typing import Any

import discord
import pytest

from bot.tables.service import PublicTable, SeatTable
from cogs.controls import DATA
from cogs.presenters import PRESENTERS
from cogs.presenters.base import Ask, Notice, Redraw, Submit
from cogs.presenters.tricky import TrickyPresenter
from games.core.chance import Chance
from games.core.errors import IllegalAction
from games.tricky import GAME
from games.tricky.dice import ALL_DICE, FACES
from games.tricky.limits import most_points_possible
from games.tricky.model import (
    AllPassed,
    Bid,
    BidMade,
    HandScored,
    NameTrump,
    Options,
    Pass,
    Play,
    Reroll,
    TieAtTheTarget,
    TrickyState,
)
from tests.cogs.presenters.conftest import public_table, seat_table

PRESENTER = TrickyPresenter()
NAMES = ("P0", "P1", "P2", "P3", "P4")
"""How tests/cogs/presenters/conftest.py names the seats."""
CUSTOM_DATA = re.compile(r"tk:(?:panel|pick):\d+:\d+:(?P<data>.*)")


def public(state: TrickyState) -> PublicTable:
    return public_table(GAME, state)


def seated(state: TrickyState, seat: int) -> SeatTable:
    return seat_table(GAME, state, seat)


def tricks_state(trump: int | None = 6) -> TrickyState:
    """Three seats in the tricks phase; seat 0 won the bid and leads."""
    values = [[(i * 7 + seat) % FACES[i] + 1 for i in range(18)] for seat in range(3)]
    return TrickyState(
        options=Options(),
        chance=Chance(3),
        scores=[120, 0, -20],
        first_bidder=0,
        values=values,
        unplayed=[ALL_DICE] * 3,
        rerolled=[2, 0, 18],
        reserve=[],
        phase="tricks",
        turn=0,
        calls=[(0, 90), (1, None), (2, None)],
        high_bidder=0,
        high_bid=90,
        trump=trump,
        tricks_won=[0, 0, 0],
        taken=[0, 0, 0],
    )


def controls(panel_items: list[Any]) -> dict[str, dict[str, Any]]:
    """Each control of a panel by its custom id data."""
    found = {}
    for item in panel_items:
        payload = item.item.to_component_dict()
        match = CUSTOM_DATA.fullmatch(payload["custom_id"])
        assert match is not None, payload["custom_id"]
        assert match["data"] not in found, "Discord needs every custom id of a message unique"
        found[match["data"]] = payload
    return found


def action_controls(seat: SeatTable, draft: str = "") -> dict[str, dict[str, Any]]:
    found = controls(PRESENTER.panel(seat, draft, None).items)
    found.pop("ref")
    return found


def embed_text(embeds: list[discord.Embed]) -> str:
    return "\n".join(str(embed.to_dict()) for embed in embeds)


def states_of_a_game(seats: int, seed: int, every: int = 1) -> list[TrickyState]:
    """Snapshots of a random game to its end (options: a short game)."""
    rng = random.Random(seed)
    state = GAME.new(seats, seed, GAME.options({"target_per_seat": 100}))
    snapshots = [GAME.clone(state)]
    moves = 0
    while acting := GAME.to_act(state):
        seat = rng.choice(acting)
        GAME.apply(state, seat, GAME.random_action(state, seat, rng))
        moves += 1
        if moves % every == 0:
            snapshots.append(GAME.clone(state))
    snapshots.append(state)
    return snapshots


def test_the_presenter_is_registered() -> None:
    assert isinstance(PRESENTERS["tricky"], TrickyPresenter)
    rules = PRESENTER.rules()
    assert all(f"**TR{n}**" in rules for n in range(1, 10))
    assert "On Discord" in rules


# -- the public table -----------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_the_public_table_is_drawn_from_the_public_view_only(seats: int) -> None:
    """Redealing every hidden die never changes a public message."""
    rng = random.Random(seats)
    for state in states_of_a_game(seats, seed=seats, every=3):
        other = GAME.redeal(state, None, rng)
        assert embed_text(PRESENTER.table(public(state))) == embed_text(
            PRESENTER.table(public(other))
        )
        if GAME.outcome(state) is not None:
            assert embed_text(PRESENTER.result(public(state))) == embed_text(
                PRESENTER.result(public(other))
            )


def test_the_public_table_shows_only_played_dice() -> None:
    state = tricks_state()
    GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    embed = PRESENTER.table(public(state))[0].to_dict()
    text = embed["description"] + str(embed["fields"])  # the footer explains with an example
    shown = re.findall(r"d(\d+):(\d+)", text)
    ((_, a, b),) = GAME.view(state, None).trick
    assert sorted(shown) == sorted([(str(a.faces), str(a.value)), (str(b.faces), str(b.value))])


def test_the_table_shows_the_auction_trump_trick_and_players() -> None:
    state = tricks_state(trump=6)
    GAME.apply(state, 0, Play((3, 15)))
    embed = PRESENTER.table(public(state))[0].to_dict()
    fields = {field["name"]: field["value"] for field in embed["fields"]}
    assert "Trump 6" in embed["description"] and "P0 bid **90**" in embed["description"]
    assert fields["Auction"] == "P0 90 · P1 passes · P2 passes"
    trick = fields["Trick 1 of 9"]
    a, b = state.values[0][3], state.values[0][15]
    # The d20 shows trump 6, said in words too (a screen reader reads ★ as "black star").
    assert f"P0: **d6:{a} + d20:{b}★ (trump)**" in trick
    players = fields["Players · playing to 3,000"]
    assert "**P0** · **120** · 0 tricks, 0 taken · 16 dice left · re-rolled 2 · bid 90" in players
    assert "▶ **P1**" in players


def test_the_table_during_the_reroll_and_the_auction() -> None:
    state = GAME.new(3, seed=9)
    GAME.apply(state, 1, Reroll((0, 1, 2)))
    embed = PRESENTER.table(public(state))[0].to_dict()
    assert "Still choosing: P0, P2" in embed["description"]
    assert "re-rolled 3" in embed["fields"][-1]["value"]
    GAME.apply(state, 0, Reroll(()))
    GAME.apply(state, 2, Reroll(()))
    first = state.first_bidder
    embed = PRESENTER.table(public(state))[0].to_dict()
    assert f"▶ **{NAMES[first]}** to bid (at least 90)" in embed["description"]
    assert "bid" in PRESENTER.ping(public(state), [first])


def test_after_each_hand_a_summary_is_announced() -> None:
    scored = HandScored(
        hand=3,
        bidder=1,
        bid=100,
        trump=8,
        taken=(60, 110, 27),
        made=True,
        gained=(60, 800, 27),
        scores=(460, 1250, 27),
    )
    tie = TieAtTheTarget(seats=(0, 1))
    embeds = PRESENTER.announce(public(tricks_state()), [BidMade(seat=0, amount=90), scored, tie])
    assert len(embeds) == 1
    summary = embeds[0].to_dict()
    assert summary["title"] == "🎲 Hand 3: P1 made the bid of 100"
    assert "bid times 8: **800**" in summary["description"]
    fields = {field["name"]: field["value"] for field in summary["fields"]}
    assert "**P1**: took 110 → +800" in fields["This hand"]
    assert "**P0**: 460" in fields["Scores"] and "**P1**: 1,250" in fields["Scores"]
    assert "another hand decides" in fields["Tied at the target"]

    failed = HandScored(
        hand=4,
        bidder=0,
        bid=150,
        trump=None,
        taken=(149, 30, 21),
        made=False,
        gained=(0, 45, 31),
        scores=(460, 1295, 58),
    )
    summary = PRESENTER.announce(public(tricks_state()), [failed])[0].to_dict()
    assert summary["title"] == "🎲 Hand 4: P0 failed the bid of 150"
    assert "scores nothing" in summary["description"]
    nobody = AllPassed(hand=5, penalty=20, scores=(440, 1275, 38))
    summary = PRESENTER.announce(public(tricks_state()), [nobody])[0].to_dict()
    assert "nobody bid" in summary["title"] and "1,275" in summary["fields"][0]["value"]
    assert PRESENTER.announce(public(tricks_state()), [BidMade(seat=0, amount=90)]) == []


# -- the panel shows exactly the legal moves ------------------------------------------------------


def test_the_reroll_panel_offers_every_die_and_a_confirm() -> None:
    state = GAME.new(3, seed=2)
    seat = seated(state, 1)
    found = action_controls(seat)
    assert set(found) == {"rs", "rr:0", "rk", "rl"}
    assert found["rr:0"]["disabled"]
    select = found["rs"]
    assert len(select["options"]) == 18
    assert select["min_values"] == 0 and select["max_values"] == 18
    assert list(state.values[1][:3]) == [3, 3, 3]  # three d4s showing the same number ...
    assert [o["label"] for o in select["options"]][:3] == [  # ... still read apart
        "d4 showing 3",
        "d4 showing 3 (another)",
        "d4 showing 3 (a third)",
    ]
    # With dice picked, the confirm names them and they stay ticked.
    found = action_controls(seat, "r20008")
    assert found["rr:20008"]["label"] == "Re-roll 2 dice"
    assert not found["rr:20008"].get("disabled")
    ticked = [o["value"] for o in found["rs"]["options"] if o.get("default")]
    assert ticked == ["3", "17"]
    text = PRESENTER.panel(seat, "", None).embeds[0].description or ""
    assert "`d4 `" in text and "`d20`" in text


def test_a_seat_that_has_chosen_or_is_not_on_turn_gets_no_action_controls() -> None:
    state = GAME.new(3, seed=2)
    GAME.apply(state, 1, Reroll(()))
    assert action_controls(seated(state, 1)) == {}
    waiting = PRESENTER.panel(seated(state, 1), "", None).embeds[0].description or ""
    assert "Waiting for: P0, P2" in waiting
    state = tricks_state()
    assert action_controls(seated(state, 1)) == {}
    assert action_controls(seated(state, 2)) == {}


def test_the_auction_panel_has_quick_bids_another_amount_and_pass() -> None:
    state = tricks_state()
    state.phase, state.trump, state.turn = "auction", None, 1
    state.calls = [(0, 90)]
    seat = seated(state, 1)
    found = action_controls(seat)
    bids = [a for a in seat.legal if isinstance(a, Bid)]
    assert [found[f"b:{bid.amount}"]["label"] for bid in bids] == [
        "Bid 93",
        "Bid 99",
        "Bid 108",
        "Bid 123",
    ]
    assert set(found) == {f"b:{bid.amount}" for bid in bids} | {"bo", "pa"}


def test_the_trump_panel_offers_no_trump_and_one_to_twenty() -> None:
    state = tricks_state()
    state.phase, state.trump, state.turn = "trump", None, 0
    found = action_controls(seated(state, 0))
    assert set(found) == {"t"}
    options = found["t"]["options"]
    assert [o["value"] for o in options] == ["none", *map(str, range(1, 21))]
    assert options[1]["description"].endswith("any die can show it")
    assert options[15]["description"].endswith("only d20 can show it")


def test_the_play_selects_offer_only_legal_pairs() -> None:
    state = tricks_state()
    GAME.apply(state, 0, Play((3, 15)))  # a d6 and a d20 lead
    seat = seated(state, 1)
    found = action_controls(seat)
    assert set(found) == {"p1"}
    assert len(found["p1"]["options"]) == 18  # every die is in some legal pair
    # A d4 first: only the d6s and d20s complete a legal pair.
    found = action_controls(seat, "p0")
    second = [int(o["value"]) for o in found["p2:0"]["options"]]
    assert second == [3, 4, 5, 15, 16, 17]
    assert "pc" in found
    # A d6 first: anything goes with it.
    found = action_controls(seat, "p4")
    assert len(found["p2:4"]["options"]) == 17
    text = PRESENTER.panel(seat, "", None).embeds[0].description or ""
    assert "Match the leader: one of your two dice must be a d6 or d20." in text
    assert "On the table:" in text


# -- clicks, selects and forms --------------------------------------------------------------------


def test_react_turns_controls_into_moves() -> None:
    state = GAME.new(3, seed=2)
    seat = seated(state, 0)
    assert PRESENTER.react(seat, "rs", ["17", "3"]) == Redraw("r20008")
    assert PRESENTER.react(seat, "rs", []) == Redraw("r0")
    assert PRESENTER.react(seat, "rr:20008") == Submit(Reroll((3, 17)), draft_if_refused="r20008")
    assert PRESENTER.react(seat, "rk") == Submit(Reroll(()))
    low = PRESENTER.react(seat, "rl")
    assert isinstance(low, Redraw)
    expected = {i for i, v in enumerate(state.values[0]) if 2 * v <= FACES[i]}
    picked = int(low.draft[1:], 16)
    assert {i for i in range(18) if picked >> i & 1} == expected
    assert PRESENTER.react(seat, "b:96") == Submit(Bid(96))
    assert PRESENTER.react(seat, "pa") == Submit(Pass())
    assert PRESENTER.react(seat, "t", ["none"]) == Submit(NameTrump(None))
    assert PRESENTER.react(seat, "t", ["13"]) == Submit(NameTrump(13))
    assert PRESENTER.react(seat, "p1", ["4"]) == Redraw("p4")
    assert PRESENTER.react(seat, "p2:4", ["9"]) == Submit(Play((4, 9)), draft_if_refused="p4")
    assert PRESENTER.react(seat, "pc") == Redraw()


def test_a_refused_pair_says_why_and_keeps_the_first_die() -> None:
    """What the tables cog does with a Submit the engine refuses (a pair from an old
    or tampered panel): the engine's reason on the panel, the draft kept."""
    state = tricks_state()
    GAME.apply(state, 0, Play((3, 15)))  # a d6 and a d20 lead
    seat = seated(state, 1)
    reaction = PRESENTER.react(seat, "p2:0", ["1"])  # two d4s: breaks the match rule
    assert reaction == Submit(Play((0, 1)), draft_if_refused="p0")
    assert isinstance(reaction, Submit)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 1, reaction.action)
    panel = PRESENTER.panel(seat, reaction.draft_if_refused, Notice(refused.value.message, "warn"))
    text = panel.embeds[0].description or ""
    assert text.startswith("⚠️ You hold a d6 or d20, a kind the leader played")
    assert "p2:0" in action_controls(seat, reaction.draft_if_refused)


def test_any_bid_through_the_form() -> None:
    state = tricks_state()
    state.phase, state.trump, state.turn = "auction", None, 1
    seat = seated(state, 1)
    asked = PRESENTER.react(seat, "bo")
    assert isinstance(asked, Ask)
    assert asked.modal.custom_id == "tk:form:42:7:bf"
    assert "at least 93" in str(asked.modal.to_dict())
    assert PRESENTER.react(seat, "bf", fields={"amount": " 1,25 "}) == Submit(Bid(125))
    typo = PRESENTER.react(seat, "bf", fields={"amount": "lots"})
    assert isinstance(typo, Redraw) and typo.notice is not None and typo.notice.tone == "warn"


# -- a bid no hand can make (issue 21) ------------------------------------------------------------


def auction_at_seat_1() -> SeatTable:
    state = tricks_state()
    state.phase, state.trump, state.turn = "auction", None, 1
    state.calls = [(0, 90)]
    return seated(state, 1)


def test_a_bid_no_hand_can_make_is_warned_of_once_and_goes_through_when_confirmed() -> None:
    seat = auction_at_seat_1()
    most = most_points_possible(seat.view)
    own = sum(die.value for die in seat.view.dice or ())
    assert most == own + 2 * 180  # the seat's dice as they show, the others' at their highest
    warned = PRESENTER.react(seat, "bf", fields={"amount": " 1,250 "})
    assert isinstance(warned, Redraw) and warned.notice is not None
    assert warned.notice.tone == "warn" and warned.draft == "w1250"
    assert "No hand can make a bid of 1,250" in warned.notice.text
    assert f"the most you could take is {most:,}" in warned.notice.text
    # The warning panel keeps every other choice and adds one confirm.
    found = action_controls(seat, warned.draft)
    assert found["bw:1250"]["label"] == "Bid 1,250 anyway"
    assert {"bo", "pa"} <= set(found)
    confirmed = PRESENTER.react(seat, "bw:1250")
    assert confirmed == Submit(Bid(1250), draft_if_refused="w1250")
    state = tricks_state()
    state.phase, state.trump, state.turn = "auction", None, 1
    state.calls = [(0, 90)]
    GAME.apply(state, 1, Bid(1250))  # the rules allow it: the warning only informs
    assert state.high_bid == 1250


def test_a_bid_that_could_be_made_is_not_warned_of() -> None:
    seat = auction_at_seat_1()
    most = most_points_possible(seat.view)
    assert PRESENTER.react(seat, "bf", fields={"amount": str(most)}) == Submit(Bid(most))
    assert PRESENTER.react(seat, "b:93") == Submit(Bid(93))
    assert "bw:93" not in action_controls(seat)
    assert not any(data.startswith("bw:") for data in action_controls(seat))
    over = PRESENTER.react(seat, f"b:{most + 1}")  # a quick bid button gets the warning too
    assert isinstance(over, Redraw) and over.draft == f"w{most + 1}"


@pytest.mark.parametrize(
    ("data", "values"),
    [
        ("zzz", []),
        ("b:", []),
        ("b:-5", []),
        ("b:999999999", []),
        ("rr:xyz", []),
        ("rr:7ffff", []),
        ("rr:0", []),
        ("t", []),
        ("t", ["21"]),
        ("t", ["x"]),
        ("p1", []),
        ("p1", ["18"]),
        ("p1", ["a"]),
        ("p2", ["3"]),
        ("p2:x", ["3"]),
        ("p2:3", ["99"]),
        ("bf", []),
    ],
)
def test_malformed_input_redraws_with_a_warning(data: str, values: list[str]) -> None:
    seat = seated(GAME.new(3, seed=2), 0)
    reaction = PRESENTER.react(seat, data, values)
    assert isinstance(reaction, Redraw)
    assert reaction.notice is not None and reaction.notice.tone == "warn"


def test_drafts_that_do_not_parse_draw_a_plain_panel() -> None:
    state = tricks_state()
    for draft in ("p", "p99", "px", "r", "rzz", "r7ffff", "x"):
        assert set(action_controls(seated(state, 0), draft)) == {"p1"}


@pytest.mark.parametrize("seats", [2, 4, 5])
def test_every_panel_of_a_game_fits_discord(seats: int) -> None:
    for state in states_of_a_game(seats, seed=20 + seats, every=2):
        for seat in range(seats):
            panel = PRESENTER.panel(seated(state, seat), "", None)
            sizes = _check_limits(panel.items)
            assert sizes["rows"] <= 5
            panel_embed = panel.embeds[0].to_dict()
            assert len(panel_embed.get("description", "")) <= 4096
        for embed in PRESENTER.table(public(state)):
            assert len(embed) <= 6000
            assert all(len(field["value"]) <= 1024 for field in embed.to_dict()["fields"])


def _check_limits(items: list[Any]) -> dict[str, int]:
    rows: dict[int, int] = {}
    for item in items:
        payload = item.item.to_component_dict()
        assert len(payload["custom_id"]) <= 100
        data = CUSTOM_DATA.fullmatch(payload["custom_id"])
        assert data is not None and re.fullmatch(DATA, data["data"])
        assert len(payload.get("label") or "") <= 80
        assert len(payload.get("options", [])) <= 25
        rows[item.item.row] = rows.get(item.item.row, 0) + (5 if "options" in payload else 1)
    assert all(width <= 5 for width in rows.values())
    return {"rows": len(rows)}

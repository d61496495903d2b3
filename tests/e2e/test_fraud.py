"""The Fraud from Trandosha end to end: three players play a whole game through their
panels (the count and value selects, the Bid, Call fraud and On target buttons), and no
hand ever shows in the channel before the call that reveals it."""

from __future__ import annotations

import re
from typing import Any

from simcord import Env

from bot.app import TrickyBot
from cogs.presenters.fraud import hand_text
from games.fraud import GAME
from games.fraud import text as words
from games.fraud.cards import matching
from games.fraud.model import Bid, FraudState
from tests.e2e.helpers import Room, bot_of, components, custom_ids, labels, text_of
from tests.e2e.pseudo_check import unmarked

MAX_TURNS = 200
NAMES = ("ann", "bo", "cy")


def table_id_of(message: Any) -> int:
    for custom_id in custom_ids(message):
        if match := re.match(r"tk:(?:table|lobby):(\d+):", custom_id):
            return int(match[1])
    raise AssertionError("not a table message")


def control(message: Any, pattern: str) -> dict[str, Any]:
    """The one component whose custom id matches ``pattern``."""
    found = [c for c in components(message) if re.search(pattern, c.get("custom_id", ""))]
    assert len(found) == 1, f"{pattern!r} matches {[c.get('custom_id') for c in found]}"
    return found[0]


def offered(message: Any, pattern: str) -> list[str]:
    return [option["value"] for option in control(message, pattern).get("options", [])]


def private(result: Any) -> bool:
    """The answer to a click is only visible to the clicker."""
    return result.response is not None and result.response.ephemeral


class Game:
    """A Fraud from Trandosha table played by the members of a room."""

    def __init__(self, room: Room, bot: TrickyBot, table_id: int, seats: list[Any]) -> None:
        self.room, self.bot, self.table_id, self.seats = room, bot, table_id, seats

    async def state(self) -> FraudState:
        table = await self.bot.tables.get(self.table_id)
        assert table.state_json is not None
        return GAME.load_state(table.state_json)

    def public_text(self) -> str:
        return "\n".join(text_of(message) for message in self.room.public_messages())

    async def open_hand(self, member: Any) -> Any:
        opened = await member.click(self.room.table_message(), label="Open my hand")
        assert opened.response is not None and opened.response.ephemeral
        return opened.response

    async def bid(self, member: Any, panel: Any, count_choice: int) -> tuple[int, int]:
        """Pick a count from the select, then the lowest value it allows, then Bid."""
        counts = offered(panel, r":n:")
        count = counts[min(count_choice, len(counts) - 1)]
        picked = await member.select(panel, [count], custom_id=control(panel, r":n:")["custom_id"])
        assert private(picked)
        values = offered(panel, rf":v:{count}$")
        assert values, "a legal count always has a legal value"
        picked = await member.select(
            panel, [values[0]], custom_id=control(panel, r":v:")["custom_id"]
        )
        assert private(picked)
        bid = Bid(int(count), int(values[0]))
        clicked = await member.click(panel, label=f"Bid {words.bid(bid)}")
        assert private(clicked) and "Call fraud" not in labels(panel)
        return bid.count, bid.value

    def assert_no_hand_in_public(self, state: FraudState, shown_before: set[str]) -> None:
        """No card held now shows in the channel, unless it was shown face up before
        (revealed at an earlier call, or on the discard pile) and came back in a reshuffle."""
        public = self.public_text()
        assert "Your hand" not in public
        for hand in state.hands:
            for card in hand:
                token = words.card(card)
                if token not in shown_before:
                    assert token not in public, f"{token} is held but shows in public"


def reveals(room: Room) -> list[Any]:
    """The announced reveals in the channel, oldest first."""
    return [
        message
        for message in room.public_messages()
        if message.embeds and re.match(r"🦎 Round \d+: ", unmarked(message.embeds[0].title or ""))
    ]


async def test_three_players_play_to_a_winner_through_their_panels(simcord_env: Env) -> None:
    env, bot = simcord_env, bot_of(simcord_env)
    room = Room(env)
    members = room.add(*NAMES)
    await members[0].slash(room.channel, "tricky new", game="fraud")
    for member in members[1:]:
        await member.click(room.lobby_message(), label="Join")
    lobby = text_of(room.lobby_message())
    assert "Seats (3 of 2-5)" in lobby and "Suit die" in lobby
    await members[0].click(room.lobby_message(), label="Start")
    game = Game(room, bot, table_id_of(room.table_message()), members)

    nosy = await room.bystander.click(room.table_message(), label="Open my hand")
    assert nosy.ephemeral and nosy.response is not None and "not playing" in nosy.response.content

    calls = raises = 0
    face_up: set[str] = set()  # every card shown in public so far
    for _ in range(MAX_TURNS):
        state = await game.state()
        if state.phase == "over":
            break
        face_up.update(words.card(card) for card in state.discard_pile)
        if state.last_showdown is not None:  # revealed, maybe reshuffled away at once
            face_up.update(words.card(c) for f in state.last_showdown.fates for c in f.hand)
        game.assert_no_hand_in_public(state, face_up)
        seat = state.turn
        member = members[seat]
        standing = state.standing
        if standing is None:  # once a round: a seat off turn sees its hand and no moves
            idle = next(s for s in state.active if s != seat)
            waiting = await game.open_hand(members[idle])
            assert "Waiting for" in text_of(waiting) and "Call fraud" not in labels(waiting)
        panel = await game.open_hand(member)
        assert words.hand(state.hands[seat]) in text_of(panel).replace("**", "")

        if standing is None:  # the opener must bid: no calls on the panel
            assert "Call fraud" not in labels(panel) and "On target" not in labels(panel)
            await game.bid(member, panel, count_choice=0)
            continue
        if len(state.bids) == 1 and offered(panel, r":n:"):
            await game.bid(member, panel, count_choice=1)
            raises += 1
            continue

        # Call knowing the truth: on target only when it is right and three are still in,
        # otherwise fraud, so every round costs someone a card and the game moves on.
        found = sum(matching(hand, standing.bid.value) for hand in state.hands)
        on_target = found == standing.bid.count and len(state.active) == 3
        hands = [state.hands[s] for s in state.active]
        before = len(reveals(room))
        clicked = await member.click(panel, label="On target" if on_target else "Call fraud")
        assert private(clicked)
        calls += 1

        # The reveal stays in the channel: every hand, matching cards in bold, who lost.
        announced = reveals(room)
        assert len(announced) == before + 1
        shown = text_of(announced[-1])
        for hand in hands:
            assert hand_text(hand, standing.bid.value) in shown
        showdown = (await game.state()).last_showdown
        assert showdown is not None
        for fate in showdown.fates:
            if fate.lost:
                assert (
                    f"**{NAMES[fate.seat]}**: {hand_text(fate.hand, standing.bid.value)} — loses"
                    in shown
                )
    else:
        raise AssertionError(f"no winner after {MAX_TURNS} turns")

    final = await game.state()
    assert final.winner is not None and calls >= 4 and raises >= 1
    result = room.public_messages()[-1]
    assert f"<@{members[final.winner].id}>" in result.content and "won" in result.content
    assert "Places" in text_of(result)
    assert all("Open my hand" not in labels(message) for message in room.public_messages())

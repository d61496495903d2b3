"""Tricky end to end: a three-seat game played through the panels to its end, with
a summary after each hand and no unplayed die ever shown in public."""

from __future__ import annotations

import re
from typing import Any

from simcord import Env

from bot.app import TrickyBot
from games.tricky import GAME
from games.tricky.dice import FACES
from games.tricky.model import Play, TrickyState
from tests.e2e.helpers import Room, bot_of, components, custom_ids, labels, planted, text_of
from tests.e2e.pseudo_check import unmarked

TARGET_PER_SEAT = 100
MAX_HANDS = 12
DIE = re.compile(r"d(\d+):(\d+)")


def table_id_of(message: Any) -> int:
    for custom_id in custom_ids(message):
        if match := re.match(r"tk:(?:table|lobby):(\d+):", custom_id):
            return int(match[1])
    raise AssertionError("not a table message")


def one_id(message: Any, pattern: str) -> str:
    matching = [cid for cid in custom_ids(message) if re.search(pattern, cid)]
    assert len(matching) == 1, f"{pattern!r} matches {matching}"
    return matching[0]


def options_of(message: Any, pattern: str) -> list[dict[str, Any]]:
    for component in components(message):
        if re.search(pattern, component.get("custom_id", "")) and "options" in component:
            options: list[dict[str, Any]] = component["options"]
            return options
    raise AssertionError(f"no select {pattern!r}")


def die_value(option: dict[str, Any]) -> int:
    """The value a die select option shows in its label."""
    found = re.search(r"showing (\d+)", option["label"])
    assert found is not None, f"no value in the option {option['label']!r}"
    return int(found[1])


def pick(options: list[dict[str, Any]], strong: bool) -> str:
    """The die offered with the highest value (``strong``), or simply the first one."""
    if not strong:
        return str(options[0]["value"])
    return str(max(options, key=die_value)["value"])


def public_words(message: Any) -> str:
    """What a bystander reads, without the footers (which explain dice with an example)."""
    parts = [message.content or ""]
    for embed in message.embeds:
        data = embed.to_dict()
        parts += [data.get("title", ""), data.get("description", "")]
        parts += [f"{f['name']} {f['value']}" for f in data.get("fields", [])]
    return unmarked("\n".join(parts))


class Tricky:
    """A Tricky table being played through the bot by the members of a room."""

    def __init__(self, room: Room, bot: TrickyBot, table_id: int, seats: list[Any]) -> None:
        self.room, self.bot, self.table_id, self.seats = room, bot, table_id, seats
        self.shown_dice: set[tuple[int, int]] = set()
        """Every die (kind, value) played so far: the only dice the public may see."""

    async def state(self) -> TrickyState:
        table = await self.bot.tables.get(self.table_id)
        assert table.state_json is not None
        return GAME.load_state(table.state_json)

    async def open_hand(self, seat: int) -> Any:
        opened = await self.seats[seat].click(self.room.table_message(), label="Open my hand")
        assert opened.response is not None and opened.response.ephemeral
        assert "Your dice" in text_of(opened.response)
        return opened.response

    async def assert_nothing_private_in_public(self) -> None:
        public = list(self.room.public_messages())
        words = "\n".join(public_words(message) for message in public)
        # The panel's own look: "Your dice", and a line per kind such as "`d20` 7 · 14".
        assert "Your dice" not in words and not re.search(r"`d\d+ ?`", words)
        for faces, value in DIE.findall(words):
            assert (int(faces), int(value)) in self.shown_dice, f"d{faces}:{value} is not played"

    # -- the phases, each through the panel --------------------------------------------------

    async def reroll(self, seat: int, dice: list[int]) -> None:
        panel = await self.open_hand(seat)
        if not dice:
            clicked = await self.seats[seat].click(panel, label="Keep all 18")
            assert clicked.response is not None and clicked.response.ephemeral
            assert "keeps all 18 dice" in text_of(panel)
            return
        await self.seats[seat].select(
            panel, [str(die) for die in dice], custom_id=one_id(panel, ":rs$")
        )
        assert f"Re-roll {len(dice)} dice" in labels(panel)
        before = (await self.state()).values[seat]
        await self.seats[seat].click(panel, label=f"Re-roll {len(dice)} dice")
        said = text_of(panel)
        assert "You re-rolled" in said
        for die in dice:
            assert f"d{FACES[die]} {before[die]}→" in said

    async def bid_by_form(self, seat: int, amount: int) -> str:
        panel = await self.open_hand(seat)
        form = await self.seats[seat].click(panel, label="Other amount…")
        assert form.modal is not None
        await self.seats[seat].submit_modal(form, {"amount": str(amount)})
        return text_of(panel)

    async def click(self, seat: int, label: str) -> str:
        panel = await self.open_hand(seat)
        await self.seats[seat].click(panel, label=label)
        return text_of(panel)

    async def name_trump(self, seat: int, trump: str) -> None:
        panel = await self.open_hand(seat)
        await self.seats[seat].select(panel, [trump], custom_id=one_id(panel, ":t$"))

    async def play(self, seat: int, *, strong: bool) -> None:
        """Pick a first die, then one the panel offers to complete a legal pair: the
        highest ones when ``strong``, else simply the first ones listed."""
        state = await self.state()
        panel = await self.open_hand(seat)
        first = pick(options_of(panel, ":p1$"), strong)
        await self.seats[seat].select(panel, [first], custom_id=one_id(panel, ":p1$"))
        second = pick(options_of(panel, r":p2:\d+$"), strong)
        pair = (int(first), int(second))
        GAME.check(state, seat, Play(pair))  # only legal pairs are offered
        for die in pair:
            self.shown_dice.add((FACES[die], state.values[seat][die]))
        await self.seats[seat].select(panel, [second], custom_id=one_id(panel, r":p2:\d+$"))
        assert "plays" in text_of(panel) or "takes trick" in text_of(panel)

    async def assert_hand_summaries(self, hands_scored: int) -> None:
        titles = [
            embed.title or "" for message in self.room.public_messages() for embed in message.embeds
        ]
        summaries = [
            title for title in titles if re.search(r"Hand \d+: .* (made|failed) the bid", title)
        ]
        assert len(summaries) == hands_scored


async def test_a_three_seat_game_through_the_panels(simcord_env: Env) -> None:
    env, bot = simcord_env, bot_of(simcord_env)
    room = Room(env)
    ann, bo, cy = room.add("ann", "bo", "cy")

    await ann.slash(room.channel, "tricky new", game="tricky")
    lobby = room.lobby_message()
    table_id = table_id_of(lobby)
    await ann.select(lobby, [str(TARGET_PER_SEAT)], custom_id=f"tk:opt:{table_id}:target_per_seat")
    for member in (bo, cy):
        await member.click(room.lobby_message(), label="Join")
    assert f"Points to win, per player:** {TARGET_PER_SEAT}" in text_of(room.lobby_message())
    await ann.click(room.lobby_message(), label="Start")
    game = Tricky(room, bot, table_id, [ann, bo, cy])
    state = await game.state()
    assert state.target == 3 * TARGET_PER_SEAT

    # The rolls are secret: before any die is played, no die value is public at all.
    table_text = public_words(room.table_message())
    assert "Still choosing" in table_text and not DIE.search(table_text)

    hands_scored = 0
    first_hand = True
    while (state := await game.state()).phase != "over":
        assert state.hand <= MAX_HANDS, "a short game should end within a few hands"
        # Re-roll: in the first hand Ann re-rolls two dice and the others keep theirs.
        for seat in range(3):
            await game.reroll(seat, [0, 17] if first_hand and seat == 0 else [])
            await game.assert_nothing_private_in_public()
        if first_hand:
            assert "ann re-rolls 2 dice" in public_words(room.table_message())
        state = await game.state()
        assert state.phase == "auction"
        opener = state.turn
        # The auction: a bid too low is refused with the reason; any amount by the form.
        if first_hand:
            said = await game.bid_by_form(opener, 89)
            assert "opening bid is at least 90" in said
            said = await game.bid_by_form(opener, 95)
            assert "bids 95" in said
        else:
            await game.click(opener, "Bid 90")
        for step in (1, 2):
            await game.click((opener + step) % 3, "Pass")
        state = await game.state()
        assert state.phase == "trump" and state.high_bidder == opener
        await game.name_trump(opener, "20")
        assert "names 20 as trump" in public_words(room.table_message())
        # Nine tricks of three plays, each through the two selects. From the second
        # hand on the bidder plays its best dice, so the game soon ends.
        hand = state.hand
        while (state := await game.state()).hand == hand and state.phase == "tricks":
            await game.play(state.turn, strong=not first_hand and state.turn == opener)
            await game.assert_nothing_private_in_public()
        hands_scored += 1
        await game.assert_hand_summaries(hands_scored)
        first_hand = False

    final = await game.state()
    assert final.winner is not None and final.scores[final.winner] >= final.target
    result = room.public_messages()[-1]
    winner = game.seats[final.winner]
    assert f"<@{winner.id}>" in result.content and "wins Tricky!" in text_of(result)
    assert "Final scores" in text_of(result)
    assert "Open my hand" not in labels(room.public_messages()[-2])


async def test_another_seat_choosing_keeps_the_dice_i_picked(simcord_env: Env) -> None:
    """TR2: everyone chooses a re-roll at once. Another seat's choice leaves mine as I built
    it; a click on my panel drawn before that choice is not taken as a move, but my pick is
    kept for me to confirm."""
    bot = bot_of(simcord_env)
    room = Room(simcord_env)
    ann, bo, cy = room.add("ann", "bo", "cy")
    await ann.slash(room.channel, "tricky new", game="tricky")
    for member in (bo, cy):
        await member.click(room.lobby_message(), label="Join")
    await ann.click(room.lobby_message(), label="Start")
    table_id = table_id_of(room.table_message())

    panel = (await ann.click(room.table_message(), label="Open my hand")).response
    assert panel is not None
    await ann.select(panel, ["0", "1", "2"], custom_id=one_id(panel, ":rs$"))
    assert "Re-roll 3 dice" in labels(panel)
    drawn_before = one_id(panel, ":rr:")

    bo_panel = (await bo.click(room.table_message(), label="Open my hand")).response
    assert bo_panel is not None
    await bo.click(bo_panel, label="Keep all 18")
    await bot.get_cog("TablesCog").board.drain()  # type: ignore[union-attr]
    assert "Re-roll 3 dice" in labels(panel)  # the board redrew it with my pick

    old_click = await ann.click(await planted(bot, room, drawn_before), custom_id=drawn_before)
    assert old_click.response is not None and old_click.response.ephemeral
    assert "moved on" in text_of(old_click.response)
    assert "Re-roll 3 dice" in labels(old_click.response)
    state = GAME.load_state((await bot.tables.get(table_id)).state_json or "")
    assert state.rerolled[0] is None  # not a move

    await ann.click(panel, label="Re-roll 3 dice")
    state = GAME.load_state((await bot.tables.get(table_id)).state_json or "")
    assert state.rerolled == [3, 0, None]


async def test_a_bid_no_hand_can_make_is_warned_of_once_in_private(simcord_env: Env) -> None:
    # Issue 21: the form takes any amount; one beyond every die at the table gets a word
    # first (only to the bidder), and one click bids it even so.
    env, bot = simcord_env, bot_of(simcord_env)
    room = Room(env)
    ann, bo, cy = room.add("ann", "bo", "cy")
    await ann.slash(room.channel, "tricky new", game="tricky")
    table_id = table_id_of(room.lobby_message())
    for member in (bo, cy):
        await member.click(room.lobby_message(), label="Join")
    await ann.click(room.lobby_message(), label="Start")
    game = Tricky(room, bot, table_id, [ann, bo, cy])
    for seat in range(3):
        await game.reroll(seat, [])
    opener = (await game.state()).turn
    posts = len(room.public_messages())

    panel = await game.open_hand(opener)
    form = await game.seats[opener].click(panel, label="Other amount…")
    assert form.modal is not None
    await game.seats[opener].submit_modal(form, {"amount": "5000"})
    assert "No hand can make a bid of 5,000" in text_of(panel)
    assert (await game.state()).high_bid == 0, "warned, not bid"
    assert len(room.public_messages()) == posts
    assert "No hand can make" not in public_words(room.table_message())

    await game.seats[opener].click(panel, label="Bid 5,000 anyway")
    said = text_of(panel)
    state = await game.state()
    assert state.high_bid == 5000 and state.high_bidder == opener
    assert "No hand can make" not in said, "one warning, then the bid"

    said = await game.bid_by_form((opener + 1) % 3, state.high_bid + 3)
    assert "No hand can make" in said  # a raise beyond reason is warned of too

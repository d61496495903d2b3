"""Short Changed end to end: lobby, a whole game through buttons and /tricky guess,
a restart in the middle, and nothing private ever in public."""

from __future__ import annotations

import re
from typing import Any

from simcord import Env

from bot.app import TrickyBot
from games.short_changed import GAME
from games.short_changed.chips import Chips
from games.short_changed.game import short_changes
from games.short_changed.model import ShortChangedState
from games.short_changed.text import chips as chip_text
from tests.e2e.conftest import BotFactory
from tests.e2e.helpers import Room, bot_of, custom_ids, labels, text_of

LETTERS = "gbrw"


async def state_of(bot: TrickyBot, table_id: int) -> ShortChangedState:
    table = await bot.tables.get(table_id)
    assert table.state_json is not None
    return GAME.load_state(table.state_json)


def table_id_of(message: Any) -> int:
    for custom_id in custom_ids(message):
        if match := re.match(r"tk:(?:table|lobby):(\d+):", custom_id):
            return int(match[1])
    raise AssertionError("not a table message")


async def click_id(member: Any, message: Any, pattern: str) -> Any:
    """Click the one component whose custom id matches ``pattern``."""
    matching = [cid for cid in custom_ids(message) if re.search(pattern, cid)]
    assert len(matching) == 1, f"{pattern!r} matches {matching}"
    return await member.click(message, custom_id=matching[0])


def private(result: Any) -> bool:
    """The answer to a click is only visible to the clicker."""
    return result.response is not None and result.response.ephemeral


def assert_no_hand_in_public(room: Room, state: ShortChangedState) -> None:
    public = "\n".join(text_of(message) for message in room.public_messages())
    assert "Your chips" not in public
    pot = chip_text(state.pot)
    for hand in state.hands:
        # Short piles can honestly appear in a logged trade, and a hand can hold exactly the
        # chips of the public pot (one deal in about thirty-five here): neither is a leak.
        if hand.count >= 4 and chip_text(hand) != pot:
            assert chip_text(hand) not in public, f"a hand ({chip_text(hand)}) is in public"


class Game:
    """A Short Changed table being played by the members of a room."""

    def __init__(self, env: Env, room: Room, bot: TrickyBot, table_id: int) -> None:
        self.env, self.room, self.bot, self.table_id = env, room, bot, table_id

    async def state(self) -> ShortChangedState:
        return await state_of(self.bot, self.table_id)

    async def open_hand(self, member: Any) -> Any:
        opened = await member.click(self.room.table_message(), label="Open my hand")
        assert opened.ephemeral
        assert opened.response is not None and opened.response.ephemeral
        return opened.response

    async def move_without_guessing(self, member: Any, seat: int) -> str:
        """Make some legal non-guess move through the panel's buttons; say which."""
        state = await self.state()
        panel = await self.open_hand(member)
        hand, pot = state.hands[seat], state.pot
        change = next(iter(short_changes(hand, pot)), None)
        if change is not None:
            for verb, pile in (("t", change.take), ("v", change.give)):
                for letter, count in zip(LETTERS, pile.counts, strict=True):
                    for _ in range(count):
                        clicked = await click_id(member, panel, rf":{verb}:{letter}:")
                        assert private(clicked)
            assert "→ ready" in text_of(panel)
            done = await member.click(panel, label="Short change")
            assert "✅" in text_of(panel), text_of(panel)
            assert private(done)
            return "short change"
        for label in ("Donate", "Steal", "Pass"):  # "Donate a red (5)": the chip is named
            if any(shown.startswith(label) for shown in labels(panel)):
                await member.click(
                    panel,
                    custom_id=next(
                        cid
                        for cid in custom_ids(panel)
                        if re.search(rf":{label[0].lower()}(:|$)", cid)
                    ),
                )
                return label.lower()
        raise AssertionError(f"no move on the panel: {labels(panel)}")


async def test_a_whole_game_through_the_bot(simcord_env: Env, bots: BotFactory) -> None:
    env, bot = simcord_env, bot_of(simcord_env)
    room = Room(env)
    ann, bo, cy, di = room.add("ann", "bo", "cy", "di")

    opened = await ann.slash(room.channel, "tricky new", game="short_changed")
    assert not opened.ephemeral
    lobby = room.lobby_message()
    for member in (bo, cy, di):
        joined = await member.click(lobby, label="Join")
        assert joined.acknowledged
    assert "Seats (4 of 2-6)" in text_of(room.lobby_message())

    refused = await bo.click(room.lobby_message(), label="Start")
    assert (
        refused.ephemeral
        and refused.response is not None
        and "Only the host" in refused.response.content
    )
    await ann.click(room.lobby_message(), label="Start")
    table_id = table_id_of(room.table_message())
    game = Game(env, room, bot, table_id)
    seats = [ann, bo, cy, di]

    # A bystander cannot open a hand, and is told why, privately.
    nosy = await room.bystander.click(room.table_message(), label="Open my hand")
    assert nosy.ephemeral and nosy.response is not None and "not playing" in nosy.response.content

    # The starting pot: everyone picks in secret; the pot appears once all are in.
    for member in seats:
        panel = await game.open_hand(member)
        put = next(label for label in labels(panel) if label.startswith("Put in"))
        await member.click(panel, label=put)
        assert "You put" in text_of(panel)
        assert_no_hand_in_public(room, await game.state())
    state = await game.state()
    assert state.phase == "play" and state.pot.count == 4
    assert "Pot:" in text_of(room.table_message())

    # The seat on turn is pinged once the server's grace passes without a move (#21);
    # a seat off turn cannot act and is told so.
    turn = state.turn
    assert f"<@{seats[turn].id}>" not in room.public_messages()[-1].content
    await env.advance_time(21)
    assert f"<@{seats[turn].id}>" in room.public_messages()[-1].content
    idle = seats[(turn + 1) % 4]
    early = await idle.slash(room.channel, "tricky guess", player=str(turn + 1), total=5)
    assert (
        early.ephemeral and early.response is not None and "not your turn" in early.response.content
    )

    # A few turns of trades through the panel buttons.
    stale_panel = await game.open_hand(idle)
    for _ in range(4):
        state = await game.state()
        await game.move_without_guessing(seats[state.turn], state.turn)
        assert_no_hand_in_public(room, await game.state())
    assert len((await game.state()).log) == 5

    # An old panel is redrawn with the table as it is now (a move from it would be refused:
    # tests/e2e/test_faults.py).
    clicked = await idle.click(stale_panel, label="Refresh")
    assert private(clicked) and "moved on" not in text_of(stale_panel)
    assert text_of(stale_panel) == text_of(await game.open_hand(idle))

    # A wrong guess from the panel: pick the player, type the total.
    state = await game.state()
    guesser, target = state.turn, (state.turn + 1) % 4
    wrong = state.hands[target].value + 1
    panel = await game.open_hand(seats[guesser])
    form = await seats[guesser].select(panel, [str(target)])
    assert form.modal is not None

    # The bot restarts mid-game, with the guess form open: the form and the old table
    # message's buttons still work.
    old_table = room.table_message()
    await bot.db.close()
    bot = bots()
    await env.restart_bot(bot)
    game.bot = bot
    await seats[guesser].submit_modal(form, {"total": str(wrong)})
    assert "wrong" in text_of(panel)
    state = await game.state()
    assert state.owes_double_turn[guesser]
    reopened = await seats[target].click(old_table, label="Open my hand")
    assert reopened.ephemeral and "Your chips" in text_of(reopened.response)

    # Play on until the guesser's double turn, which takes two moves and no guess.
    while (state := await game.state()).turn != guesser:
        await game.move_without_guessing(seats[state.turn], state.turn)
    assert state.double_turn
    panel = await game.open_hand(seats[guesser])
    assert "Double turn, action 1 of 2" in text_of(panel)
    assert "Guess a player's total…" not in text_of(panel)
    await game.move_without_guessing(seats[guesser], guesser)
    await game.move_without_guessing(seats[guesser], guesser)

    # The next seat guesses right with the slash command and wins.
    state = await game.state()
    winner, loser = state.turn, (state.turn + 2) % 4
    right = state.hands[loser].value
    said = await seats[winner].slash(
        room.channel, "tricky guess", player=str(loser + 1), total=right
    )
    assert said.ephemeral and said.response is not None and "right" in said.response.content

    final = await game.state()
    assert final.winner == winner
    result = room.public_messages()[-1]
    assert f"<@{seats[winner].id}>" in result.content and "won" in result.content
    # Beside the final table's picture, which draws every hand's chips, the text says
    # what each hand was worth.
    assert [attachment.filename for attachment in result.attachments] == ["result.png"]
    for name, hand in zip(("ann", "bo", "cy", "di"), final.hands, strict=True):
        assert f"**{name}** {hand.value}" in text_of(result)
    assert "Open my hand" not in labels(room.public_messages()[-2])
    assert all(isinstance(hand, Chips) for hand in final.hands)

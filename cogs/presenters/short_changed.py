"""Short Changed on Discord: the pot and the transaction log in public, chips in private.

The short change is built on the panel by clicking chips: one row of buttons
takes chips from the pot, one gives chips from the hand, each click adds one of
that colour (cycling back to none). The draft is written ``t<gbrw>v<gbrw>``
with one base-36 digit per colour, e.g. ``t1000v0021`` = take a green, give
two reds and a white.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord
from discord import app_commands

from bot.tables.service import PublicTable, SeatTable
from cogs.autocomplete import read_seat, seats_here
from cogs.controls import PanelButton, PanelSelect, form_id, tables_cog
from cogs.presenters.base import (
    ENDED_EARLY,
    Ask,
    Notice,
    Panel,
    Presenter,
    Reaction,
    Redraw,
    Submit,
    clip,
    ended_early,
    game_over,
    whole_number,
)
from games.core.wording import N_, ntr, tr
from games.short_changed import GAME
from games.short_changed import text as words
from games.short_changed.chips import COLOURS, Chips, Colour
from games.short_changed.model import (
    Ante,
    Donate,
    Guess,
    Pass,
    ShortChange,
    ShortChangedView,
    Steal,
)

__all__ = ["ShortChangedPresenter"]

LETTER = {Colour.GREEN: "g", Colour.BLUE: "b", Colour.RED: "r", Colour.WHITE: "w"}
COLOUR_OF = {letter: colour for colour, letter in LETTER.items()}
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
LOG_LINES = 10
MAX_TOTAL = 1000


def encode_draft(take: Chips, give: Chips) -> str:
    return (
        "t"
        + "".join(DIGITS[n] for n in take.counts)
        + "v"
        + "".join(DIGITS[n] for n in give.counts)
    )


def decode_draft(draft: str) -> tuple[Chips, Chips]:
    """The chips a draft takes and gives; anything malformed reads as an empty draft."""
    if len(draft) != 10 or draft[0] != "t" or draft[5] != "v":
        return Chips(), Chips()
    try:
        take = [DIGITS.index(ch) for ch in draft[1:5]]
        give = [DIGITS.index(ch) for ch in draft[6:10]]
    except ValueError:
        return Chips(), Chips()
    return Chips(*take), Chips(*give)


class ShortChangedPresenter(Presenter):
    game = GAME
    colour = discord.Colour.from_rgb(46, 160, 67)
    emoji = "🪙"

    # -- the public table ---------------------------------------------------------------------

    def table(self, public: PublicTable, *, pictured: bool = False) -> list[discord.Embed]:
        view: ShortChangedView = public.view
        names = public.table.names
        embed = self.embed(
            tr("Short Changed"),
            tr(ENDED_EARLY) if ended_early(public.table) else self._situation(view, names),
        )
        live = not ended_early(public.table)
        embed.add_field(
            name=tr("Players"),
            value=self._seats_line(view, names, live=live)
            if pictured
            else self._players(view, names, live=live),
            inline=False,
        )
        if view.log:
            lines = [words.narrate(entry, names) for entry in view.log[-LOG_LINES:]]
            embed.add_field(
                name=tr("Transactions ({log} so far)", log=len(view.log)),
                value=clip("\n".join(lines), 1024),
                inline=False,
            )
        embed.set_footer(
            text=tr("Open my hand to see your chips and act · /tricky guess player total")
        )
        return [embed]

    def _situation(self, view: ShortChangedView, names: Sequence[str]) -> str:
        if view.phase == "ante":
            waiting = ", ".join(names[seat] for seat in view.waiting_for)
            return tr(
                "Everyone secretly picks one chip for the starting pot; the picks are "
                "shown together.\nStill choosing: {waiting}",
                waiting=waiting,
            )
        lines = [tr("**Pot:** {chips}", chips=words.chips(view.pot))]
        if view.phase == "play" and view.turn is not None:
            turn = tr("▶ **{turn}** to act", turn=names[view.turn])
            if view.double_turn:
                turn += tr(
                    " (double turn: {actions} left, no guessing)",
                    actions=words.actions(view.actions_left),
                )
            lines.append(
                tr(
                    "Round {round} of {stalemate_rounds} · {turn}",
                    round=view.round,
                    stalemate_rounds=view.stalemate_rounds,
                    turn=turn,
                )
            )
        elif view.winner is not None:
            lines.append(tr("🏆 **{winner}** wins.", winner=names[view.winner]))
        else:
            lines.append(tr("The game ended without a correct guess."))
        return "\n".join(lines)

    @staticmethod
    def _players(view: ShortChangedView, names: Sequence[str], *, live: bool = True) -> str:
        lines = []
        for seat, name in enumerate(names):
            marker = "▶" if live and view.turn == seat else "·"
            held = ntr("{count} chip", "{count} chips", view.chip_counts[seat])
            if view.revealed_hands is not None:
                held = words.chips(view.revealed_hands[seat])
            note = tr(" · owes a double turn") if view.owes_double_turn[seat] else ""
            if view.phase == "ante":
                note = tr(" · choosing") if seat in view.waiting_for else tr(" · ready")
            lines.append(f"{marker} **{name}** · {held}{note}")
        return "\n".join(lines)

    @staticmethod
    def _seats_line(view: ShortChangedView, names: Sequence[str], *, live: bool = True) -> str:
        """:meth:`_players` in one line, beside the picture: each seat's chip count (or, once
        revealed, its total), who is to act and who owes a double turn."""
        seats = []
        for seat, name in enumerate(names):
            marker = "▶ " if live and view.turn == seat else ""
            if view.revealed_hands is not None:
                held = tr("chips worth {value}", value=view.revealed_hands[seat].value)
            else:
                held = ntr("{count} chip", "{count} chips", view.chip_counts[seat])
            note = tr(" (owes a double turn)") if view.owes_double_turn[seat] else ""
            if view.phase == "ante":
                note = tr(" (choosing)") if seat in view.waiting_for else tr(" (ready)")
            seats.append(f"{marker}**{name}** {held}{note}")
        return " · ".join(seats)

    def result(self, public: PublicTable, *, pictured: bool = False) -> list[discord.Embed]:
        view: ShortChangedView = public.view
        names = public.table.names
        if view.winner is not None:
            guess = next(entry for entry in reversed(view.log) if entry.kind == "guessed")
            embed = self.embed(
                tr("{winner} wins Short Changed!", winner=names[view.winner]),
                words.narrate(guess, names),
            )
        elif public.outcome is not None:
            embed = self.embed(
                tr("Short Changed ends in a draw"), words.narrate(view.log[-1], names)
            )
        else:
            embed = self.embed(tr("Short Changed was stopped early"), tr("No result is recorded."))
        if view.revealed_hands is not None:
            embed.add_field(
                name=tr("Every hand"),
                # beside the picture, which shows each hand's chips: only their totals
                value=" · ".join(
                    f"**{name}** {hand.value}"
                    for name, hand in zip(names, view.revealed_hands, strict=True)
                )
                if pictured
                else "\n".join(
                    f"**{name}**: {words.chips(hand)}"
                    for name, hand in zip(names, view.revealed_hands, strict=True)
                ),
                inline=False,
            )
        return [embed]

    def ping(self, public: PublicTable, seats: Sequence[int]) -> str:
        view: ShortChangedView = public.view
        if view.phase == "ante":
            return tr("pick your starting chip for the pot (Open my hand).")
        if view.double_turn:
            return tr("your double turn at Short Changed: two actions, no guessing.")
        return tr("your turn at Short Changed.")

    # -- the private panel --------------------------------------------------------------------

    def panel(
        self, seat: SeatTable, draft: str, notice: Notice | None, *, pictured: bool = False
    ) -> Panel:
        view: ShortChangedView = seat.view
        names = seat.table.names
        hand = view.hand or Chips()
        lines = [notice.render()] if notice else []
        lines += [
            tr("**Your chips:** {chips}", chips=words.chips(hand)),
            tr("**Pot:** {chips}", chips=words.chips(view.pot)),
        ]
        lines.append(self._status(seat, names))
        changes = [a for a in seat.legal if isinstance(a, ShortChange)]
        take, give = decode_draft(draft)
        if changes:
            lines.append(self._draft_line(take, give, changes))
        embed = self.embed(tr("Short Changed · your chips"), "\n".join(lines))
        return Panel([embed], self._controls(seat, take, give, changes))

    @staticmethod
    def _status(seat: SeatTable, names: Sequence[str]) -> str:
        view: ShortChangedView = seat.view
        if game_over(seat) or view.phase == "over":
            return tr("The game is over.")
        if view.phase == "ante":
            if view.ante is None:
                return tr(
                    "Pick the chip you put in the starting pot. Nobody sees it until all are in."
                )
            waiting = ", ".join(names[s] for s in view.waiting_for)
            return tr(
                "You put in {chip}. Waiting for: {waiting}.",
                chip=words.chip(view.ante),
                waiting=waiting,
            )
        if seat.seat not in seat.to_act:
            return tr("Waiting for **{name}**.", name=names[view.turn or 0])
        kinds = {type(action) for action in seat.legal}
        if view.double_turn:
            step = 3 - view.actions_left
            head = tr("**Double turn, action {step} of 2** (no guessing).", step=step)
        else:
            head = tr("**Your turn.**")
        if ShortChange in kinds:
            return tr("{head} You must short change the pot", head=head) + (
                "." if view.double_turn else tr(", unless you guess a total.")
            )
        if kinds <= {Guess}:
            return tr(
                "{head} Nothing but a guess is possible: name a player and a total.", head=head
            )
        if kinds == {Pass}:
            return tr("{head} Nothing is possible: you pass.", head=head)
        return tr("{head} No short change is possible: donate or steal", head=head) + (
            "." if view.double_turn else tr(", or guess.")
        )

    @staticmethod
    def _draft_line(take: Chips, give: Chips, changes: list[ShortChange]) -> str:
        line = tr(
            "**Short change:** take {take} · give {give}",
            take=words.chips(take),
            give=words.chips(give),
        )
        if ShortChange(take=take, give=give) in changes:
            return line + tr(" → ready.")
        if not take.count or not give.count:
            return line + tr(" → pick chips to take and to give.")
        if take.count == give.count:
            return line + tr(" → give a different number of chips than you take.")
        return line + tr(" → what you give must be worth less.")

    def _controls(
        self, seat: SeatTable, take: Chips, give: Chips, changes: list[ShortChange]
    ) -> list[discord.ui.Item[Any]]:
        table_id, version = seat.table.id, seat.table.version
        view: ShortChangedView = seat.view
        hand = view.hand or Chips()
        items: list[discord.ui.Item[Any]] = []

        def button(data: str, **kwargs: Any) -> None:
            items.append(PanelButton(table_id, version, data, **kwargs))

        draft = encode_draft(take, give)
        for action in seat.legal:
            if isinstance(action, Ante):
                button(
                    f"a:{LETTER[action.chip]}",
                    label=tr("Put in {chip_words}", chip_words=_chip_words(action.chip)),
                    emoji=action.chip.glyph,
                    style=discord.ButtonStyle.primary,
                    row=0,
                )
        if changes:
            for colour in COLOURS:
                if view.pot[colour]:
                    button(
                        f"t:{LETTER[colour]}:{draft}",
                        label=tr(
                            "Take {colour}: {taking} of {available}",
                            colour=colour.word(),
                            taking=take[colour],
                            available=view.pot[colour],
                        ),
                        emoji=colour.glyph,
                        style=_chosen(take[colour]),
                        row=0,
                    )
                if hand[colour]:
                    button(
                        f"v:{LETTER[colour]}:{draft}",
                        label=tr(
                            "Give {colour}: {giving} of {available}",
                            colour=colour.word(),
                            giving=give[colour],
                            available=hand[colour],
                        ),
                        emoji=colour.glyph,
                        style=_chosen(give[colour]),
                        row=1,
                    )
            ready = ShortChange(take=take, give=give) in changes
            button(
                f"sc:{draft}",
                label=tr("Short change"),
                style=discord.ButtonStyle.success,
                disabled=not ready,
                row=2,
            )
            button("clr", label=tr("Clear"), row=2)
        for action in seat.legal:
            if isinstance(action, Donate):
                button(
                    f"d:{LETTER[action.chip]}",
                    label=tr("Donate {chip_words}", chip_words=_chip_words(action.chip)),
                    emoji=action.chip.glyph,
                    row=0,
                )
            elif isinstance(action, Steal):
                button(
                    f"s:{LETTER[action.chip]}",
                    label=tr("Steal {chip_words}", chip_words=_chip_words(action.chip)),
                    emoji=action.chip.glyph,
                    row=1,
                )
            elif isinstance(action, Pass):
                button("p", label=tr("Pass"), style=discord.ButtonStyle.danger, row=2)
        targets = sorted({action.target for action in seat.legal if isinstance(action, Guess)})
        if targets:
            names = seat.table.names
            items.append(
                PanelSelect(
                    table_id,
                    version,
                    "g",
                    [
                        discord.SelectOption(
                            label=tr("Guess {target}'s total", target=names[target])[:100],
                            value=str(target),
                            description=ntr(
                                "{count} chip", "{count} chips", view.chip_counts[target]
                            ),
                        )
                        for target in targets
                    ],
                    placeholder=tr("Guess a player's total…"),
                    row=3,
                )
            )
        items.append(self.refresh_button(table_id, version, row=4))
        return items

    def react(
        self,
        seat: SeatTable,
        data: str,
        values: Sequence[str] = (),
        fields: Mapping[str, str] | None = None,
    ) -> Reaction:
        view: ShortChangedView = seat.view
        verb, _, rest = data.partition(":")
        colour = COLOUR_OF.get(rest[:1])
        match verb:
            case self.REFRESH | "clr":
                return Redraw()
            case "a" if colour:
                return Submit(Ante(colour))
            case "d" if colour:
                return Submit(Donate(colour))
            case "s" if colour:
                return Submit(Steal(colour))
            case "p":
                return Submit(Pass())
            case "t" | "v" if colour:
                take, give = decode_draft(rest[2:])
                if verb == "t":
                    take = _cycle(take, colour, view.pot[colour])
                else:
                    give = _cycle(give, colour, (view.hand or Chips())[colour])
                return Redraw(encode_draft(take, give))
            case "sc":
                take, give = decode_draft(rest)
                return Submit(ShortChange(take=take, give=give), draft_if_refused=rest)
            case "g" if not rest:
                return self._ask_total(seat, values)
            case "g":
                return self._guess(seat, rest, fields or {})
        return Redraw(notice=Notice(tr("That control is out of date; here is your panel."), "warn"))

    def _ask_total(self, seat: SeatTable, values: Sequence[str]) -> Reaction:
        target = whole_number(values[0], len(seat.table.seats) - 1) if values else None
        if target is None:
            return Redraw(notice=Notice(tr("Pick a player to guess."), "warn"))
        name = seat.table.names[target]
        modal = discord.ui.Modal(
            title=tr("Guess {name}'s total", name=name)[:45],
            custom_id=form_id(seat.table.id, seat.table.version, f"g:{target}"),
        )
        modal.add_item(
            discord.ui.TextInput(
                label=tr("Total value of {name}'s chips", name=name)[:45],
                custom_id="total",
                placeholder=tr("a whole number, e.g. 37"),
                min_length=1,
                max_length=4,
            )
        )
        return Ask(modal)

    @staticmethod
    def _guess(seat: SeatTable, rest: str, fields: Mapping[str, str]) -> Reaction:
        target = whole_number(rest, len(seat.table.seats) - 1)
        total = whole_number(fields.get("total", "").strip(), MAX_TOTAL)
        if target is None or total is None:
            return Redraw(
                notice=Notice(
                    tr("A total is a whole number from 0 to {max_total}.", max_total=MAX_TOTAL),
                    "warn",
                )
            )
        return Submit(Guess(target=target, total=total))

    # -- commands -----------------------------------------------------------------------------

    def move_text(self, seat: SeatTable, action: Any) -> str:
        names = seat.table.names
        match action:
            case Ante(chip=chip):
                return tr("Put in {chip} towards the starting pot", chip=words.chip(chip))
            case Guess(target=target, total=total):
                return tr("Guess that {target} holds {total}", target=names[target], total=total)
            case ShortChange(take=take, give=give):
                return tr(
                    "Short change: take {take}, give {give}",
                    take=words.chips(take),
                    give=words.chips(give),
                )
            case Donate(chip=chip):
                return tr("Donate {chip} to the pot", chip=words.chip(chip))
            case Steal(chip=chip):
                return tr("Steal {chip} from the pot", chip=words.chip(chip))
            case Pass():
                return tr("Pass")
        return super().move_text(seat, action)

    def commands(self) -> list[app_commands.Command[Any, Any, Any] | app_commands.Group]:
        @app_commands.command(
            name="guess",
            description=N_("Short Changed: guess the total value of another player's chips."),
        )
        @app_commands.describe(
            player=N_("The player whose chips you are guessing"),
            total=N_("The total value you think they hold"),
        )
        @app_commands.autocomplete(player=seats_here)
        async def guess(
            interaction: discord.Interaction[Any],
            player: app_commands.Range[str, 1, 100],
            total: app_commands.Range[int, 0, MAX_TOTAL],
        ) -> None:
            def build(seat: SeatTable) -> Guess:
                return Guess(target=read_seat(seat.table, player), total=total)

            await tables_cog(interaction).command_action(interaction, self.key, build)

        return [guess]


def _chip_words(colour: Colour) -> str:
    """``a red (5)``: a chip on a control's label, its colour in words (the emoji beside it
    only decorates)."""
    # i18n: one chip on a button ("Donate a red (5)"): its colour and what it is worth.
    return tr("a {colour} ({points})", colour=colour.word(), points=colour.value_in_points)


def _chosen(count: int) -> discord.ButtonStyle:
    return discord.ButtonStyle.primary if count else discord.ButtonStyle.secondary


def _cycle(pile: Chips, colour: Colour, most: int) -> Chips:
    """One more chip of a colour, back to none after the most available."""
    counts = dict(zip(COLOURS, pile.counts, strict=True))
    counts[colour] = (counts[colour] + 1) % (most + 1) if most else 0
    return Chips(*(counts[c] for c in COLOURS))

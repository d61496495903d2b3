"""Tricky on Discord: the auction, trump and tricks in public; each seat's dice in private.

Dice are named by their index 0-17 (see ``games/tricky/dice.py``) in custom ids
and select values. Panel drafts carry a choice made over several clicks:

* ``r<hex>``: the dice picked so far for the re-roll, as an 18-bit set in hex;
* ``p<die>``: the first die picked for a play (the second select then offers
  only the dice that make a legal pair with it).

Custom id data: ``rs`` (re-roll select), ``rl`` (pick the low dice), ``rr:<hex>``
(re-roll those dice), ``rk`` (keep them all), ``b:<amount>`` (bid), ``bo`` (open the
"other amount" form, answered as ``bf``), ``bw:<amount>`` (bid it even so, after the
warning that no hand can make it; the draft ``w<amount>`` shows that warning), ``pa``
(pass), ``t`` (trump select), ``p1`` / ``p2:<die>`` (the two play selects), ``pc`` (pick
the first die again), ``ref`` (refresh).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.tables.service import PublicTable, SeatTable
from cogs.controls import PanelButton, PanelSelect, form_id
from cogs.presenters.base import (
    ENDED_EARLY,
    FIELD_TEXT,
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
from games.core.game import Event
from games.core.wording import N_, ntr, tr
from games.tricky import GAME
from games.tricky import text as words
from games.tricky.dice import ALL_DICE, DICE_PER_SEAT, KINDS, Die, dice_in
from games.tricky.limits import most_points_possible
from games.tricky.model import (
    AllPassed,
    Bid,
    HandScored,
    HeldDie,
    NameTrump,
    Pass,
    Play,
    Reroll,
    TieAtTheTarget,
    TrickyView,
)
from games.tricky.tricks import TRICKS_PER_HAND

__all__ = ["TrickyPresenter", "decode_first_die", "decode_reroll"]

MAX_TYPED_BID = 99_999
"""The form takes up to five digits; no hand holds more than 900 points anyway."""
AUCTION_CALLS_SHOWN = 24


def _points(number: int) -> str:
    return f"{number:,}"


def _die_labels(dice: Sequence[HeldDie], trump: int | None) -> dict[int, str]:
    """Each held die's label, by index: ``d8 showing 5``, ``d8 showing 5 (another)``.

    Two dice of one kind can show the same number; their options still read differently,
    so a screen reader does not announce the same choice twice.
    """
    labels: dict[int, str] = {}
    seen: dict[tuple[int, int], int] = {}
    for die in dice:
        mark = tr(", trump ★") if trump is not None and die.value == trump else ""
        copies = seen[die.faces, die.value] = seen.get((die.faces, die.value), 0) + 1
        again = "" if copies == 1 else f" ({_ANOTHER[copies]})"
        labels[die.die] = tr(
            "d{faces} showing {value}{mark}{again}",
            faces=die.faces,
            value=die.value,
            mark=mark,
            again=again,
        )
    return labels


_ANOTHER = {2: "another", 3: N_("a third")}
"""A seat holds three dice of each kind (TR1), so at most three show one number."""


def _shown(die: Die, trump: int | None) -> str:
    """A played die, starred and named trump when it shows trump (the star alone reads as
    "black star")."""
    return tr("{die}★ (trump)", die=die) if die.value == trump else str(die)


def _kinds_showing(number: int) -> list[int]:
    return [faces for faces in KINDS if number <= faces]


def decode_reroll(draft: str) -> int:
    """The dice a re-roll draft picks, as a bit set; anything malformed picks none."""
    if not draft.startswith("r"):
        return 0
    try:
        mask = int(draft[1:], 16)
    except ValueError:
        return 0
    return mask if 0 <= mask <= ALL_DICE else 0


def decode_first_die(draft: str) -> int | None:
    if len(draft) < 2 or draft[0] != "p":
        return None
    return _die(draft[1:])


class TrickyPresenter(Presenter):
    game = GAME
    colour = discord.Colour.from_rgb(155, 89, 182)
    emoji = "🎲"

    # -- the public table ---------------------------------------------------------------------

    def table(self, public: PublicTable, *, pictured: bool = False) -> list[discord.Embed]:
        view: TrickyView = public.view
        names = public.table.names
        embed = self.embed(
            tr("Tricky · hand {hand}", hand=view.hand),
            tr(ENDED_EARLY) if ended_early(public.table) else self._situation(view, names),
        )
        if view.calls:
            embed.add_field(name=tr("Auction"), value=self._auction(view, names), inline=False)
        if view.phase == "tricks" or view.last_trick:
            embed.add_field(
                name=tr(
                    "Trick {trick_number} of {tricks_per_hand}",
                    trick_number=view.trick_number,
                    tricks_per_hand=TRICKS_PER_HAND,
                )
                if view.phase == "tricks"
                else tr("Last trick"),
                value=self._trick(view, names, pictured=pictured),
                inline=False,
            )
        live = not ended_early(public.table)
        embed.add_field(
            name=tr("Players · playing to {points}", points=_points(view.target)),
            value=self._seats_line(view, names, live=live)
            if pictured
            else self._players(view, names, live=live),
            inline=False,
        )
        self.recent_field(embed, public)
        embed.set_footer(
            text=tr("Open my hand to see your dice and act · dice read kind:value, e.g. d12:7")
        )
        return [embed]

    def _situation(self, view: TrickyView, names: Sequence[str]) -> str:
        match view.phase:
            case "reroll":
                waiting = ", ".join(names[seat] for seat in view.waiting_for)
                return tr(
                    "Everyone has rolled 18 dice behind a screen and may re-roll some of "
                    "them, once. How many each re-rolls is public; the values are not.\nStill "
                    "choosing: {waiting}",
                    waiting=waiting,
                )
            case "auction":
                high = (
                    tr("no bid yet")
                    if view.high_bidder is None
                    else tr(
                        "high bid **{high_bid}** by {high_bidder}",
                        high_bid=view.high_bid,
                        high_bidder=names[view.high_bidder],
                    )
                )
                return tr(
                    "**Auction** · {high}\n▶ **{name}** to bid (at least {minimum_bid}) or pass",
                    high=high,
                    name=names[view.waiting_for[0]],
                    minimum_bid=view.minimum_bid,
                )
            case "trump":
                bidder = names[view.high_bidder or 0]
                return tr(
                    "**{bidder}** won the auction with **{high_bid}** and names trump.",
                    bidder=bidder,
                    high_bid=view.high_bid,
                )
            case "tricks":
                bidder = names[view.high_bidder or 0]
                return tr(
                    "**{capitalize}** · {bidder} bid **{high_bid}** · ▶ **{name}** to play "
                    "two dice",
                    capitalize=words.trump(view.trump).capitalize(),
                    bidder=bidder,
                    high_bid=view.high_bid,
                    name=names[view.waiting_for[0]],
                )
        if view.winner is not None:
            return tr(
                "🏆 **{winner}** wins with {points}.",
                winner=names[view.winner],
                points=_points(view.scores[view.winner]),
            )
        return tr("The game is over.")

    @staticmethod
    def _auction(view: TrickyView, names: Sequence[str]) -> str:
        calls = [words.call(names, entry) for entry in view.calls[-AUCTION_CALLS_SHOWN:]]
        if len(view.calls) > AUCTION_CALLS_SHOWN:
            calls.insert(0, "…")
        return clip(" · ".join(calls), FIELD_TEXT)

    @staticmethod
    def _trick(view: TrickyView, names: Sequence[str], *, pictured: bool = False) -> str:
        """The trick in progress; then who took the last trick, and (unless the picture
        shows them) the dice it was played with."""
        lines = [
            f"{names[seat]}: **{_shown(a, view.trump)} + {_shown(b, view.trump)}**"
            for seat, a, b in view.trick
        ]
        if view.phase == "tricks" and not view.trick and view.leader is not None:
            lines.append(tr("{leader} leads.", leader=names[view.leader]))
        if view.last_trick and view.last_trick_winner is not None:
            taken = sum(a.value + b.value for _, a, b in view.last_trick)
            if pictured:
                lines.append(
                    tr(
                        "Last trick to **{last_trick_winner}** ({taken} points)",
                        last_trick_winner=names[view.last_trick_winner],
                        taken=taken,
                    )
                )
                return clip("\n".join(lines), FIELD_TEXT)
            played = ", ".join(
                f"{names[seat]} {_shown(a, view.trump)} + {_shown(b, view.trump)}"
                for seat, a, b in view.last_trick
            )
            lines.append(
                tr(
                    "Last trick to **{last_trick_winner}** ({taken} points): {played}",
                    last_trick_winner=names[view.last_trick_winner],
                    taken=taken,
                    played=played,
                )
            )
        return clip("\n".join(lines), FIELD_TEXT)

    @staticmethod
    def _players(view: TrickyView, names: Sequence[str], *, live: bool = True) -> str:
        lines = []
        for seat, name in enumerate(names):
            marker = "▶" if live and seat in view.waiting_for else "·"
            parts = [f"{marker} **{name}** · **{_points(view.scores[seat])}**"]
            if view.phase == "reroll":
                rerolled = view.rerolled[seat]
                parts.append(
                    tr("choosing")
                    if rerolled is None
                    else tr("re-rolled {rerolled}", rerolled=rerolled)
                )
            else:
                dice_left = ntr("{count} die", "{count} dice", view.dice_left[seat])
                parts.append(
                    tr(
                        "{amount}, {seat} taken · {dice_left} left · re-rolled {seat2}",
                        amount=ntr("{count} trick", "{count} tricks", view.tricks_won[seat]),
                        seat=view.taken[seat],
                        dice_left=dice_left,
                        seat2=view.rerolled[seat],
                    )
                )
            if seat == view.high_bidder and view.phase in ("trump", "tricks"):
                parts.append(tr("bid {high_bid}", high_bid=view.high_bid))
            lines.append(" · ".join(parts))
        return clip("\n".join(lines), FIELD_TEXT)

    @staticmethod
    def _seats_line(view: TrickyView, names: Sequence[str], *, live: bool = True) -> str:
        """:meth:`_players` in one line, beside the picture: each seat's score and, for the
        phase, what was re-rolled or the tricks and points taken (dice left are drawn)."""
        seats = []
        for seat, name in enumerate(names):
            marker = "▶ " if live and seat in view.waiting_for else ""
            notes = []
            if view.phase == "reroll":
                rerolled = view.rerolled[seat]
                notes.append(
                    tr("choosing")
                    if rerolled is None
                    else tr("re-rolled {rerolled}", rerolled=rerolled)
                )
            elif view.phase == "auction":
                notes.append(tr("re-rolled {seat}", seat=view.rerolled[seat]))
            else:
                notes.append(
                    tr(
                        "{amount}, {seat} taken",
                        amount=ntr("{count} trick", "{count} tricks", view.tricks_won[seat]),
                        seat=view.taken[seat],
                    )
                )
            if seat == view.high_bidder and view.phase in ("trump", "tricks"):
                notes.append(tr("bid {high_bid}", high_bid=view.high_bid))
            seats.append(f"{marker}**{name}** {_points(view.scores[seat])} ({', '.join(notes)})")
        return clip(" · ".join(seats), FIELD_TEXT)

    def result(self, public: PublicTable, *, pictured: bool = False) -> list[discord.Embed]:
        view: TrickyView = public.view
        names = public.table.names
        if view is None or view.winner is None:
            return [self.embed(tr("Tricky was stopped early"), tr("No result is recorded."))]
        embed = self.embed(
            tr("{winner} wins Tricky!", winner=names[view.winner]),
            tr(
                "Played to {points} over {amount}.",
                points=_points(view.target),
                amount=ntr("{count} hand", "{count} hands", view.hand),
            ),
        )
        order = sorted(range(view.seats), key=lambda seat: -view.scores[seat])
        order.sort(key=lambda seat: seat != view.winner)
        embed.add_field(
            name=tr("Final scores"),
            value="\n".join(f"**{names[seat]}**: {_points(view.scores[seat])}" for seat in order),
            inline=False,
        )
        if view.last_score is not None:
            embed.add_field(
                name=tr("The last hand"),
                value=words.hand_result(view.last_score, names),
                inline=False,
            )
        return [embed]

    def announce(self, public: PublicTable, events: Sequence[Event]) -> list[discord.Embed]:
        """A summary after each hand: points taken, the bid made or failed, the new scores."""
        names = public.table.names
        embeds = []
        for event in events:
            if isinstance(event, HandScored):
                embeds.append(self._hand_summary(event, events, names))
            elif isinstance(event, AllPassed):
                embed = self.embed(
                    tr("Hand {hand}: nobody bid", hand=event.hand),
                    tr(
                        "Everyone passed, so everyone loses {penalty} points and the dice are "
                        "rolled again with the same first bidder.",
                        penalty=event.penalty,
                    ),
                )
                embed.add_field(name=tr("Scores"), value=self._scores(event.scores, names))
                embeds.append(embed)
        return embeds

    def _hand_summary(
        self, scored: HandScored, events: Sequence[Event], names: Sequence[str]
    ) -> discord.Embed:
        bidder = names[scored.bidder]
        verdict = "made" if scored.made else "failed"
        title = tr(
            "Hand {hand}: {bidder} {verdict} the bid of {bid}",
            hand=scored.hand,
            bidder=bidder,
            verdict=verdict,
            bid=scored.bid,
        )
        multiplier = max(scored.trump or 0, len(scored.taken))
        if scored.made:
            how = tr(
                "{bidder} took {bidder2} points and scores the bid times {multiplier}: "
                "**{points}** ({trump}). The others score the points they took.",
                bidder=bidder,
                bidder2=scored.taken[scored.bidder],
                multiplier=multiplier,
                points=_points(scored.gained[scored.bidder]),
                trump=words.trump(scored.trump),
            )
        else:
            how = tr(
                "{bidder} took only {bidder2} points and scores nothing. The others "
                "score one and a half times the points they took.",
                bidder=bidder,
                bidder2=scored.taken[scored.bidder],
            )
        embed = self.embed(title, how)
        embed.add_field(
            name=tr("This hand"),
            value="\n".join(
                tr(
                    "**{name}**: took {seat} → +{points}",
                    name=name,
                    seat=scored.taken[seat],
                    points=_points(scored.gained[seat]),
                )
                for seat, name in enumerate(names)
            ),
            inline=True,
        )
        embed.add_field(name=tr("Scores"), value=self._scores(scored.scores, names), inline=True)
        for event in events:
            if isinstance(event, TieAtTheTarget):
                tied = tr(" and ").join(names[seat] for seat in event.seats)
                embed.add_field(
                    name=tr("Tied at the target"),
                    value=tr(
                        "{tied} share the lead past the target: another hand decides.", tied=tied
                    ),
                    inline=False,
                )
        return embed

    @staticmethod
    def _scores(scores: Sequence[int], names: Sequence[str]) -> str:
        return "\n".join(
            f"**{name}**: {_points(score)}" for name, score in zip(names, scores, strict=True)
        )

    def ping(self, public: PublicTable, seats: Sequence[int]) -> str:
        view: TrickyView = public.view
        match view.phase:
            case "reroll":
                return tr("choose the dice you re-roll at Tricky (Open my hand).")
            case "auction":
                return tr(
                    "your bid at Tricky: at least {minimum_bid}, or pass.",
                    minimum_bid=view.minimum_bid,
                )
            case "trump":
                return tr("you won the auction at Tricky: name trump.")
        return tr("your turn to play two dice at Tricky.")

    # -- the private panel --------------------------------------------------------------------

    def panel(
        self, seat: SeatTable, draft: str, notice: Notice | None, *, pictured: bool = False
    ) -> Panel:
        view: TrickyView = seat.view
        names = seat.table.names
        lines = [notice.render()] if notice else []
        lines.append(self._status(seat, names))
        lines += self._hand_lines(view, pictured=pictured)
        if view.phase == "tricks" and view.trick:
            lines.append(
                tr("**On the table:** ")
                + ", ".join(f"{names[s]} {words.pair(a, b)}" for s, a, b in view.trick)
            )
        lines.append(
            tr("**Scores:** ")
            + " · ".join(f"{names[s]} {_points(score)}" for s, score in enumerate(view.scores))
            + tr(" (playing to {points})", points=_points(view.target))
        )
        embed = self.embed(tr("Tricky · your dice"), "\n".join(lines))
        return Panel([embed], self._controls(seat, draft))

    @staticmethod
    def _status(seat: SeatTable, names: Sequence[str]) -> str:
        view: TrickyView = seat.view
        me = seat.seat
        if game_over(seat) or view.phase == "over":
            return tr("The game is over.")
        waiting = ", ".join(names[s] for s in view.waiting_for)
        match view.phase:
            case "reroll" if me in seat.to_act:
                return tr(
                    "**Re-roll:** pick any dice to roll again, once (or keep them all). The "
                    "others learn only how many."
                )
            case "reroll":
                count = view.rerolled[me] or 0
                done = (
                    tr("You re-rolled {amount}", amount=ntr("{count} die", "{count} dice", count))
                    if count
                    else tr("You kept all 18 dice")
                )
                return tr("{done}. Waiting for: {waiting}.", done=done, waiting=waiting)
            case "auction" if me in seat.to_act:
                high = (
                    tr("Nobody has bid yet")
                    if view.high_bidder is None
                    else tr(
                        "High bid: {high_bid} by {high_bidder}",
                        high_bid=view.high_bid,
                        high_bidder=names[view.high_bidder],
                    )
                )
                return tr(
                    "**Your bid.** {high}. Bid at least {minimum_bid}, or pass.",
                    high=high,
                    minimum_bid=view.minimum_bid,
                )
            case "trump" if me in seat.to_act:
                return tr(
                    "**You won the auction with {high_bid}.** Name trump: if you make the "
                    "bid, you score it times the trump number or the number of players, "
                    "whichever is more.",
                    high_bid=view.high_bid,
                )
            case "tricks" if me in seat.to_act:
                head = tr(
                    "**Your turn: trick {trick_number} of {tricks_per_hand}**, ",
                    trick_number=view.trick_number,
                    tricks_per_hand=TRICKS_PER_HAND,
                )
                head += f"{words.trump(view.trump)}."
                return head + _follow_hint(seat)
        return tr("Waiting for: {waiting}.", waiting=waiting)

    @staticmethod
    def _hand_lines(view: TrickyView, *, pictured: bool = False) -> list[str]:
        """The seat's dice by kind: a line a kind, or one line beside the hand's picture."""
        if not view.dice:
            return [tr("**Your dice:** all played.")]
        trump = view.trump if view.trump_named else None
        kinds = []
        for faces, values in words.dice_by_kind(view.dice):
            shown = (", " if pictured else " · ").join(
                tr("**{value}★ (trump)**", value=value) if value == trump else str(value)
                for value in values
            )
            kinds.append(f"d{faces} {shown}" if pictured else f"`d{faces:<2}` {shown}")
        if pictured:
            return [tr("**Your dice** ({dice} left): ", dice=len(view.dice)) + " · ".join(kinds)]
        return [tr("**Your dice** ({dice} left):", dice=len(view.dice)), *kinds]

    def _controls(self, seat: SeatTable, draft: str) -> list[discord.ui.Item[Any]]:
        table_id, version = seat.table.id, seat.table.version
        items: list[discord.ui.Item[Any]] = []

        def button(data: str, **kwargs: Any) -> None:
            items.append(PanelButton(table_id, version, data, **kwargs))

        legal = seat.legal
        if any(isinstance(action, Reroll) for action in legal):
            self._reroll_controls(seat, decode_reroll(draft), items)
        bids = [action for action in legal if isinstance(action, Bid)]
        if bids:
            for n, bid in enumerate(bids):
                button(
                    f"b:{bid.amount}",
                    label=tr("Bid {amount}", amount=bid.amount),
                    style=discord.ButtonStyle.primary if n == 0 else discord.ButtonStyle.secondary,
                    row=0,
                )
            button("bo", label=tr("Other amount…"), row=1)
            if (rash := _rash_bid(draft)) is not None:
                button(
                    f"bw:{rash}",
                    label=tr("Bid {rash} anyway", rash=rash),
                    style=discord.ButtonStyle.danger,
                    row=2,
                )
        if Pass() in legal:
            button("pa", label=tr("Pass"), style=discord.ButtonStyle.danger, row=1)
        if any(isinstance(action, NameTrump) for action in legal):
            items.append(self._trump_select(seat))
        plays = [action.dice for action in legal if isinstance(action, Play)]
        if plays:
            self._play_controls(seat, plays, decode_first_die(draft), items)
        items.append(self.refresh_button(table_id, version, row=4))
        return items

    @staticmethod
    def _reroll_controls(seat: SeatTable, chosen: int, items: list[discord.ui.Item[Any]]) -> None:
        table_id, version = seat.table.id, seat.table.version
        view: TrickyView = seat.view
        dice = view.dice or ()
        labels = _die_labels(dice, None)
        items.append(
            PanelSelect(
                table_id,
                version,
                "rs",
                [
                    discord.SelectOption(
                        label=labels[die.die],
                        value=str(die.die),
                        default=bool(chosen >> die.die & 1),
                    )
                    for die in dice
                ],
                placeholder=tr("Pick the dice to re-roll…"),
                min_values=0,
                max_values=len(dice),
                row=0,
            )
        )
        count = chosen.bit_count()
        items.append(
            PanelButton(
                table_id,
                version,
                f"rr:{chosen:x}",
                label=tr("Re-roll {amount}", amount=ntr("{count} die", "{count} dice", count)),
                style=discord.ButtonStyle.primary,
                disabled=count == 0,
                row=1,
            )
        )
        items.append(
            PanelButton(
                table_id,
                version,
                "rk",
                label=tr("Keep all 18"),
                style=discord.ButtonStyle.success,
                row=1,
            )
        )
        items.append(
            PanelButton(table_id, version, "rl", label=tr("Pick dice below average"), row=1)
        )

    @staticmethod
    def _trump_select(seat: SeatTable) -> PanelSelect:
        view: TrickyView = seat.view
        dice = view.dice or ()
        choices = [
            discord.SelectOption(
                label=tr("No trump"), value="none", description=tr("Highest pair wins")
            )
        ]
        for number in range(1, 21):
            showing = sum(1 for die in dice if die.value == number)
            kinds = _kinds_showing(number)
            where = (
                tr("any die can show it")
                if len(kinds) == len(KINDS)
                else tr("only ") + ", ".join(f"d{faces}" for faces in kinds) + tr(" can show it")
            )
            choices.append(
                discord.SelectOption(
                    label=tr("Trump {number}", number=number),
                    value=str(number),
                    description=tr(
                        "You hold {showing} showing it · {where}", showing=showing, where=where
                    ),
                )
            )
        return PanelSelect(
            seat.table.id, seat.table.version, "t", choices, placeholder=tr("Name trump…"), row=0
        )

    @staticmethod
    def _play_controls(
        seat: SeatTable,
        pairs: list[tuple[int, int]],
        first: int | None,
        items: list[discord.ui.Item[Any]],
    ) -> None:
        table_id, version = seat.table.id, seat.table.version
        view: TrickyView = seat.view
        trump = view.trump
        held = {die.die: die for die in view.dice or ()}
        labels = _die_labels(view.dice or (), trump)
        partners: dict[int, set[int]] = {}
        for a, b in pairs:
            partners.setdefault(a, set()).add(b)
            partners.setdefault(b, set()).add(a)
        if first not in partners:
            first = None
        items.append(
            PanelSelect(
                table_id,
                version,
                "p1",
                [
                    discord.SelectOption(
                        label=labels[die],
                        value=str(die),
                        default=die == first,
                    )
                    for die in sorted(partners)
                    if die in held
                ],
                placeholder=tr("First die to play…"),
                row=0,
            )
        )
        if first is None:
            return
        items.append(
            PanelSelect(
                table_id,
                version,
                f"p2:{first}",
                [
                    discord.SelectOption(
                        label=labels[die],
                        value=str(die),
                        description=tr(
                            "With the d{faces} showing {value}: {total} in all",
                            faces=held[first].faces,
                            value=held[first].value,
                            total=held[first].value + held[die].value,
                        ),
                    )
                    for die in sorted(partners[first])
                    if die in held
                ],
                placeholder=tr("…and the second die (this plays the pair)"),
                row=1,
            )
        )
        items.append(
            PanelButton(table_id, version, "pc", label=tr("Pick the first die again"), row=2)
        )

    def move_text(self, seat: SeatTable, action: Any) -> str:
        view: TrickyView = seat.view
        held = {die.die: die for die in view.dice or ()}
        trump = view.trump

        labels = _die_labels(view.dice or (), trump)

        def dice(indices: Sequence[int]) -> str:
            return ", ".join(labels[i] for i in indices if i in held)

        match action:
            case Reroll(dice=()):
                return tr("Keep all your dice as they are")
            case Reroll(dice=chosen):
                return tr("Re-roll {dice}", dice=dice(chosen))
            case Bid(amount=amount):
                return tr("Bid {points}", points=_points(amount))
            case Pass():
                return tr("Pass")
            case NameTrump(number=None):
                return tr("Name no trump")
            case NameTrump(number=number):
                return tr("Name {number} as trump", number=number)
            case Play(dice=pair):
                return tr("Play {dice}", dice=dice(pair))
        return super().move_text(seat, action)

    def react(
        self,
        seat: SeatTable,
        data: str,
        values: Sequence[str] = (),
        fields: Mapping[str, str] | None = None,
    ) -> Reaction:
        verb, _, rest = data.partition(":")
        match verb:
            case self.REFRESH | "pc":
                return Redraw()
            case "rs":
                return Redraw(f"r{_dice_mask(values):x}")
            case "rl":
                low = sum(1 << d.die for d in seat.view.dice or () if 2 * d.value <= d.faces)
                return Redraw(f"r{low:x}")
            case "rr" if mask := decode_reroll(f"r{rest}"):
                return Submit(Reroll(dice_in(mask)), draft_if_refused=f"r{rest}")
            case "rk":
                return Submit(Reroll(()))
            case "b" if (amount := whole_number(rest, MAX_TYPED_BID)) is not None:
                return _bid(seat, amount)
            case "bw" if (amount := whole_number(rest, MAX_TYPED_BID)) is not None:
                return Submit(Bid(amount), draft_if_refused=f"w{amount}")
            case "bo":
                return self._ask_bid(seat)
            case "bf":
                return self._typed_bid(seat, fields or {})
            case "pa":
                return Submit(Pass())
            case "t" if values:
                return _trump_from(values[0])
            case "p1" if len(values) == 1 and _die(values[0]) is not None:
                return Redraw(f"p{values[0]}")
            case "p2" if len(values) == 1 and (first := _die(rest)) is not None:
                second = _die(values[0])
                if second is not None:
                    return Submit(Play((first, second)), draft_if_refused=f"p{first}")
        return Redraw(notice=Notice(tr("That control is out of date; here is your panel."), "warn"))

    def _ask_bid(self, seat: SeatTable) -> Reaction:
        view: TrickyView = seat.view
        least = view.minimum_bid
        if least is None:
            return Redraw(notice=Notice(tr("The auction is over."), "warn"))
        modal = discord.ui.Modal(
            title=tr("Your bid"),
            custom_id=form_id(seat.table.id, seat.table.version, "bf"),
        )
        modal.add_item(
            discord.ui.TextInput(
                label=tr("Bid (at least {least})", least=least),
                custom_id="amount",
                placeholder=tr("a whole number, e.g. {value}", value=least + 10 * view.seats),
                min_length=1,
                max_length=len(str(MAX_TYPED_BID)),
            )
        )
        return Ask(modal)

    @staticmethod
    def _typed_bid(seat: SeatTable, fields: Mapping[str, str]) -> Reaction:
        amount = whole_number(fields.get("amount", "").strip().replace(",", ""), MAX_TYPED_BID)
        if amount is None:
            return Redraw(
                notice=Notice(
                    tr("A bid is a whole number (up to {points}).", points=_points(MAX_TYPED_BID)),
                    "warn",
                )
            )
        return _bid(seat, amount)


def _bid(seat: SeatTable, amount: int) -> Reaction:
    """A bid, unless no hand could make it: then a warning first, and one click to bid it
    even so (the rules allow it, TR4; it just cannot be made, TR8)."""
    most = most_points_possible(seat.view)
    if amount <= most:
        return Submit(Bid(amount))
    return Redraw(
        f"w{amount}",
        Notice(
            tr(
                "No hand can make a bid of {points}: with your dice as they show and "
                "everyone else's at their highest, the most you could take is {points2}. "
                "Bid {points} anyway, or pick another bid.",
                points=_points(amount),
                points2=_points(most),
            ),
            "warn",
        ),
    )


def _rash_bid(draft: str) -> int | None:
    """The bid a ``w<amount>`` draft asks to confirm, if it is one."""
    return whole_number(draft[1:], MAX_TYPED_BID) if draft.startswith("w") else None


def _follow_hint(seat: SeatTable) -> str:
    """Why some pairs are not offered: the match rule (TR6), from the leader's play."""
    view: TrickyView = seat.view
    if not view.trick:
        return tr(" You lead: play any two dice.")
    _, a, b = view.trick[0]
    kinds = sorted({a.faces, b.faces})
    named = tr(" or ").join(f"d{faces}" for faces in kinds)  # "d6 or d20", or just "d6"
    held = {die.faces for die in view.dice or ()}
    if held & set(kinds):
        return tr(" Match the leader: one of your two dice must be a {named}.", named=named)
    return tr(" You hold no {named} (the leader's kinds), so any two dice will do.", named=named)


def _die(text: str) -> int | None:
    return whole_number(text, DICE_PER_SEAT - 1)


def _dice_mask(values: Sequence[str]) -> int:
    mask = 0
    for value in values:
        die = _die(value)
        if die is not None:
            mask |= 1 << die
    return mask


def _trump_from(value: str) -> Reaction:
    if value == "none":
        return Submit(NameTrump(None))
    if number := whole_number(value, 20):  # 1 to 20: 0 is no number
        return Submit(NameTrump(number))
    return Redraw(notice=Notice(tr("Pick a trump number from 1 to 20, or no trump."), "warn"))

"""The Fraud from Trandosha on Discord: the bid and hand sizes in public, each hand in private.

The table shows the standing bid and who made it, every seat's hand size and
credits, the pot and the dice of the round, and, after a call, every hand with
the matching cards in bold and what the call cost whom. Each call's reveal is
also announced as its own message, so the channel keeps a record of them.

On the panel a raise is built with two selects that only offer legal raises:
the count first, then the values legal with that count; then the Bid button.
The draft is ``<count>`` or ``<count>.<value>``, e.g. ``4.3`` = four 3s.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.tables.service import PublicTable, SeatTable
from cogs.controls import PanelButton, PanelSelect
from cogs.presenters.base import (
    ENDED_EARLY,
    FIELD_TEXT,
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
from games.core.wording import N_, tr
from games.fraud import GAME
from games.fraud import text as words
from games.fraud.cards import Card
from games.fraud.model import (
    Bid,
    CallFraud,
    CallOnTarget,
    FraudView,
    RoundEnded,
    Showdown,
)

__all__ = ["FraudPresenter", "decode_draft", "discards_text", "encode_draft", "hand_text"]

BIDS_SHOWN = 6
TRIGGER_TITLE = {
    "fraud": N_("🚨 Fraud called"),
    "on_target": N_("🎯 On target called"),
    "spike": N_("🎲 Spike dice doubles"),
}


MOST_PICKED = 999
"""More than any count or value a bid can name: a larger pick is malformed."""


def decode_draft(draft: str) -> tuple[int | None, int | None]:
    """The count and value a draft has chosen so far; anything malformed is empty."""
    count_text, _, value_text = draft.partition(".")
    count = whole_number(count_text, MOST_PICKED)
    value = whole_number(value_text, MOST_PICKED) if value_text else None
    if count is None or (value_text and value is None):
        return None, None
    return count, value


def encode_draft(count: int | None, value: int | None = None) -> str:
    if count is None:
        return ""
    return f"{count}.{value}" if value is not None else str(count)


def hand_text(cards: Sequence[Card], value: int | None = None) -> str:
    """The cards, with those matching ``value`` in bold."""
    if not cards:
        return tr("no cards")
    return " ".join(
        f"**{words.card(card)}**" if value is not None and card.matches(value) else words.card(card)
        for card in cards
    )


def discards_text(discards: Sequence[Card]) -> str:
    """The face-up discard pile counted by value, as a bidder weighs it (FR7: every card
    in it was shown, so all of it is public, not only the top card)."""
    by_value = Counter(card.magnitude for card in discards if not card.is_sylop)
    counted = [f"{value}s: {by_value[value]}" for value in sorted(by_value)]
    sylops = sum(card.is_sylop for card in discards)
    if sylops:
        counted.append(tr("sylops: {sylops}", sylops=sylops))
    return tr(
        "**Face up in the discard pile** ({cards_word}): ",
        cards_word=words.cards_word(len(discards)),
    ) + " · ".join(counted)


class FraudPresenter(Presenter):
    game = GAME
    colour = discord.Colour.from_rgb(201, 122, 44)
    emoji = "🦎"

    # -- the public table ------------------------------------------------------------------------

    def table(self, public: PublicTable, *, pictured: bool = False) -> list[discord.Embed]:
        view: FraudView = public.view
        names = public.table.names
        embed = self.embed(
            tr("The Fraud from Trandosha · round {round}", round=view.round),
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
        if view.bids:
            shown = view.bids[-BIDS_SHOWN:]
            trail = " → ".join(f"{names[made.seat]}: {words.bid(made.bid)}" for made in shown)
            if len(view.bids) > BIDS_SHOWN:
                trail = "… → " + trail
            embed.add_field(name=tr("Bids this round"), value=clip(trail, FIELD_TEXT), inline=False)
        if view.last_showdown is not None:
            showdown = view.last_showdown
            embed.add_field(
                name=tr("Last reveal (round {round})", round=showdown.round),
                value=clip(self._reveal(showdown, names, hands=not pictured), FIELD_TEXT),
                inline=False,
            )
        self.recent_field(embed, public)
        embed.set_footer(text=self._piles(view))
        return [embed]

    def _situation(self, view: FraudView, names: Sequence[str]) -> str:
        lines = []
        if view.phase == "over" and view.winner is not None:
            lines.append(
                tr("🏆 **{winner}** wins", winner=names[view.winner])
                + (tr(" (picked by the chance cube).") if view.won_by_cube else ".")
            )
        standing = view.standing
        if view.phase == "bidding":
            if standing is None:
                lines.append(
                    tr("No bid yet: **{opener}** opens the round.", opener=names[view.opener])
                )
            else:
                lines.append(
                    tr(
                        "**Bid: {bid}** by **{seat}**",
                        bid=words.bid(standing.bid),
                        seat=names[standing.seat],
                    )
                )
            if view.turn is not None:
                doing = tr("to bid") if standing is None else tr("to raise or call")
                lines.append(f"▶ **{names[view.turn]}** {doing}")
            lines.append(
                tr(
                    "{cards_word} at the table · values 1-{top_value}",
                    cards_word=words.cards_word(view.cards_at_table),
                    top_value=view.top_value,
                )
                + (tr(" · sylops match every value") if view.deck == "modern" else "")
            )
            dice = self._dice(view, names)
            if dice:
                lines.append(dice)
        if view.pot_in_play:
            lines.append(tr("**Pot:** {credits_word}", credits_word=words.credits_word(view.pot)))
        return "\n".join(lines)

    @staticmethod
    def _dice(view: FraudView, names: Sequence[str]) -> str:
        shown = []
        if view.suit is not None:
            shown.append(tr("suit die {suit}", suit=words.suit(view.suit)))
        if view.sign is not None:
            shown.append(tr("chance cube {cube}", cube=words.cube(view.sign)))
        if view.spike_dice is not None and view.turn is not None:
            shown.append(
                tr(
                    "spike dice ({turn}) {dice}",
                    turn=names[view.turn],
                    dice=words.dice(view.spike_dice),
                )
            )
        return "🎲 " + " · ".join(shown) if shown else ""

    @staticmethod
    def _players(view: FraudView, names: Sequence[str], *, live: bool = True) -> str:
        lines = []
        for seat, name in enumerate(names):
            out = view.out_round[seat]
            marker = "▶" if live and view.turn == seat else "·"
            if view.winner == seat:
                marker = "🏆"
            money = f" · {words.credits_word(view.credits[seat])}" if view.pot_in_play else ""
            if out is not None and view.winner != seat:
                lines.append(
                    tr(
                        "{marker} ~~{name}~~ · out in round {out}{money}",
                        marker=marker,
                        name=name,
                        out=out,
                        money=money,
                    )
                )
            else:
                held = words.cards_word(view.hand_sizes[seat])
                lines.append(f"{marker} **{name}** · {held}{money}")
        return "\n".join(lines)

    @staticmethod
    def _seats_line(view: FraudView, names: Sequence[str], *, live: bool = True) -> str:
        """:meth:`_players` in one line, beside the picture: cards held (and credits), who
        is to act, who is out."""
        seats = []
        for seat, name in enumerate(names):
            out = view.out_round[seat]
            marker = "▶ " if live and view.turn == seat else ""
            if view.winner == seat:
                marker = "🏆 "
            money = f", {words.credits_word(view.credits[seat])}" if view.pot_in_play else ""
            if out is not None and view.winner != seat:
                seats.append(
                    tr(
                        "{marker}~~{name}~~ out in round {out}{money}",
                        marker=marker,
                        name=name,
                        out=out,
                        money=money,
                    )
                )
            else:
                seats.append(f"{marker}**{name}** {words.cards_word(view.hand_sizes[seat])}{money}")
        return " · ".join(seats)

    @staticmethod
    def _reveal(showdown: Showdown, names: Sequence[str], *, hands: bool = True) -> str:
        """Every hand, the matching cards in bold, then what it cost whom; without
        ``hands`` (the picture shows them), only what it cost whom, in one line."""
        value = showdown.bid.value
        lines = [words.verdict(showdown, names)]
        if not hands:
            lines.append(words.consequences(showdown, names))
        for fate in showdown.fates if hands else ():
            touched = fate.lost or fate.won_back or fate.shield
            after = f" — {words.fate_result(fate)}" if touched else ""
            lines.append(f"**{names[fate.seat]}**: {hand_text(fate.hand, value)}{after}")
        extras = []
        if showdown.suit is not None:
            extras.append(tr("suit die {suit}", suit=words.suit(showdown.suit)))
        if showdown.sign is not None:
            extras.append(tr("chance cube {cube}", cube=words.cube(showdown.sign)))
        if len(showdown.suit_candidates) > 1 and showdown.protected is not None:
            tied = ", ".join(names[seat] for seat in showdown.suit_candidates)
            extras.append(
                tr(
                    "of {tied}, the suit die protected {protected}",
                    tied=tied,
                    protected=names[showdown.protected],
                )
            )
        if extras:
            lines.append("🎲 " + " · ".join(extras))
        if hands and not any(fate.lost for fate in showdown.fates):
            lines.append(tr("Nobody loses a card."))
        return "\n".join(lines)

    @staticmethod
    def _piles(view: FraudView) -> str:
        top = tr(" (top {card})", card=words.card(view.discard_top)) if view.discard_top else ""
        return tr(
            "{title} deck · draw pile {draw_pile} · discard pile {discard_pile}{top} "
            "· Open my hand to see your cards and bid",
            title=view.deck.title(),
            draw_pile=view.draw_pile,
            discard_pile=view.discard_pile,
            top=top,
        )

    def announce(self, public: PublicTable, events: Sequence[Event]) -> list[discord.Embed]:
        """Each reveal as its own message: the channel's record of every call."""
        names = public.table.names
        embeds = []
        for event in events:
            if isinstance(event, RoundEnded):
                showdown = event.showdown
                title = tr(
                    "Round {round}: {trigger}",
                    round=showdown.round,
                    trigger=tr(TRIGGER_TITLE[showdown.trigger]),
                )
                embed = self.embed(title, self._reveal(showdown, names))
                embed.set_footer(text=self._call_line(showdown, names))
                embeds.append(embed)
        return embeds

    @staticmethod
    def _call_line(showdown: Showdown, names: Sequence[str]) -> str:
        bid = f"{names[showdown.bidder]}'s {words.bid(showdown.bid)}"
        match showdown.trigger:
            case "fraud":
                return tr("{seat} called fraud on {bid}.", seat=names[showdown.seat], bid=bid)
            case "on_target":
                return tr("{seat} called {bid} on target.", seat=names[showdown.seat], bid=bid)
        return tr("{seat} rolled doubles with {bid} standing.", seat=names[showdown.seat], bid=bid)

    def result(self, public: PublicTable, *, pictured: bool = False) -> list[discord.Embed]:
        view: FraudView = public.view
        names = public.table.names
        outcome = public.outcome
        if view.winner is None or outcome is None:
            return [
                self.embed(
                    tr("The Fraud from Trandosha was stopped early"), tr("No result is recorded.")
                )
            ]
        winner = names[view.winner]
        if view.won_by_cube:
            together = [s for s in range(view.seats) if view.out_round[s] == view.round]
            how = tr(
                "{list} went out together; the chance cube picked {winner} to win.",
                list=", ".join(names[s] for s in together),
                winner=winner,
            )
        else:
            how = tr("{winner} is the last player holding cards.", winner=winner)
        embed = self.embed(tr("{winner} wins The Fraud from Trandosha!", winner=winner), how)
        lines = []
        for seat in sorted(range(view.seats), key=lambda seat: outcome.places[seat]):
            money = f" · {words.credits_word(view.credits[seat])}" if view.pot_in_play else ""
            out = view.out_round[seat]
            gone = (
                tr(" · out in round {out}", out=out)
                if out is not None and seat != view.winner
                else ""
            )
            lines.append(f"{outcome.places[seat]}. **{names[seat]}**{gone}{money}")
        embed.add_field(name=tr("Places"), value="\n".join(lines), inline=False)
        if view.last_showdown is not None:
            embed.add_field(
                name=tr("The last reveal"),
                value=clip(self._reveal(view.last_showdown, names, hands=not pictured), FIELD_TEXT),
                inline=False,
            )
        return [embed]

    def ping(self, public: PublicTable, seats: Sequence[int]) -> str:
        view: FraudView = public.view
        standing = view.standing
        if standing is None:
            return tr(
                "you open round {round} of The Fraud from Trandosha: make the first bid.",
                round=view.round,
            )
        return tr(
            "your turn at The Fraud from Trandosha: raise {seat}'s {bid}, or call it.",
            seat=public.table.names[standing.seat],
            bid=words.bid(standing.bid),
        )

    # -- the private panel -----------------------------------------------------------------------

    def panel(
        self, seat: SeatTable, draft: str, notice: Notice | None, *, pictured: bool = False
    ) -> Panel:
        view: FraudView = seat.view
        names = seat.table.names
        standing = view.standing
        lines = [notice.render()] if notice else []
        last = view.last_showdown
        if last is not None and not view.bids:  # a new round: say how the last one ended
            lines.append(
                tr(
                    "**Round {round}:** {verdict} {consequences}",
                    round=last.round,
                    verdict=words.verdict(last, names),
                    consequences=words.consequences(last, names),
                )
            )
        hand = view.hand or ()
        value = standing.bid.value if standing is not None else None
        lines.append(
            tr(
                "**Your hand** ({cards_word}): {hand}",
                cards_word=words.cards_word(len(hand)),
                hand=hand_text(hand, value),
            )
        )
        if standing is not None and view.matching is not None:
            lines.append(
                tr(
                    "**Bid:** {bid} by {seat} · you hold {matching} of them (in bold)",
                    bid=words.bid(standing.bid),
                    seat=names[standing.seat],
                    matching=view.matching,
                )
            )
        if view.discards:
            lines.append(discards_text(view.discards))
        lines += self._variant_notes(view)
        lines.append(self._status(seat, names))
        bids = [action for action in seat.legal if isinstance(action, Bid)]
        count, chosen = self._chosen(bids, draft)
        if count is not None and chosen is not None:
            lines.append(tr("**Your raise:** {bid}", bid=words.bid(Bid(count, chosen))))
        embed = self.embed(tr("The Fraud from Trandosha · your hand"), "\n".join(lines))
        return Panel([embed], self._controls(seat, bids, count, chosen))

    @staticmethod
    def _variant_notes(view: FraudView) -> list[str]:
        notes = []
        if view.suit is not None and view.suit_majority:
            notes.append(
                tr(
                    "🛡 Most of your cards are {suit}s: you cannot lose a card this round (if "
                    "several hands are, the suit die picks one).",
                    suit=words.suit(view.suit),
                )
            )
        if view.sign is not None and view.cube_standing is not None:
            lean = {
                "safe": tr(
                    "🛡 Your hand leans to the cube's sign: you are safe from the bid this round."
                ),
                "exposed": tr(
                    "⚠️ Your hand leans away from the cube's sign: you will lose a card at "
                    "the reveal."
                ),
                "even": tr("Your hand is even against the chance cube."),
            }
            notes.append(
                tr(
                    "Chance cube {cube}. {cube_standing}",
                    cube=words.cube(view.sign),
                    cube_standing=lean[view.cube_standing],
                )
            )
        return notes

    @staticmethod
    def _status(seat: SeatTable, names: Sequence[str]) -> str:
        view: FraudView = seat.view
        if view.phase == "over" or game_over(seat):
            return tr("The game is over.")
        if view.out_round[seat.seat] is not None:
            return tr("You are out of the game (round {seat}).", seat=view.out_round[seat.seat])
        if seat.seat not in seat.to_act:
            return tr("Waiting for **{name}**.", name=names[view.turn or 0])
        standing = view.standing
        if standing is None:
            return tr(
                "**You open round {round}.** Pick how many cards and which value you "
                "claim are at the table, then Bid.",
                round=view.round,
            )
        return tr(
            "**Your turn.** Raise {seat}'s {bid} (count first, then value), call "
            "**fraud** if you think there are fewer, or **on target** if you think "
            "it is exact.",
            seat=names[standing.seat],
            bid=words.bid(standing.bid),
        )

    @staticmethod
    def _chosen(bids: Sequence[Bid], draft: str) -> tuple[int | None, int | None]:
        """The draft's count and value, each kept only while it can still be part of a raise."""
        count, value = decode_draft(draft)
        if count is None or not any(bid.count == count for bid in bids):
            return None, None
        if value is None or Bid(count, value) not in bids:
            return count, None
        return count, value

    def _controls(
        self, seat: SeatTable, bids: Sequence[Bid], count: int | None, value: int | None
    ) -> list[discord.ui.Item[Any]]:
        table_id, version = seat.table.id, seat.table.version
        view: FraudView = seat.view
        items: list[discord.ui.Item[Any]] = []
        if bids:
            counts = sorted({bid.count for bid in bids})
            items.append(
                PanelSelect(
                    table_id,
                    version,
                    f"n:{encode_draft(count, value)}",
                    [
                        discord.SelectOption(
                            label=f"{words.count_word(n).capitalize()} ({n})",
                            value=str(n),
                            description=tr("At least {cards} match", cards=words.cards_word(n)),
                            default=n == count,
                        )
                        for n in counts
                    ],
                    placeholder=tr("How many cards?"),
                    row=0,
                )
            )
            values = sorted(bid.value for bid in bids if bid.count == count)
            wild = tr(" (sylops count too)") if view.deck == "modern" else ""
            if values:  # only once a count is picked: no disabled menu of "-" before that
                items.append(
                    PanelSelect(
                        table_id,
                        version,
                        f"v:{count or 0}",
                        [
                            discord.SelectOption(
                                label=f"{v}s",
                                value=str(v),
                                description=tr(
                                    "Cards of +{value} or -{value}{wild}", value=v, wild=wild
                                ),
                                default=v == value,
                            )
                            for v in values
                        ],
                        placeholder=tr("Of which value?"),
                        row=1,
                    )
                )
            ready = count is not None and value is not None
            items.append(
                PanelButton(
                    table_id,
                    version,
                    f"b:{count}.{value}" if ready else "b:",
                    label=tr("Bid {bid}", bid=words.bid(Bid(count, value)))[:80]
                    if count is not None and value is not None
                    else tr("Bid"),
                    style=discord.ButtonStyle.success,
                    disabled=not ready,
                    row=2,
                )
            )
        if any(isinstance(action, CallFraud) for action in seat.legal):
            items.append(
                PanelButton(
                    table_id,
                    version,
                    "f",
                    label=tr("Call fraud"),
                    emoji="🚨",
                    style=discord.ButtonStyle.danger,
                    row=2,
                )
            )
        if any(isinstance(action, CallOnTarget) for action in seat.legal):
            items.append(
                PanelButton(
                    table_id,
                    version,
                    "t",
                    label=tr("On target"),
                    emoji="🎯",
                    style=discord.ButtonStyle.primary,
                    row=2,
                )
            )
        items.append(self.refresh_button(table_id, version, row=3))
        return items

    def move_text(self, seat: SeatTable, action: Any) -> str:
        match action:
            case Bid():
                return tr("Bid {bid}", bid=words.bid(action))
            case CallFraud():
                return tr("Call fraud on the last bid")
            case CallOnTarget():
                return tr("Call the last bid on target")
        return super().move_text(seat, action)

    def react(
        self,
        seat: SeatTable,
        data: str,
        values: Sequence[str] = (),
        fields: Mapping[str, str] | None = None,
    ) -> Reaction:
        verb, _, rest = data.partition(":")
        bids = [action for action in seat.legal if isinstance(action, Bid)]
        picked = whole_number(values[0], MOST_PICKED) if len(values) == 1 else None
        match verb:
            case self.REFRESH:
                return Redraw()
            case "n" if picked is not None:
                return _pick_count(bids, picked, rest)
            case "v" if (
                picked is not None and (count := whole_number(rest, MOST_PICKED)) is not None
            ):
                return _pick_value(bids, count, picked)
            case "b":
                count, value = decode_draft(rest)
                if count is None or value is None:
                    return Redraw(rest, Notice(tr("Pick a count and a value first."), "warn"))
                return Submit(Bid(count, value), draft_if_refused=encode_draft(count, value))
            case "f":
                return Submit(CallFraud())
            case "t":
                return Submit(CallOnTarget())
        return Redraw(notice=Notice(tr("That control is out of date; here is your panel."), "warn"))


def _pick_count(bids: Sequence[Bid], count: int, draft: str) -> Reaction:
    """A count chosen: keep the value already picked if it still makes a raise."""
    if not any(bid.count == count for bid in bids):
        return Redraw(draft, Notice(tr("You cannot bid that many cards now."), "warn"))
    _, value = decode_draft(draft)
    keep = value is not None and Bid(count, value) in bids
    return Redraw(encode_draft(count, value if keep else None))


def _pick_value(bids: Sequence[Bid], count: int, value: int) -> Reaction:
    if Bid(count, value) not in bids:
        return Redraw(encode_draft(count), Notice(tr("That value is not a raise now."), "warn"))
    return Redraw(encode_draft(count, value))

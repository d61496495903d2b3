"""Auf falscher Fährte on Discord: trump, the face-down pile and the trick in public, the
hand in private.

Panel custom-id data (cards as their codes, ``r7``, ``b12``, ``j``):

* ``f:<card>`` picks a card to put face down (the draft is that card, to confirm),
* ``fd:<card>`` puts it face down,
* ``p:<card>`` plays it,
* ``t:<r|y|g|b>`` makes that colour trump, ``k`` keeps trump,
* ``ref`` redraws the panel.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.tables.service import PublicTable, SeatTable
from cogs.controls import PanelButton
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
)
from games.core.game import Event
from games.core.wording import ntr, tr
from games.falsche_faehrte import GAME
from games.falsche_faehrte import text as words
from games.falsche_faehrte.cards import (
    COLOURS,
    JOKER,
    JOKER_GLYPH,
    Card,
    Colour,
    card_code,
    card_text,
    card_words,
    colour_of,
    colour_word,
    parse_card,
)
from games.falsche_faehrte.model import (
    FaceDown,
    FaehrteView,
    KeepTrump,
    Play,
    RoundScored,
    SwitchTrump,
)

__all__ = ["FalscheFaehrtePresenter"]

COLOUR_OF_LETTER = {colour.letter: colour for colour in COLOURS}
CARDS_PER_ROW = 5
TRUMP_ROW = 3
LAST_ROW = 4
FACE_DOWN_GLYPH = "🂠"


def _card(code: str) -> Card | None:
    try:
        return parse_card(code)
    except ValueError:
        return None


class FalscheFaehrtePresenter(Presenter):
    game = GAME
    colour = discord.Colour.from_rgb(178, 34, 52)
    emoji = "🐾"

    # -- the public table ------------------------------------------------------------------------

    def table(self, public: PublicTable, *, pictured: bool = False) -> list[discord.Embed]:
        view: FaehrteView = public.view
        names = public.table.names
        embed = self.embed(
            tr(
                "Auf falscher Fährte · round {round} of {rounds}",
                round=view.round,
                rounds=view.rounds,
            ),
            tr(ENDED_EARLY) if ended_early(public.table) else self._situation(view, names),
        )
        trick = self._trick(view, names)
        if trick:
            embed.add_field(name=trick[0], value=trick[1], inline=False)
        live = not ended_early(public.table)
        embed.add_field(
            name=tr("Players"),
            value=self._seats_line(view, names, live=live)
            if pictured
            else self._players(view, names, live=live),
            inline=False,
        )
        if view.history and pictured:
            # each round's summary is posted below the table anyway: the last one suffices
            last = view.history[-1]
            embed.add_field(
                name=tr("Round {round} scored", round=last.round),
                value=self._history(view, names, last=True),
            )
        elif view.history:
            embed.add_field(
                name=tr("Points by round"), value=self._history(view, names), inline=False
            )
        self.recent_field(embed, public)
        embed.set_footer(text=tr("Open my hand to see your cards and play · /tricky rules"))
        return [embed]

    def _situation(self, view: FaehrteView, names: Sequence[str]) -> str:
        lines = [
            tr("**Trump:** {colour}", colour=words.colour(view.trump)),
            tr("**Face down:** {face_down}", face_down=self._face_down(view)),
        ]
        if view.set_aside is not None:
            lines.append(tr("**Set aside this round:** {card}", card=card_text(view.set_aside)))
        if view.jokers:
            lines.append(
                tr(
                    "**Jokers played:** {jokers_played} (the first two may switch trump)",
                    jokers_played=view.jokers_played,
                )
            )
        lines.append(self._phase_line(view, names))
        return "\n".join(lines)

    @staticmethod
    def _face_down(view: FaehrteView) -> str:
        """The face-down pile: the cards turned so far, their total, and the round type once
        the last is turned (AF5)."""
        if view.phase == "face_down":
            return tr(
                "{sum} of {seats} cards in · Plus round from a total of {threshold}",
                sum=sum(view.ready),
                seats=view.seats,
                threshold=view.threshold,
            )
        # The card backs in words too: a screen reader (or a glance) should not have to
        # count glyphs.
        hidden = (
            tr(
                "{value} {hidden_face_down} still hidden",
                value=FACE_DOWN_GLYPH * view.hidden_face_down,
                hidden_face_down=view.hidden_face_down,
            )
            if view.hidden_face_down
            else ""
        )
        shown = " ".join(card_text(card) for card in view.revealed)
        line = " ".join(part for part in (shown, hidden) if part)
        if view.round_type is not None:
            return tr(
                "{line} · total {face_down_total}: **{round_kind}**, {goal}",
                line=line,
                face_down_total=view.face_down_total,
                round_kind=words.round_kind(view.round_type),
                goal=words.goal(view.round_type),
            )
        if view.revealed:
            line += tr(" · total so far {face_down_total}", face_down_total=view.face_down_total)
        return tr("{line} · Plus round from {threshold}", line=line, threshold=view.threshold)

    @staticmethod
    def _phase_line(view: FaehrteView, names: Sequence[str]) -> str:
        if view.phase == "face_down":
            waiting = ", ".join(names[seat] for seat in range(view.seats) if not view.ready[seat])
            return tr(
                "Everyone secretly puts one card face down. Still choosing: {waiting}",
                waiting=waiting,
            )
        if view.phase == "play" and view.turn is not None:
            return tr(
                "▶ **{turn}** to play · trick {trick_number} of {tricks_per_round}",
                turn=names[view.turn],
                trick_number=view.trick_number,
                tricks_per_round=view.tricks_per_round,
            )
        if view.phase == "trump" and view.choosing_trump is not None:
            why = tr("is doing worst") if view.trump_reason == "worst" else tr("played a joker")
            return tr(
                "▶ **{choosing_trump}** {why} and may switch trump",
                choosing_trump=names[view.choosing_trump],
                why=why,
            )
        return tr("The game is over.")

    @staticmethod
    def _trick(view: FaehrteView, names: Sequence[str]) -> tuple[str, str] | None:
        if view.trick:
            plays = " · ".join(f"{names[seat]} {card_text(card)}" for seat, card in view.plays)
            return tr("Trick {trick_number}", trick_number=view.trick_number), plays
        last = view.last_trick
        if last is None:
            return None
        plays = " · ".join(
            f"{names[(last.leader + i) % view.seats]} {card_text(card)}"
            for i, card in enumerate(last.cards)
        )
        taker = (
            tr("nobody takes it")
            if last.winner is None
            else tr("**{winner}** takes it", winner=names[last.winner])
        )
        return tr("Trick {number} (done)", number=last.number), f"{plays} → {taker}"

    @staticmethod
    def _players(view: FaehrteView, names: Sequence[str], *, live: bool = True) -> str:
        lines = []
        acting = view.turn if view.phase == "play" else view.choosing_trump
        for seat, name in enumerate(names):
            marker = "▶" if live and seat == acting else "·"
            note = tr(" · deals") if seat == view.dealer else ""
            if view.phase == "face_down":
                note += tr(" · ready") if view.ready[seat] else tr(" · choosing")
            lines.append(
                tr(
                    "{marker} **{name}** · {amount} · {tricks} · {seat} pts{note}",
                    marker=marker,
                    name=name,
                    amount=ntr("{count} card", "{count} cards", view.hand_sizes[seat]),
                    tricks=words.tricks(view.tricks[seat]),
                    seat=view.scores[seat],
                    note=note,
                )
            )
        return "\n".join(lines)

    @staticmethod
    def _seats_line(view: FaehrteView, names: Sequence[str], *, live: bool = True) -> str:
        """:meth:`_players` in one line, beside the picture (which draws the cards held):
        each seat's points and tricks, who deals, who is to act or still choosing."""
        acting = view.turn if view.phase == "play" else view.choosing_trump
        seats = []
        for seat, name in enumerate(names):
            marker = "▶ " if live and seat == acting else ""
            notes = [tr("{seat} pts", seat=view.scores[seat]), words.tricks(view.tricks[seat])]
            if seat == view.dealer:
                # i18n: beside the dealer's name in the list of seats.
                notes.append(tr("deals"))
            if view.phase == "face_down":
                # i18n: beside a seat's name while everyone picks a face-down card.
                notes.append(tr("ready") if view.ready[seat] else tr("choosing"))
            seats.append(f"{marker}**{name}** {', '.join(notes)}")
        return " · ".join(seats)

    @staticmethod
    def _history(view: FaehrteView, names: Sequence[str], *, last: bool = False) -> str:
        """Each round's points, a line a round (``last``: only the last round's)."""
        lines = [
            f"{scored.round}. "
            + (tr("Plus") if scored.round_type == "plus" else tr("Minus"))
            + f" ({scored.total}): "
            + " · ".join(f"{names[seat]} {points}" for seat, points in enumerate(scored.points))
            for scored in (view.history[-1:] if last else view.history)
        ]
        return clip("\n".join(lines), FIELD_TEXT)

    def result(self, public: PublicTable, *, pictured: bool = False) -> list[discord.Embed]:
        view: FaehrteView = public.view
        names = public.table.names
        outcome = public.outcome
        if outcome is None:
            embed = self.embed(
                tr("Auf falscher Fährte was stopped early"), tr("No result is recorded.")
            )
        else:
            winners = tr(" and ").join(names[seat] for seat in outcome.winners)
            title = ntr(
                "{winners} wins Auf falscher Fährte!",
                "{winners} win Auf falscher Fährte!",
                len(outcome.winners),
                winners=winners,
            )
            order = sorted(range(view.seats), key=lambda seat: outcome.places[seat])
            standings = "\n".join(
                tr(
                    "{place}. **{seat}** · {points} pts",
                    place=outcome.places[seat],
                    seat=names[seat],
                    points=outcome.scores[seat],
                )
                for seat in order
            )
            embed = self.embed(
                title,
                tr(
                    "Final standings after {rounds} rounds:\n{standings}",
                    rounds=view.rounds,
                    standings=standings,
                ),
            )
        if view.history:
            embed.add_field(
                name=tr("Points by round"), value=self._history(view, names), inline=False
            )
        return [embed]

    def announce(self, public: PublicTable, events: Sequence[Event]) -> list[discord.Embed]:
        """A summary of every round that ended: its type, the face-down cards, tricks and
        points."""
        names = public.table.names
        return [
            self._round_summary(event, names) for event in events if isinstance(event, RoundScored)
        ]

    def _round_summary(self, scored: RoundScored, names: Sequence[str]) -> discord.Embed:
        kind = words.round_kind(scored.round_type)
        embed = self.embed(
            tr(
                "Round {round} of {rounds}: {kind}",
                round=scored.round,
                rounds=scored.rounds,
                kind=kind,
            ),
            tr(
                "The face-down cards were {cards}, a total of {total}: {goal}.",
                cards=words.cards(scored.face_down),
                total=scored.total,
                goal=words.goal(scored.round_type),
            ),
        )
        embed.add_field(
            name=tr("Tricks and points"),
            value="\n".join(
                tr(
                    "**{seat}** · {tricks} → {points} pts (total {total})",
                    seat=names[seat],
                    tricks=words.tricks(scored.tricks[seat]),
                    points=scored.points[seat],
                    total=scored.scores[seat],
                )
                for seat in range(len(scored.tricks))
            ),
            inline=False,
        )
        return embed

    def ping(self, public: PublicTable, seats: Sequence[int]) -> str:
        view: FaehrteView = public.view
        if view.phase == "face_down":
            return tr("put one card face down for this round (Open my hand).")
        if view.phase == "trump":
            return tr("you may switch trump at Auf falscher Fährte (Open my hand).")
        return tr("your turn to play a card at Auf falscher Fährte.")

    # -- the private panel -----------------------------------------------------------------------

    def panel(
        self, seat: SeatTable, draft: str, notice: Notice | None, *, pictured: bool = False
    ) -> Panel:
        view: FaehrteView = seat.view
        names = seat.table.names
        hand = view.hand or ()
        picked = self._picked(seat, draft)
        lines = [notice.render()] if notice else []
        lines += [
            tr("**Your hand:** {hand_by_colour}", hand_by_colour=words.hand_by_colour(hand)),
            tr("**Trump:** {colour}", colour=words.colour(view.trump)),
            tr("**Face down:** {face_down}", face_down=self._face_down(view)),
        ]
        if view.trick:
            lines.append(
                tr("**Trick:** ")
                + " · ".join(f"{names[s]} {card_text(card)}" for s, card in view.plays)
            )
        lines.append(self._status(seat, picked))
        embed = self.embed(tr("Auf falscher Fährte · your hand"), "\n".join(lines))
        return Panel([embed], self._controls(seat, picked))

    @staticmethod
    def _picked(seat: SeatTable, draft: str) -> Card | None:
        """The face-down card being confirmed, if the draft names one the seat may choose."""
        card = _card(draft)
        return card if card is not None and FaceDown(card) in seat.legal else None

    @staticmethod
    def _status(seat: SeatTable, picked: Card | None) -> str:
        view: FaehrteView = seat.view
        names = seat.table.names
        if game_over(seat) or view.phase == "over":
            return tr("The game is over.")
        if view.phase == "face_down":
            if view.chosen is not None:
                waiting = ", ".join(
                    names[other] for other in range(view.seats) if not view.ready[other]
                )
                return tr(
                    "You put {card} face down. Waiting for: {waiting}.",
                    card=card_text(view.chosen),
                    waiting=waiting,
                )
            if picked is not None:
                return tr(
                    "Put **{card}** face down? Nobody will know it was yours.",
                    card=card_text(picked),
                )
            return tr(
                "**Pick a card to put face down.** High cards push towards a Plus round "
                "(most tricks wins), low ones towards a Minus round (fewest wins)."
            )
        if view.phase == "trump":
            chooser = view.choosing_trump
            if chooser == seat.seat:
                return tr("**You may switch trump** to another colour, or keep it.")
            return tr("Waiting for **{name}** to decide on trump.", name=names[chooser or 0])
        if view.turn != seat.seat:
            return tr("Waiting for **{name}** to play.", name=names[view.turn or 0])
        led = next((colour_of(card) for card in view.trick if card != JOKER), None)
        if led is None:
            return tr("**Your turn.** Lead any card.") if not view.trick else tr("**Your turn.**")
        return tr("**Your turn.** Follow {colour} if you can.", colour=colour_word(led))

    def _controls(self, seat: SeatTable, picked: Card | None) -> list[discord.ui.Item[Any]]:
        table_id, version = seat.table.id, seat.table.version
        items: list[discord.ui.Item[Any]] = []

        def button(data: str, **kwargs: Any) -> None:
            items.append(PanelButton(table_id, version, data, **kwargs))

        cards = [
            (action.card, "p" if isinstance(action, Play) else "f")
            for action in seat.legal
            if isinstance(action, Play | FaceDown)
        ]
        for index, (card, verb) in enumerate(cards):
            button(
                f"{verb}:{card_code(card)}",
                # The colour in words: the emoji's colour alone is lost on colour-blind
                # players and screen readers.
                label=card_words(card).capitalize(),
                emoji=JOKER_GLYPH if card == JOKER else colour_of(card).glyph,
                style=discord.ButtonStyle.primary
                if card == picked
                else discord.ButtonStyle.secondary,
                row=index // CARDS_PER_ROW,
            )
        if picked is not None:
            button(
                f"fd:{card_code(picked)}",
                label=tr("Put the {card_words} face down", card_words=card_words(picked)),
                style=discord.ButtonStyle.success,
                row=TRUMP_ROW,
            )
        for action in seat.legal:
            if isinstance(action, SwitchTrump):
                button(
                    f"t:{action.colour.letter}",
                    label=tr("Make {colour} trump", colour=colour_word(action.colour)),
                    emoji=action.colour.glyph,
                    style=discord.ButtonStyle.primary,
                    row=TRUMP_ROW,
                )
            elif isinstance(action, KeepTrump):
                button("k", label=tr("Keep trump"), row=TRUMP_ROW)
        items.append(self.refresh_button(table_id, version, row=LAST_ROW))
        return items

    def move_text(self, seat: SeatTable, action: Any) -> str:
        match action:
            case FaceDown(card=card):
                return tr("Put {card} face down", card=card_text(card))
            case Play(card=card):
                return tr("Play {card}", card=card_text(card))
            case SwitchTrump(colour=name):
                return tr("Make {name} trump", name=name)
            case KeepTrump():
                return tr("Keep trump as it is")
        return super().move_text(seat, action)

    def react(
        self,
        seat: SeatTable,
        data: str,
        values: Sequence[str] = (),
        fields: Mapping[str, str] | None = None,
    ) -> Reaction:
        verb, _, rest = data.partition(":")
        card = _card(rest)
        colour: Colour | None = COLOUR_OF_LETTER.get(rest)
        match verb:
            case self.REFRESH:
                return Redraw()
            case "f" if card is not None:
                return Redraw(draft=card_code(card))
            case "fd" if card is not None:
                return Submit(FaceDown(card))
            case "p" if card is not None:
                return Submit(Play(card))
            case "t" if colour is not None:
                return Submit(SwitchTrump(colour))
            case "k":
                return Submit(KeepTrump())
        return Redraw(notice=Notice(tr("That control is out of date; here is your panel."), "warn"))

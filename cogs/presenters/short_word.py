"""The Short Word Game on Discord: the hand's progress in public, letter cards in private.

The panel draws or takes the discard with buttons, discards with a select, and
lays words through a form: the words are typed as text and the engine works
out which cards spell them. A refused try comes back on the panel with the
reason, and the typed words ride in the *Lay words* button's custom id (the
draft, ``quit.ax,QU`` = the words, then the card to discard) so the form opens
filled in again.

``/tricky words add|remove|list`` keeps the server's house list: words it
accepts on top of the dictionary and words it bans. Each new lobby takes a copy
in its (hidden) options, so a game always plays and replays with the same words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands

from bot.errors import UserError
from bot.guilds import LobbyDefaults
from bot.tables.service import PublicTable, SeatTable
from cogs.autocomplete import house_words
from cogs.controls import PanelButton, PanelSelect, form_id
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
from cogs.replies import explain, is_moderator
from games.core.game import Event
from games.core.wording import N_, ntr, tr
from games.short_word import GAME
from games.short_word import text as words_text
from games.short_word.cards import CARDS, POINTS, Card
from games.short_word.lexicon import is_word_shape
from games.short_word.model import (
    Challenge,
    Discard,
    Draw,
    HandResult,
    HandScored,
    Lay,
    LetStand,
    ShortWordView,
)
from games.short_word.spelling import Meld
from games.short_word.text import signed

if TYPE_CHECKING:
    from bot.app import TrickyBot

__all__ = [
    "HOUSE_GAMES",
    "ShortWordPresenter",
    "card_chip",
    "decode_draft",
    "encode_draft",
    "hand_chips",
    "house_list_edit",
    "parse_words",
]

HOUSE_GAMES = ("short_word", "short_word_solitaire")
"""The games that play with the server's house list."""
HOUSE_LIMIT = 1000
MAX_WORDS = 8
DRAFT_LIMIT = 60
_SPLIT = re.compile(r"[\s,;+/]+")
_DRAFT = re.compile(r"^(?P<words>[a-z]{1,22}(?:\.[a-z]{1,22})*)(?:,(?P<discard>[A-Z]{1,2}))?$")


MOST_WORDS = 99
"""More words than any layout holds: a larger challenge index is malformed."""


def card_chip(card: Card) -> str:
    """A letter card as it is shown everywhere: ```QU·9```."""
    return f"`{card}·{POINTS[card]}`"


def hand_chips(cards: Sequence[Card]) -> str:
    return " ".join(card_chip(card) for card in cards) or tr("no cards")


def encode_draft(words: Sequence[str], discard: Card | None) -> str:
    """The typed words (and discard) as a custom-id draft, or ``""`` if they do not fit."""
    draft = ".".join(words) + (f",{discard}" if discard else "")
    return draft if len(draft) <= DRAFT_LIMIT and _DRAFT.match(draft) else ""


def decode_draft(draft: str) -> tuple[tuple[str, ...], Card | None]:
    """The words and discard a draft carries; anything malformed reads as nothing typed."""
    match = _DRAFT.match(draft)
    if match is None:
        return (), None
    discard = match["discard"]
    return tuple(match["words"].split(".")), discard if discard in CARDS else None


def parse_words(typed: str, discard_typed: str) -> tuple[tuple[str, ...], Card | None] | str:
    """What a player typed in the form, as words and a discard, or why it cannot be used."""
    words = tuple(word for word in _SPLIT.split(typed.strip().lower()) if word)
    if not words:
        return tr("Type at least one word.")
    if len(words) > MAX_WORDS:
        return tr("Lay at most {max_words} words at a time.", max_words=MAX_WORDS)
    for word in words:
        if not (word.isascii() and word.isalpha()):
            return tr("{word} is not a word: use the letters a to z only.", word=repr(word[:30]))
    named = discard_typed.strip().upper()
    if not named:
        return words, None
    if named not in CARDS:
        return tr(
            "{named} is not a card: name it by its letters, like E or QU.", named=repr(named[:10])
        )
    return words, named


def house_list_edit(
    defaults: Mapping[str, Mapping[str, Any]], word: str, *, add: bool
) -> dict[str, dict[str, Any]] | str:
    """The server's lobby defaults with ``word`` added to (or banned from) the house list.

    Adding a banned word lifts the ban; removing a house word drops it. Both
    Short Word games share the list. Returns why not when the word cannot be used.
    """
    if not is_word_shape(word):
        return tr("A house word is 2 to 22 letters a to z, nothing else.")
    edited = {key: dict(value) for key, value in defaults.items()}
    for key in HOUSE_GAMES:
        options = edited.setdefault(key, {})
        added = set(options.get("house_add", ()))
        removed = set(options.get("house_remove", ()))
        (added if add else removed).add(word)
        (removed if add else added).discard(word)
        if max(len(added), len(removed)) > HOUSE_LIMIT:
            return tr(
                "The house list is full ({house_limit} words each way).", house_limit=HOUSE_LIMIT
            )
        options["house_add"] = sorted(added)
        options["house_remove"] = sorted(removed)
    return edited


class ShortWordPresenter(Presenter):
    game = GAME
    colour = discord.Colour.from_rgb(191, 120, 40)
    emoji = "🔤"

    # -- the public table ---------------------------------------------------------------------

    def table(self, public: PublicTable, *, pictured: bool = False) -> list[discord.Embed]:
        view: ShortWordView = public.view
        names = public.table.names
        embed = self.embed(
            tr("The Short Word Game · hand {hand} of {hands}", hand=view.hand, hands=view.hands),
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
        if view.last_result is not None and not view.over:
            embed.add_field(
                name=tr("Hand {hand}", hand=view.last_result.hand),
                value=_scores_line(view.last_result, names),
                inline=False,
            )
        self.recent_field(embed, public)
        check = (
            tr("Words are checked against {dictionary}.", dictionary=view.dictionary)
            if view.validation == "dictionary"
            else tr(
                "Challenge mode: words stand unless challenged ({dictionary} decides).",
                dictionary=view.dictionary,
            )
        )
        embed.set_footer(
            text=tr("{check} Open my hand to play. /tricky words list: house words.", check=check)
        )
        return [embed]

    def _situation(self, view: ShortWordView, names: Sequence[str]) -> str:
        cards = view.hand + 2
        top = card_chip(view.top_discard) if view.top_discard else "none"
        lines = [
            tr("{cards} cards each, dealt by {dealer}.", cards=cards, dealer=names[view.dealer]),
            tr(
                "**Top discard:** {top} · **Stock:** {amount}",
                top=top,
                amount=ntr("{count} card", "{count} cards", view.stock),
            ),
        ]
        if view.went_out is not None and not view.over:
            still = ", ".join(names[seat] for seat in view.last_turns)
            lines.append(
                tr(
                    "🚪 **{went_out}** went out: everyone else has one last turn",
                    went_out=names[view.went_out],
                )
                + (tr(" (then {still}).", still=still) if still else ".")
            )
        if view.challenge_layer is not None:
            waiting = ", ".join(names[seat] for seat in view.waiting_for)
            lines.append(
                tr(
                    "⚖️ {challenge_layer}'s words are open to challenge. Deciding: {waiting}.",
                    challenge_layer=names[view.challenge_layer],
                    waiting=waiting,
                )
            )
        elif view.turn is not None:
            last = view.went_out is not None
            doing = tr("to draw") if view.step == "draw" else tr("to discard or lay words")
            turn = tr(" (last turn)") if last else ""
            lines.append(f"▶ **{names[view.turn]}** {doing}{turn}.")
        elif view.over:
            winners = tr(" and ").join(names[seat] for seat in view.winners)
            lines.append(
                tr(
                    "🏆 **{winners}** won with {amount}.",
                    winners=winners,
                    amount=ntr("{count} point", "{count} points", max(view.scores)),
                )
            )
        return "\n".join(lines)

    @staticmethod
    def _players(view: ShortWordView, names: Sequence[str], *, live: bool = True) -> str:
        lines = []
        for seat, name in enumerate(names):
            marker = "▶" if live and (view.turn == seat or seat in view.waiting_for) else "·"
            points = ntr("{count} point", "{count} points", view.scores[seat])
            line = f"{marker} **{name}** · {points}"
            if not view.over:
                line += " · " + ntr("{count} card", "{count} cards", view.card_counts[seat])
            if view.known[seat]:
                line += tr(
                    " (holds {hand_chips} from the discards)",
                    hand_chips=hand_chips(view.known[seat]),
                )
            if view.went_out == seat:
                line += tr(" · went out")
            laid = view.laid[seat]
            if laid:
                line += tr("\n  laid ") + _melds(laid, view.struck[seat])
            elif laid is not None:
                line += tr(" · laid no words")
            lines.append(line)
        return clip("\n".join(lines), 1024)

    @staticmethod
    def _seats_line(view: ShortWordView, names: Sequence[str], *, live: bool = True) -> str:
        """:meth:`_players` in one line, beside the picture (which spells the words laid
        card by card): points, cards held, the words laid by name and points."""
        seats = []
        for seat, name in enumerate(names):
            marker = "▶ " if live and (view.turn == seat or seat in view.waiting_for) else ""
            notes = [ntr("{count} point", "{count} points", view.scores[seat])]
            if not view.over:
                notes.append(ntr("{count} card", "{count} cards", view.card_counts[seat]))
            if view.known[seat]:
                notes.append(
                    tr(
                        "holds {hand_chips} from the discards",
                        hand_chips=hand_chips(view.known[seat]),
                    )
                )
            if view.went_out == seat:
                notes.append(tr("went out"))
            laid = view.laid[seat]
            if laid:
                notes.append(tr("laid ") + _words(laid, view.struck[seat]))
            elif laid is not None:
                notes.append(tr("laid no words"))
            seats.append(f"{marker}**{name}** {', '.join(notes)}")
        return clip(" · ".join(seats), 1024)

    def result(self, public: PublicTable, *, pictured: bool = False) -> list[discord.Embed]:
        view: ShortWordView = public.view
        names = public.table.names
        if public.outcome is None:
            return [
                self.embed(
                    tr("The Short Word Game was stopped early"), tr("No result is recorded.")
                )
            ]
        winners = tr(" and ").join(names[seat] for seat in view.winners)
        ranking = sorted(range(view.seats), key=lambda seat: -view.scores[seat])
        places = public.outcome.places
        standings = "\n".join(
            f"{places[seat]}. **{names[seat]}** · "
            + ntr("{count} point", "{count} points", view.scores[seat])
            for seat in ranking
        )
        title = (
            tr("{winners} wins!", winners=winners)
            if len(view.winners) == 1
            else tr("{winners} win!", winners=winners)
        )
        embed = self.embed(title, standings)
        embed.add_field(
            name=tr("Hand by hand"),
            value=clip(
                "\n".join(
                    tr("Hand {number}: ", number=number)
                    + " · ".join(
                        f"{names[seat]} {signed(score)}" for seat, score in enumerate(scores)
                    )
                    for number, scores in enumerate(view.hand_scores, start=1)
                ),
                1024,
            )
            or tr("no hands"),
            inline=False,
        )
        return [embed]

    def announce(self, public: PublicTable, events: Sequence[Event]) -> list[discord.Embed]:
        """A summary of every hand scored: words, cards left, challenges, bonuses, totals."""
        names = public.table.names
        return [
            self._hand_summary(event.result, names)
            for event in events
            if isinstance(event, HandScored)
        ]

    def _hand_summary(self, result: HandResult, names: Sequence[str]) -> discord.Embed:
        embed = self.embed(
            tr("Hand {hand} scored", hand=result.hand),
            tr(
                "**{went_out}** went out. {scores_line}",
                went_out=names[result.went_out],
                scores_line=_scores_line(result, names),
            ),
        )
        for seat, scored in enumerate(result.seats[:25]):
            lines = [
                tr("Words: {melds}", melds=_melds(scored.words, ()))
                if scored.words
                else tr("No words.")
            ]
            if scored.struck:
                points = sum(meld.points for meld in scored.struck)
                lines.append(
                    tr(
                        "Challenged out: {melds} → -{points}",
                        melds=_melds(scored.struck, ()),
                        points=points,
                    )
                )
            if scored.left:
                left = sum(POINTS[card] for card in scored.left)
                lines.append(
                    tr(
                        "Left in hand: {hand_chips} → -{left}",
                        hand_chips=hand_chips(scored.left),
                        left=left,
                    )
                )
            if scored.penalty:
                lines.append(tr("Lost challenges: -{penalty}", penalty=scored.penalty))
            bonuses = [
                name
                for name, won in (
                    (tr("most words"), scored.most_words),
                    (tr("longest word"), scored.longest_word),
                )
                if won
            ]
            if bonuses:
                lines.append(
                    tr(
                        "Bonus: {list} (+{value})",
                        list=tr(" and ").join(bonuses),
                        value=10 * len(bonuses),
                    )
                )
            embed.add_field(
                name=tr(
                    "{seat}: {signed} (total {total})",
                    seat=names[seat],
                    signed=signed(scored.score),
                    total=scored.total,
                )[:256],
                value=clip("\n".join(lines), 1024),
                inline=False,
            )
        return embed

    def ping(self, public: PublicTable, seats: Sequence[int]) -> str:
        view: ShortWordView = public.view
        if view.challenge_layer is not None:
            return tr("words were laid at The Short Word Game: challenge one or let them stand.")
        if view.went_out is not None:
            return tr(
                "your last turn at The Short Word Game: draw, lay what words you can, discard."
            )
        return tr("your turn at The Short Word Game: draw a card.")

    # -- the private panel --------------------------------------------------------------------

    def panel(
        self, seat: SeatTable, draft: str, notice: Notice | None, *, pictured: bool = False
    ) -> Panel:
        view: ShortWordView = seat.view
        names = seat.table.names
        lines = [notice.render()] if notice else []
        cards = view.hand_cards or ()
        lines.append(tr("**Your cards:** {hand_chips}", hand_chips=hand_chips(cards)))
        top = card_chip(view.top_discard) if view.top_discard else "none"
        lines.append(
            tr(
                "Top discard: {top} · Stock: {amount} · Hand {hand} of {hands}",
                top=top,
                amount=ntr("{count} card", "{count} cards", view.stock),
                hand=view.hand,
                hands=view.hands,
            )
        )
        lines.append(self._status(seat, names))
        typed, discard = decode_draft(draft)
        if typed:
            lines.append(
                tr("Your last try: {list}", list=" ".join(typed))
                + (tr(", discarding {discard}", discard=discard) if discard else "")
            )
        embed = self.embed(tr("The Short Word Game · your cards"), "\n".join(lines))
        check = (
            tr("words are checked against {dictionary}", dictionary=view.dictionary)
            if view.validation == "dictionary"
            else tr("challenge mode")
        )
        embed.set_footer(
            text=tr("Your score: {seat} · {check}", seat=view.scores[seat.seat], check=check)
        )
        return Panel([embed], self._controls(seat, draft))

    @staticmethod
    def _status(seat: SeatTable, names: Sequence[str]) -> str:
        view: ShortWordView = seat.view
        if game_over(seat) or view.over:
            return tr("The game is over.")
        if view.challenge_layer is not None:
            layer = names[view.challenge_layer]
            laid = view.laid[view.challenge_layer] or ()
            if seat.seat in seat.to_act:
                return tr(
                    "**{layer} laid** {melds}.\nChallenge one word, or let them stand. A word "
                    "in the dictionary costs you its points; one that is not counts against "
                    "{layer}.",
                    layer=layer,
                    melds=_melds(laid, ()),
                )
            if view.answered:
                chosen = (
                    tr("You challenged {upper}", upper=laid[view.my_challenge].word.upper())
                    if view.my_challenge is not None
                    else tr("You let the words stand")
                )
                return tr("{chosen}; waiting for the others.", chosen=chosen)
            return tr("The others are deciding whether to challenge your words.")
        if seat.seat != view.turn:
            if view.went_out == seat.seat:
                return tr(
                    "You went out. Waiting for **{name}**'s last turn.", name=names[view.turn or 0]
                )
            return tr("Waiting for **{name}**.", name=names[view.turn or 0])
        last = view.went_out is not None
        if view.step == "draw":
            if last:
                return tr(
                    "**Your last turn** ({name} went out): draw, then lay what words you can "
                    "and discard. Cards you keep count against you.",
                    name=names[view.went_out or 0],
                )
            return tr("**Your turn.** Draw the top card of the stock, or take the top discard.")
        if last:
            return tr(
                "**Lay words** with *Lay words…* (they need not use every card), or just "
                "discard. Cards you keep count against you."
            )
        return tr(
            "**Discard a card**, or **go out**: type words that use all your cards "
            "but the one you discard."
        )

    def _controls(self, seat: SeatTable, draft: str) -> list[discord.ui.Item[Any]]:
        table_id, version = seat.table.id, seat.table.version
        view: ShortWordView = seat.view
        items: list[discord.ui.Item[Any]] = []

        def button(data: str, **kwargs: Any) -> None:
            items.append(PanelButton(table_id, version, data, **kwargs))

        legal = seat.legal
        if Draw("stock") in legal:
            button(
                "ds",
                label=tr("Draw from the stock ({stock})", stock=view.stock),
                emoji="🎴",
                style=discord.ButtonStyle.primary,
                row=0,
            )
        if Draw("discard") in legal and view.top_discard is not None:
            top = view.top_discard
            button(
                "dd",
                label=tr("Take the discard {top}·{top2}", top=top, top2=POINTS[top]),
                style=discord.ButtonStyle.primary,
                row=0,
            )
        discards = [action.card for action in legal if isinstance(action, Discard)]
        if discards:
            last = view.went_out is not None
            button(
                f"w:{draft}" if draft else "w",
                label=tr("Lay words…") if last else tr("Go out…"),
                emoji="✍️",
                style=discord.ButtonStyle.success,
                row=0,
            )
            items.append(
                PanelSelect(
                    table_id,
                    version,
                    "x",
                    [
                        discord.SelectOption(
                            label=tr(
                                "Discard {card} ({amount})",
                                card=card,
                                amount=ntr("{count} point", "{count} points", POINTS[card]),
                            )
                            + (tr(" and lay no words") if last else ""),
                            value=card,
                        )
                        for card in discards
                    ],
                    placeholder=tr("Discard a card…"),
                    row=1,
                )
            )
        if view.challenge_layer is not None and seat.seat in seat.to_act:
            laid = view.laid[view.challenge_layer] or ()
            for index, meld in enumerate(laid[:10]):
                button(
                    f"c:{index}",
                    label=tr("Challenge {upper}", upper=meld.word.upper())[:80],
                    style=discord.ButtonStyle.danger,
                    row=2 + index // 5,
                )
            button("st", label=tr("Let them stand"), style=discord.ButtonStyle.success, row=0)
        items.append(self.refresh_button(table_id, version, row=4))
        return items

    def move_text(self, seat: SeatTable, action: Any) -> str:
        match action:
            case Draw(source="stock"):
                return tr("Draw from the stock")
            case Draw():
                return tr("Take the top discard")
            case Discard(card=card):
                return tr("Discard {card_chip}", card_chip=card_chip(card))
            case Lay(words=typed, discard=card):
                laid = ", ".join(word.upper() for word in typed)
                return tr("Lay {laid}", laid=laid) + (
                    tr(" and discard {card_chip}", card_chip=card_chip(card)) if card else ""
                )
            case Challenge():
                return tr("Challenge that word")
            case LetStand():
                return tr("Let the words stand")
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
            case self.REFRESH:
                return Redraw()
            case "ds":
                return Submit(Draw("stock"))
            case "dd":
                return Submit(Draw("discard"))
            case "x" if values and values[0] in CARDS:
                return Submit(Discard(values[0]))
            case "x":
                return Redraw(notice=Notice(tr("Pick a card to discard."), "warn"))
            case "w":
                return Ask(self._words_form(seat, rest))
            case "lay":
                return self._lay(fields or {})
            case "c" if (word := whole_number(rest, MOST_WORDS)) is not None:
                return Submit(Challenge(word))
            case "st":
                return Submit(LetStand())
        return Redraw(notice=Notice(tr("That control is out of date; here is your panel."), "warn"))

    def _words_form(self, seat: SeatTable, draft: str) -> discord.ui.Modal:
        view: ShortWordView = seat.view
        going_out = view.went_out is None
        typed, discard = decode_draft(draft)
        modal = discord.ui.Modal(
            title=tr("Go out") if going_out else tr("Lay words on your last turn"),
            custom_id=form_id(seat.table.id, seat.table.version, "lay"),
        )
        modal.add_item(
            discord.ui.TextInput(
                label=tr("Your words, separated by spaces"),
                custom_id="words",
                placeholder=tr("e.g. quit ax (every card but one)")
                if going_out
                else tr("e.g. quit ax"),
                default=" ".join(typed) or None,
                min_length=2,
                max_length=120,
            )
        )
        modal.add_item(
            discord.ui.TextInput(
                label=tr("Card to discard (optional)"),
                custom_id="discard",
                placeholder=tr("e.g. QU; left blank, your costliest spare card goes"),
                default=discard,
                required=False,
                max_length=2,
            )
        )
        return modal

    @staticmethod
    def _lay(fields: Mapping[str, str]) -> Reaction:
        parsed = parse_words(fields.get("words", ""), fields.get("discard", ""))
        if isinstance(parsed, str):
            return Redraw(notice=Notice(parsed, "warn"))
        words, discard = parsed
        return Submit(Lay(words, discard), draft_if_refused=encode_draft(words, discard))

    # -- commands -----------------------------------------------------------------------------

    def commands(self) -> list[app_commands.Command[Any, Any, Any] | app_commands.Group]:
        group = app_commands.Group(
            name="words",
            description=N_(
                "The Short Word Game: this server's house words (Manage Server to change)."
            ),
        )

        @group.command(
            name="list",
            description=N_("The words this server adds to or bans from the dictionary."),
        )
        async def list_words(interaction: discord.Interaction[Any]) -> None:
            assert interaction.guild_id is not None
            bot = cast("TrickyBot", interaction.client)
            settings = await bot.guild_settings.get(interaction.guild_id)
            options = settings.lobby_defaults.get("short_word", {})
            added = ", ".join(options.get("house_add", ())) or "none"
            banned = ", ".join(options.get("house_remove", ())) or "none"
            await explain(
                interaction,
                clip(
                    tr(
                        "**House words** (accepted on top of the dictionary): {added}\n**Banned "
                        "words**: {banned}\nNew Short Word tables use this list; games already "
                        "running keep theirs.",
                        added=added,
                        banned=banned,
                    ),
                    1900,
                ),
            )

        @group.command(
            name="add", description=N_("Accept a word the dictionary lacks, or lift a ban.")
        )
        @app_commands.describe(word=N_("The word, letters a to z only"))
        async def add(interaction: discord.Interaction[Any], word: str) -> None:
            await self._edit_house_list(interaction, word, add=True)

        @group.command(name="remove", description=N_("Ban a word, or drop a house word."))
        @app_commands.describe(word=N_("The word, letters a to z only"))
        @app_commands.autocomplete(word=house_words)
        async def remove(interaction: discord.Interaction[Any], word: str) -> None:
            await self._edit_house_list(interaction, word, add=False)

        return [group]

    async def _edit_house_list(
        self, interaction: discord.Interaction[Any], typed: str, *, add: bool
    ) -> None:
        if not is_moderator(interaction):
            await explain(
                interaction, tr("Only members with Manage Server can change the house words.")
            )
            return
        assert interaction.guild_id is not None
        bot = cast("TrickyBot", interaction.client)
        word = typed.strip().lower()

        def edit(defaults: LobbyDefaults) -> LobbyDefaults:
            edited = house_list_edit(defaults, word, add=add)
            if isinstance(edited, str):
                raise UserError(edited)  # explained by the command tree's handler
            return edited

        # The settings service saves it, as it does every server setting.
        await bot.guild_settings.edit_lobby_defaults(interaction.guild_id, edit)
        said = (
            tr("**{upper}** is now accepted", upper=word.upper())
            if add
            else tr("**{upper}** is now banned", upper=word.upper())
        )
        await explain(
            interaction,
            tr(
                "{said} at new Short Word tables on this server; games already running "
                "keep the words they started with.",
                said=said,
            ),
        )


def _melds(melds: Sequence[Meld], struck: Sequence[int]) -> str:
    """The words laid; one challenged out says so in words too (a screen reader does not
    read the strike-through)."""
    return ", ".join(
        tr("~~{meld}~~ (struck out)", meld=words_text.meld_text(meld))
        if index in struck
        else words_text.meld_text(meld)
        for index, meld in enumerate(melds)
    )


def _words(melds: Sequence[Meld], struck: Sequence[int]) -> str:
    """The words laid, by name and points only (``GI 8 and LO 5``); one challenged out
    says so in words."""
    return tr(" and ").join(
        f"{meld.word.upper()} {meld.points}" + (tr(" (struck out)") if index in struck else "")
        for index, meld in enumerate(melds)
    )


def _scores_line(result: HandResult, names: Sequence[str]) -> str:
    return " · ".join(
        f"{names[seat]} {signed(scored.score)}" for seat, scored in enumerate(result.seats)
    )

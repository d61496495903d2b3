"""Auf falscher Fährte drawn: trump, the face-down pile (backs until turned), the trick in
play order, jokers, and each seat's tricks and score."""

from __future__ import annotations

from collections.abc import Sequence

from cogs.pictures.base import standings
from cogs.pictures.kit import Back, Badge, Card, Group, Page, SeatTile, Sketch
from games.core.wording import ntr, tr
from games.falsche_faehrte import text as words
from games.falsche_faehrte.cards import (
    JOKER,
    JOKER_WORD,
    Colour,
    colour_of,
    colour_title,
    parse_card,
    value_of,
)
from games.falsche_faehrte.model import FaehrteView

__all__ = ["FaehrteArtist", "card"]

TINT = {
    Colour.RED: (232, 90, 80),
    Colour.YELLOW: (246, 210, 70),
    Colour.GREEN: (100, 180, 100),
    Colour.BLUE: (90, 150, 230),
}
"""The deck's four colours; every card also names its colour, so colour is never needed."""


def card(code: int, *, picked: bool = False, w: int = 84) -> Card:
    if code == JOKER:
        return Card(
            "J", tr(JOKER_WORD).upper(), tint=(250, 250, 250), w=w, h=int(w * 1.4), picked=picked
        )
    colour = colour_of(code)
    return Card(
        str(value_of(code)),
        colour_title(colour).upper(),
        tint=TINT[colour],
        w=w,
        h=int(w * 1.4),
        picked=picked,
    )


def _picked(view: FaehrteView, draft: str) -> int | None:
    try:
        return parse_card(draft) if draft else None
    except ValueError:
        return None


class FaehrteArtist:
    def table(self, view: FaehrteView, names: Sequence[str]) -> Sketch:
        page = Page(
            tr("Auf falscher Fährte"),
            tr(
                "Round {round} of {rounds} · trick {trick_number} of {tricks_per_round}",
                round=view.round,
                rounds=view.rounds,
                trick_number=view.trick_number,
                tricks_per_round=view.tricks_per_round,
            ),
        )
        badges = [
            Badge(tr("Trump: {colour}", colour=colour_title(view.trump)), fill=TINT[view.trump])
        ]
        if view.round_type is not None:
            badges.append(
                Badge(tr("{round_kind} round", round_kind=words.round_kind(view.round_type)))
            )
        else:
            badges.append(Badge(tr("Plus round from {threshold}", threshold=view.threshold)))
        page.row(badges)
        page.heading(
            tr("The face-down pile")
            + (
                tr(" · total {face_down_total}", face_down_total=view.face_down_total)
                if view.revealed
                else ""
            )
        )
        pile: list[Card | Back] = [card(code, w=70) for code in view.revealed]
        hidden = view.hidden_face_down if view.phase != "face_down" else sum(view.ready)
        pile += [Back(w=70, h=98) for _ in range(hidden)]
        pieces: list[Card | Back | Group] = list(pile)
        if view.set_aside is not None:
            pieces.append(Group((card(view.set_aside, w=70),), caption=tr("set aside")))
        page.row(pieces or [Badge(tr("No cards yet"))])
        if view.round_type is not None:
            page.line(words.goal(view.round_type).capitalize() + ".")
        if view.trick:
            page.heading(tr("Trick {trick_number}, in play order", trick_number=view.trick_number))
            page.row([Group((card(code),), caption=names[seat]) for seat, code in view.plays])
        elif view.last_trick is not None:
            last = view.last_trick
            winner = "nobody" if last.winner is None else names[last.winner]
            page.heading(tr("Last trick · taken by {winner}", winner=winner))
            page.row(
                [
                    Group(
                        (card(code, w=70),),
                        caption=names[(last.leader + i) % view.seats],
                        frame=(last.leader + i) % view.seats == last.winner,
                    )
                    for i, code in enumerate(last.cards)
                ]
            )
        if view.jokers:
            page.line(tr("Jokers played: {jokers_played}", jokers_played=view.jokers_played))
        if view.phase == "over":
            page.heading(tr("Final standings"))
            for line in standings(view.scores, names):
                page.line(line, size=32)
        page.heading(tr("Seats"))
        tiles = []
        for seat, name in enumerate(names):
            lines = [
                tr("Score {seat}", seat=view.scores[seat]),
                tr(
                    "{tricks} · {cards} in hand",
                    tricks=ntr("{count} trick", "{count} tricks", view.tricks[seat]),
                    cards=ntr("{count} card", "{count} cards", view.hand_sizes[seat]),
                ),
            ]
            if view.phase == "face_down":
                acting = not view.ready[seat]
                lines.append(tr("card face down") if view.ready[seat] else tr("choosing a card"))
            else:
                acting = seat in (view.turn, view.choosing_trump)
            tag = "dealer" if seat == view.dealer else ""
            tiles.append(
                SeatTile(name, tuple(lines), acting=acting and view.phase != "over", tag=tag)
            )
        page.seats(tiles)
        return page.finish()

    def hand(self, view: FaehrteView, names: Sequence[str], draft: str) -> Sketch:
        assert view.viewer is not None and view.hand is not None
        page = Page(
            tr("{viewer}'s cards", viewer=names[view.viewer]),
            tr("Round {round} · trump {colour}", round=view.round, colour=colour_title(view.trump)),
        )
        picked = _picked(view, draft)
        if view.chosen is not None:
            page.heading(tr("Your card face down"))
            page.row([card(view.chosen)])
        page.heading(
            ntr("{count} card", "{count} cards", len(view.hand))
            + (tr(" · the raised, ticked card is your pick") if picked in view.hand else "")
        )
        page.gap(8)
        page.row(
            [card(code, picked=code == picked) for code in view.hand]
            or [Badge(tr("No cards left"))],
            gap=12,
        )
        return page.finish()

"""Auf falscher Fährte drawn: trump, the face-down pile (backs until turned), the trick in
play order, jokers, and each seat's tricks and score."""

from __future__ import annotations

from collections.abc import Sequence

from cogs.pictures.base import plural, standings
from cogs.pictures.kit import Back, Badge, Card, Group, Page, SeatTile, Sketch
from games.falsche_faehrte import text as words
from games.falsche_faehrte.cards import JOKER, Colour, colour_of, parse_card, value_of
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
        return Card("J", "JOKER", tint=(250, 250, 250), w=w, h=int(w * 1.4), picked=picked)
    colour = colour_of(code)
    return Card(
        str(value_of(code)),
        colour.label.upper(),
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
            "Auf falscher Fährte",
            f"Round {view.round} of {view.rounds} · "
            f"trick {view.trick_number} of {view.tricks_per_round}",
        )
        badges = [Badge(f"Trump: {view.trump.label}", fill=TINT[view.trump])]
        if view.round_type is not None:
            badges.append(Badge(f"{words.round_kind(view.round_type)} round"))
        else:
            badges.append(Badge(f"Plus round from {view.threshold}"))
        page.row(badges)
        page.heading(
            "The face-down pile" + (f" · total {view.face_down_total}" if view.revealed else "")
        )
        pile: list[Card | Back] = [card(code, w=70) for code in view.revealed]
        hidden = view.hidden_face_down if view.phase != "face_down" else sum(view.ready)
        pile += [Back(w=70, h=98) for _ in range(hidden)]
        pieces: list[Card | Back | Group] = list(pile)
        if view.set_aside is not None:
            pieces.append(Group((card(view.set_aside, w=70),), caption="set aside"))
        page.row(pieces or [Badge("No cards yet")])
        if view.round_type is not None:
            page.line(words.goal(view.round_type).capitalize() + ".")
        if view.trick:
            page.heading(f"Trick {view.trick_number}, in play order")
            page.row([Group((card(code),), caption=names[seat]) for seat, code in view.plays])
        elif view.last_trick is not None:
            last = view.last_trick
            winner = "nobody" if last.winner is None else names[last.winner]
            page.heading(f"Last trick · taken by {winner}")
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
            page.line(f"Jokers played: {view.jokers_played}")
        if view.phase == "over":
            page.heading("Final standings")
            for line in standings(view.scores, names):
                page.line(line, size=32)
        page.heading("Seats")
        tiles = []
        for seat, name in enumerate(names):
            lines = [
                f"Score {view.scores[seat]}",
                f"{plural(view.tricks[seat], 'trick')} · "
                f"{plural(view.hand_sizes[seat], 'card')} in hand",
            ]
            if view.phase == "face_down":
                acting = not view.ready[seat]
                lines.append("card face down" if view.ready[seat] else "choosing a card")
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
            f"{names[view.viewer]}'s cards", f"Round {view.round} · trump {view.trump.label}"
        )
        picked = _picked(view, draft)
        if view.chosen is not None:
            page.heading("Your card face down")
            page.row([card(view.chosen)])
        page.heading(
            plural(len(view.hand), "card")
            + (" · the raised, ticked card is your pick" if picked in view.hand else "")
        )
        page.gap(8)
        page.row(
            [card(code, picked=code == picked) for code in view.hand] or [Badge("No cards left")],
            gap=12,
        )
        return page.finish()

"""The Fraud from Trandosha drawn: the standing bid, each seat's cards as backs, credits
and the pot, the spike dice, suit die and chance cube when in play, and the last
showdown's revealed hands."""

from __future__ import annotations

from collections.abc import Sequence

from cogs.pictures.kit import Back, Badge, Card, Die, Group, Page, SeatTile, Sketch
from cogs.presenters.fraud import decode_draft
from games.core.wording import ntr, tr
from games.fraud import text as words
from games.fraud.cards import Card as FraudCard
from games.fraud.model import Bid, FraudView

__all__ = ["FraudArtist"]

POSITIVE = (120, 170, 235)
NEGATIVE = (235, 120, 110)
"""Blue is positive and red negative, as on the chance cube (FR11); every card also has
its sign written, so colour is never needed."""


def card(c: FraudCard, *, picked: bool = False, w: int = 84) -> Card:
    if c.is_sylop:
        return Card("0", "SYLOP", tint=(240, 230, 200), w=w, h=int(w * 1.4), picked=picked)
    sign = "+" if c.value > 0 else "-"
    tint = POSITIVE if c.value > 0 else NEGATIVE
    return Card(
        f"{sign}{c.magnitude}",
        (c.suit or "").upper(),
        tint=tint,
        mark=c.suit or "",
        w=w,
        h=int(w * 1.4),
        picked=picked,
    )


class FraudArtist:
    def table(self, view: FraudView, names: Sequence[str]) -> Sketch:
        page = Page(
            tr("The Fraud from Trandosha"),
            tr(
                "Round {round} · {deck} deck · {cards_at_table} cards at the table",
                round=view.round,
                deck=view.deck,
                cards_at_table=view.cards_at_table,
            ),
        )
        standing = view.standing
        badges = [
            Badge(
                tr(
                    "Bid: {bid} · {seat}",
                    bid=str(words.bid(standing.bid)),
                    seat=names[standing.seat],
                )
                if standing is not None
                else tr("No bid yet")
            ),
        ]
        if view.pot_in_play:
            badges.append(Badge(tr("Pot {pot}", pot=view.pot)))
        page.row(badges)
        extras: list[Die | Group | Badge] = []
        if view.spike_dice is not None:
            extras.append(
                Group(
                    tuple(Die(6, face, size=64) for face in view.spike_dice),
                    caption=tr("spike dice"),
                )
            )
        if view.suit is not None:
            extras.append(
                Group(
                    (Card("", view.suit.upper(), mark=view.suit, w=70, h=80),),
                    caption=tr("suit die"),
                )
            )
        if view.sign is not None:
            extras.append(
                Group(
                    (
                        Card(
                            "+" if view.sign == "positive" else "-",
                            "BLUE" if view.sign == "positive" else "RED",
                            tint=POSITIVE if view.sign == "positive" else NEGATIVE,
                            w=70,
                            h=80,
                        ),
                    ),
                    caption=tr("chance cube"),
                )
            )
        top = view.discard_top
        if top is not None:
            extras.append(
                Group(
                    (card(top, w=70),),
                    caption=tr("discards ({discard_pile})", discard_pile=view.discard_pile),
                )
            )
        if view.draw_pile:
            extras.append(Group((Back(view.draw_pile, w=70, h=98),), caption=tr("draw pile")))
        if extras:
            page.row(extras, gap=24)
        showdown = view.last_showdown
        if showdown is not None:
            page.heading(
                tr(
                    "Round {round} showdown · {bid} bid, {matching} matching",
                    round=showdown.round,
                    bid=str(words.bid(showdown.bid)),
                    matching=showdown.matching,
                )
            )
            for fate in showdown.fates:
                page.row(
                    [
                        Group(
                            tuple(card(c, w=64) for c in fate.hand) or (Badge(tr("no cards")),),
                            caption=words.fate_line(fate, names),
                            gap=6,
                        )
                    ]
                )
        if view.phase == "over" and view.winner is not None:
            page.heading(
                tr("{winner} wins", winner=names[view.winner])
                + (tr(" by the chance cube") if view.won_by_cube else "")
            )
        page.heading(tr("Seats"))
        tiles = []
        for seat, name in enumerate(names):
            out = view.out_round[seat]
            lines = [
                ntr("{count} credit", "{count} credits", view.credits[seat]),
                ntr("{count} card", "{count} cards", view.hand_sizes[seat])
                if out is None
                else tr("out in round {out}", out=out),
            ]
            tag = "won" if view.winner == seat else ("out" if out is not None else "")
            backs = tuple(Back(w=44, h=62) for _ in range(view.hand_sizes[seat]))
            tiles.append(
                SeatTile(
                    name,
                    tuple(lines),
                    acting=seat == view.turn and view.phase != "over",
                    tag=tag,
                    pieces=backs,
                )
            )
        page.seats(tiles)
        return page.finish()

    def hand(self, view: FraudView, names: Sequence[str], draft: str) -> Sketch:
        assert view.viewer is not None and view.hand is not None
        page = Page(
            tr("{viewer}'s cards", viewer=names[view.viewer]),
            tr("Round {round} · {deck} deck", round=view.round, deck=view.deck),
        )
        count, value = decode_draft(draft)
        standing = view.standing
        if value is not None and count is not None:
            bid = words.bid(Bid(count=count, value=value))
            page.line(tr("Your bid so far: {bid}. Raised, ticked cards match it.", bid=str(bid)))
        elif standing is not None and view.matching is not None:
            page.line(
                tr(
                    "Standing bid {bid}: {matching} of your cards match.",
                    bid=str(words.bid(standing.bid)),
                    matching=view.matching,
                )
            )
        page.gap(8)
        page.row(
            [card(c, picked=value is not None and c.matches(value)) for c in view.hand]
            or [Badge(tr("No cards"))]
        )
        if view.cube_standing is not None:
            page.line(
                tr("Chance cube: your hand is {cube_standing}.", cube_standing=view.cube_standing)
            )
        if view.suit_majority:
            page.line(tr("The suit die protects your hand this round."))
        return page.finish()

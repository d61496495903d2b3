"""The Short Word Game drawn: the face-up discard and the stock, each seat's laid words as
letter cards with their points, scores; and solitaire's eight stacks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from cogs.pictures.base import standings
from cogs.pictures.kit import Back, Badge, Group, Letter, Page, SeatTile, Sketch
from cogs.presenters.short_word import decode_draft
from games.core.wording import ntr, tr
from games.short_word.cards import POINTS, Card
from games.short_word.model import ShortWordView
from games.short_word.solitaire.model import SolitaireView
from games.short_word.spelling import Meld, spellings

__all__ = ["ShortWordArtist", "SolitaireArtist"]


def letter(card: Card, *, size: int = 70, picked: bool = False, dim: bool = False) -> Letter:
    return Letter(card, POINTS[card], size=size, picked=picked, dim=dim)


def word(meld: Meld, *, size: int = 52, struck: bool = False) -> Group:
    caption = f"{meld.word.upper()} · {meld.points}" + (tr(" · struck") if struck else "")
    return Group(
        tuple(letter(card, size=size, dim=struck) for card in meld.cards), caption=caption, gap=4
    )


def _drafted(hand: Sequence[Card], words: Sequence[str], discard: Card | None) -> set[int]:
    """Which of the hand's cards the typed words (then the discard) would use: the first
    spelling of each word with the cards still free, as the panel's preview."""
    free = Counter(hand)
    used: Counter[Card] = Counter()
    for typed in words:
        spelling = next(iter(spellings(typed, free)), None)
        if spelling is not None:
            free -= Counter(spelling)
            used += Counter(spelling)
    if discard is not None and free[discard]:
        used[discard] += 1
    picked = set()
    for index, card in enumerate(hand):
        if used[card]:
            used[card] -= 1
            picked.add(index)
    return picked


class ShortWordArtist:
    def table(self, view: ShortWordView, names: Sequence[str]) -> Sketch:
        page = Page(
            tr("The Short Word Game"),
            tr(
                "Hand {hand} of {hands} · {dictionary}",
                hand=view.hand,
                hands=view.hands,
                dictionary=tr(view.dictionary),
            ),
        )
        centre: list[Group] = [
            Group((Back(view.stock, w=70, h=98),), caption=tr("stock ({stock})", stock=view.stock))
        ]
        if view.top_discard is not None:
            centre.append(
                Group(
                    (letter(view.top_discard, size=80),),
                    caption=tr("discard ({discards})", discards=view.discards),
                )
            )
        page.row(centre, gap=40)
        if view.went_out is not None:
            page.line(tr("{went_out} went out.", went_out=names[view.went_out]))
        if view.over:
            page.heading(tr("Final standings"))
            for line in standings(view.scores, names):
                page.line(line, size=32)
        for seat, laid in enumerate(view.laid):
            if laid:
                page.heading(tr("{seat}'s words", seat=names[seat]))
                page.row(
                    [
                        word(meld, struck=index in view.struck[seat])
                        for index, meld in enumerate(laid)
                    ],
                    gap=24,
                )
        page.heading(tr("Seats"))
        tiles = []
        for seat, name in enumerate(names):
            lines = [
                tr("Score {seat}", seat=view.scores[seat]),
                ntr("{count} card", "{count} cards", view.card_counts[seat]) + tr(" in hand"),
            ]
            known = tuple(letter(card, size=54) for card in view.known[seat])
            if known:
                lines.append(tr("seen taking:"))
            acting = (seat in view.waiting_for or seat == view.turn) and not view.over
            tag = "won" if seat in view.winners else ("dealer" if seat == view.dealer else "")
            tiles.append(SeatTile(name, tuple(lines), acting=acting, tag=tag, pieces=known))
        page.seats(tiles)
        return page.finish()

    def hand(self, view: ShortWordView, names: Sequence[str], draft: str) -> Sketch:
        assert view.viewer is not None and view.hand_cards is not None
        page = Page(
            tr("{viewer}'s cards", viewer=names[view.viewer]),
            tr(
                "Hand {hand} · {amount}",
                hand=view.hand,
                amount=ntr("{count} card", "{count} cards", len(view.hand_cards)),
            ),
        )
        words, discard = decode_draft(draft)
        picked = _drafted(view.hand_cards, words, discard)
        if words:
            typed = ", ".join(typed.upper() for typed in words)
            page.line(
                tr("Typed: {typed}", typed=typed)
                + (tr(" · discard {discard}", discard=discard) if discard else "")
            )
            page.line(tr("Raised, ticked cards are the ones they use."))
        page.gap(8)
        page.row(
            [
                letter(card, size=80, picked=index in picked)
                for index, card in enumerate(view.hand_cards)
            ]
            or [Badge(tr("No cards"))],
            gap=18,
        )
        if view.top_discard is not None:
            page.row(
                [Group((letter(view.top_discard, size=70),), caption=tr("top of the discards"))]
            )
        return page.finish()


class SolitaireArtist:
    def table(self, view: SolitaireView, names: Sequence[str]) -> Sketch:
        page = Page(
            tr("Short Word Solitaire"),
            tr(
                "{used} of {amount} in words · {dictionary}",
                used=view.used,
                amount=ntr("{count} card", "{count} cards", view.cards),
                dictionary=tr(view.dictionary),
            ),
        )
        if view.ending == "won":
            page.heading(tr("Every card is in a word: solitaire won!"))
        elif view.ending == "gave_up":
            page.heading(tr("Given up"))
        page.heading(tr("The eight stacks · stack: cards left in it"))
        stacks = [
            Group(
                (letter(top, size=72),) if top is not None else (Badge("0"),),
                caption=f"{i + 1}: {size}",
            )
            for i, (top, size) in enumerate(zip(view.tops, view.sizes, strict=True))
        ]
        page.row(stacks, gap=12)
        if view.words:
            page.heading(
                tr(
                    "Words made · {amount}",
                    amount=ntr("{count} word", "{count} words", len(view.words)),
                )
            )
            page.row([word(meld) for meld in view.words], gap=24)
        return page.finish()

    def hand(self, view: SolitaireView, names: Sequence[str], draft: str) -> Sketch:
        """Solitaire hides nothing from its player: the hand is the table."""
        return self.table(view, names)

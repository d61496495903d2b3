"""Short Word Solitaire in plain words."""

from __future__ import annotations

from games.core.game import Event
from games.core.wording import ntr, tr
from games.short_word.cards import card_text
from games.short_word.solitaire.model import CardMoved, GaveUp, SolitaireView, Won, WordMade
from games.short_word.text import meld_text

__all__ = ["describe", "narrate", "stack_text"]


def stack_text(number: int) -> str:
    return tr("stack {value}", value=number + 1)


def narrate(event: Event) -> str:
    match event:
        case WordMade(word=word, stacks=stacks, turned=turned, used=used):
            shown = [card_text(card) for card in turned if card is not None]
            turned_up = tr(" Turned up: {list}.", list=" ".join(shown)) if shown else ""
            emptied = [stack_text(n) for n, card in zip(stacks, turned, strict=True) if not card]
            empty = tr(" Now empty: {list}.", list=", ".join(emptied)) if emptied else ""
            return tr(
                "Made {meld} ({used} of 48 cards used).{turned_up}{empty}",
                meld=meld_text(word),
                used=used,
                turned_up=turned_up,
                empty=empty,
            )
        case CardMoved(card=card, source=source, target=target, turned=turned):
            return tr(
                "Moved {card} from {source} to {target}; {source} turned up {turned}.",
                card=card_text(card),
                source=stack_text(source),
                target=stack_text(target),
                turned=card_text(turned) if turned else tr("nothing"),
            )
        case Won():
            return tr("All 48 cards are in words: solitaire won!")
        case GaveUp(used=used):
            return tr("Gave up with {used} of 48 cards used.", used=used)
    raise TypeError(f"not a Short Word Solitaire event: {event!r}")


def describe(view: SolitaireView) -> str:
    stacks = "  ".join(
        f"{n + 1}:{card_text(top) if top else '--'}/{size}"
        for n, (top, size) in enumerate(zip(view.tops, view.sizes, strict=True))
    )
    lines = [
        stacks,
        tr(
            "{used} of {cards} used in {words}",
            used=view.used,
            cards=ntr("{count} card", "{count} cards", view.cards),
            words=ntr("{count} word", "{count} words", len(view.words)),
        ),
    ]
    if view.ending == "won":
        lines.append(tr("Won."))
    elif view.ending == "gave_up":
        lines.append(tr("Gave up."))
    return "\n".join(lines)

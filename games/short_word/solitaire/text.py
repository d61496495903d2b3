"""Short Word Solitaire in plain words."""

from __future__ import annotations

from games.core.game import Event
from games.core.wording import plural
from games.short_word.cards import card_text
from games.short_word.solitaire.model import CardMoved, GaveUp, SolitaireView, Won, WordMade
from games.short_word.text import meld_text

__all__ = ["describe", "narrate", "stack_text"]


def stack_text(number: int) -> str:
    return f"stack {number + 1}"


def narrate(event: Event) -> str:
    match event:
        case WordMade(word=word, stacks=stacks, turned=turned, used=used):
            shown = [card_text(card) for card in turned if card is not None]
            turned_up = f" Turned up: {' '.join(shown)}." if shown else ""
            emptied = [stack_text(n) for n, card in zip(stacks, turned, strict=True) if not card]
            empty = f" Now empty: {', '.join(emptied)}." if emptied else ""
            return f"Made {meld_text(word)} ({used} of 48 cards used).{turned_up}{empty}"
        case CardMoved(card=card, source=source, target=target, turned=turned):
            return (
                f"Moved {card_text(card)} from {stack_text(source)} to {stack_text(target)}; "
                f"{stack_text(source)} turned up {card_text(turned) if turned else 'nothing'}."
            )
        case Won():
            return "All 48 cards are in words: solitaire won!"
        case GaveUp(used=used):
            return f"Gave up with {used} of 48 cards used."
    raise TypeError(f"not a Short Word Solitaire event: {event!r}")


def describe(view: SolitaireView) -> str:
    stacks = "  ".join(
        f"{n + 1}:{card_text(top) if top else '--'}/{size}"
        for n, (top, size) in enumerate(zip(view.tops, view.sizes, strict=True))
    )
    lines = [
        stacks,
        f"{view.used} of {plural(view.cards, 'card')} used in {plural(len(view.words), 'word')}",
    ]
    if view.ending == "won":
        lines.append("Won.")
    elif view.ending == "gave_up":
        lines.append("Gave up.")
    return "\n".join(lines)

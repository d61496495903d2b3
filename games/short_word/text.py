"""The Short Word Game in plain words: one line per event, and the table as text."""

from __future__ import annotations

from collections.abc import Sequence

from games.core.game import Event
from games.core.wording import plural
from games.short_word.cards import card_text, cards_text, points
from games.short_word.model import (
    Answered,
    ChallengeOpened,
    ChallengesResolved,
    Discarded,
    Drew,
    DrewCard,
    GameOver,
    HandDealt,
    HandResult,
    HandScored,
    Laid,
    ShortWordView,
    StockRefilled,
    TurnStarted,
    WordAnswer,
    YourCards,
    YourLayout,
)
from games.short_word.spelling import Meld

__all__ = ["describe", "hand_summary", "meld_text", "melds_text", "narrate", "signed"]


def meld_text(meld: Meld) -> str:
    """``QUIT [QU·I·T] 16``: the word, its cards, its points."""
    return f"{meld.word.upper()} [{'·'.join(meld.cards)}] {meld.points}"


def melds_text(melds: Sequence[Meld]) -> str:
    return ", ".join(meld_text(meld) for meld in melds) or "no words"


def signed(number: int) -> str:
    return f"{number:+d}"


def _names(seats: Sequence[int], names: Sequence[str]) -> str:
    return ", ".join(names[seat] for seat in seats)


def narrate(event: Event, names: Sequence[str]) -> str:
    match event:
        case HandDealt(hand=hand, of=of, cards=cards, dealer=dealer, first=first, top_discard=top):
            return (
                f"Hand {hand} of {of}: {cards} cards each, dealt by {names[dealer]}. "
                f"{names[first]} plays first; the discard pile starts with {card_text(top)}."
            )
        case YourCards(cards=cards):
            return f"Your cards: {cards_text(cards)}."
        case TurnStarted(seat=seat, last=True):
            return f"{names[seat]} takes a last turn."
        case TurnStarted(seat=seat):
            return f"{names[seat]} is on turn."
        case StockRefilled(cards=cards):
            return f"The stock ran out: {cards} discards were shuffled into a new stock."
        case Drew(seat=seat, source="discard", card=card) if card is not None:
            return f"{names[seat]} took {card_text(card)} from the discards."
        case Drew(seat=seat):
            return f"{names[seat]} drew from the stock."
        case DrewCard(card=card):
            return f"You drew {card_text(card)}."
        case Discarded(seat=seat, card=card, last_turn=True):
            return f"{names[seat]} laid no words and discarded {card_text(card)}."
        case Discarded(seat=seat, card=card):
            return f"{names[seat]} discarded {card_text(card)}."
        case Laid(seat=seat, words=words, discard=discard, went_out=True):
            return (
                f"{names[seat]} went out with {melds_text(words)}, discarding {card_text(discard)}."
            )
        case Laid(seat=seat, words=words, discard=discard):
            return f"{names[seat]} laid {melds_text(words)} and discarded {card_text(discard)}."
        case YourLayout(words=words, discard=discard, left=left, score=score):
            kept = (
                f"; {cards_text(left)} stay in your hand and count {-points(left)}" if left else ""
            )
            return (
                f"You laid {melds_text(words)} and discarded {card_text(discard)}{kept}. "
                f"That is {signed(score)} before bonuses."
            )
        case ChallengeOpened(layer=layer, waiting=waiting):
            return (
                f"{names[layer]}'s words are open to challenge: "
                f"{_names(waiting, names)} may each challenge one word or let them stand."
            )
        case Answered(seat=seat):
            return f"{names[seat]} has decided."
        case WordAnswer(word=None):
            return "You let the words stand."
        case WordAnswer(word=word):
            return f"You challenge {str(word).upper()}."
        case ChallengesResolved(layer=layer, results=results):
            lines = []
            for result in results:
                who = _names(result.challengers, names)
                word = result.word.word.upper()
                if result.valid:
                    lines.append(
                        f"{who} challenged {word}: it is in the dictionary, so "
                        f"{who} {'loses' if len(result.challengers) == 1 else 'each lose'} "
                        f"{result.word.points}."
                    )
                else:
                    lines.append(
                        f"{who} challenged {word}: it is not in the dictionary, so its "
                        f"{result.word.points} points count against {names[layer]}."
                    )
            return " ".join(lines)
        case HandScored(result=result):
            return hand_summary(result, names)
        case GameOver(scores=scores, winners=winners):
            best = max(scores)
            if len(winners) == 1:
                return f"Game over: {names[winners[0]]} wins with {plural(best, 'point')}."
            return (
                f"Game over: {_names(winners, names)} share the win with {plural(best, 'point')}."
            )
    raise TypeError(f"not a Short Word event: {event!r}")


def hand_summary(result: HandResult, names: Sequence[str]) -> str:
    scored = ", ".join(
        f"{names[seat]} {signed(seat_result.score)} (total {seat_result.total})"
        for seat, seat_result in enumerate(result.seats)
    )
    return f"Hand {result.hand} scored: {scored}."


def describe(view: ShortWordView, names: Sequence[str]) -> str:
    lines = [
        f"Hand {view.hand} of {view.hands} · stock {view.stock} · "
        f"top discard {card_text(view.top_discard) if view.top_discard else 'none'}"
    ]
    for seat in range(view.seats):
        marks = []
        if view.turn == seat:
            marks.append("to draw" if view.step == "draw" else "to discard or lay words")
        if seat in view.waiting_for and view.turn is None and not view.over:
            marks.append("deciding on a challenge")
        if view.went_out == seat:
            marks.append("went out")
        held = plural(view.card_counts[seat], "card")
        if view.viewer == seat and view.hand_cards is not None:
            held = f"{cards_text(view.hand_cards)} (yours)"
        laid = view.laid[seat]
        words = f" · laid {melds_text(laid)}" if laid else ""
        suffix = f"  [{', '.join(marks)}]" if marks else ""
        lines.append(
            f"  {names[seat]}: {plural(view.scores[seat], 'point')} · {held}{words}{suffix}"
        )
    if view.over:
        lines.append(f"Winners: {_names(view.winners, names)}")
    return "\n".join(lines)

"""The Short Word Game in plain words: one line per event, and the table as text."""

from __future__ import annotations

from collections.abc import Sequence

from games.core.game import Event
from games.core.wording import ntr, tr
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
    return ", ".join(meld_text(meld) for meld in melds) or tr("no words")


def signed(number: int) -> str:
    return f"{number:+d}"


def _names(seats: Sequence[int], names: Sequence[str]) -> str:
    return ", ".join(names[seat] for seat in seats)


def narrate(event: Event, names: Sequence[str]) -> str:
    match event:
        case HandDealt(hand=hand, of=of, cards=cards, dealer=dealer, first=first, top_discard=top):
            return tr(
                "Hand {hand} of {of}: {cards} cards each, dealt by {dealer}. {first} "
                "plays first; the discard pile starts with {card}.",
                hand=hand,
                of=of,
                cards=cards,
                dealer=names[dealer],
                first=names[first],
                card=card_text(top),
            )
        case YourCards(cards=cards):
            return tr("Your cards: {cards}.", cards=cards_text(cards))
        case TurnStarted(seat=seat, last=True):
            return tr("{seat} takes a last turn.", seat=names[seat])
        case TurnStarted(seat=seat):
            return tr("{seat} is on turn.", seat=names[seat])
        case StockRefilled(cards=cards):
            return tr(
                "The stock ran out: {cards} discards were shuffled into a new stock.", cards=cards
            )
        case Drew(seat=seat, source="discard", card=card) if card is not None:
            return tr(
                "{seat} took {card} from the discards.", seat=names[seat], card=card_text(card)
            )
        case Drew(seat=seat):
            return tr("{seat} drew from the stock.", seat=names[seat])
        case DrewCard(card=card):
            return tr("You drew {card}.", card=card_text(card))
        case Discarded(seat=seat, card=card, last_turn=True):
            return tr(
                "{seat} laid no words and discarded {card}.", seat=names[seat], card=card_text(card)
            )
        case Discarded(seat=seat, card=card):
            return tr("{seat} discarded {card}.", seat=names[seat], card=card_text(card))
        case Laid(seat=seat, words=words, discard=discard, went_out=True):
            return tr(
                "{seat} went out with {melds}, discarding {card}.",
                seat=names[seat],
                melds=melds_text(words),
                card=card_text(discard),
            )
        case Laid(seat=seat, words=words, discard=discard):
            return tr(
                "{seat} laid {melds} and discarded {card}.",
                seat=names[seat],
                melds=melds_text(words),
                card=card_text(discard),
            )
        case YourLayout(words=words, discard=discard, left=left, score=score):
            kept = (
                tr(
                    "; {cards} stay in your hand and count {value}",
                    cards=cards_text(left),
                    value=-points(left),
                )
                if left
                else ""
            )
            return tr(
                "You laid {melds} and discarded {card}{kept}. That is {signed} before bonuses.",
                melds=melds_text(words),
                card=card_text(discard),
                kept=kept,
                signed=signed(score),
            )
        case ChallengeOpened(layer=layer, waiting=waiting):
            return tr(
                "{layer}'s words are open to challenge: {names} may each challenge one "
                "word or let them stand.",
                layer=names[layer],
                names=_names(waiting, names),
            )
        case Answered(seat=seat):
            return tr("{seat} has decided.", seat=names[seat])
        case WordAnswer(word=None):
            return tr("You let the words stand.")
        case WordAnswer(word=word):
            return tr("You challenge {upper}.", upper=str(word).upper())
        case ChallengesResolved(layer=layer, results=results):
            lines = []
            for result in results:
                who = _names(result.challengers, names)
                word = result.word.word.upper()
                if result.valid:
                    lines.append(
                        ntr(
                            "{who} challenged {word}: it is in the dictionary, so {who} loses "
                            "{points}.",
                            "{who} challenged {word}: it is in the dictionary, so {who} each lose "
                            "{points}.",
                            len(result.challengers),
                            who=who,
                            word=word,
                            points=result.word.points,
                        )
                    )
                else:
                    lines.append(
                        tr(
                            "{who} challenged {word}: it is not in the dictionary, so its {points} "
                            "points count against {layer}.",
                            who=who,
                            word=word,
                            points=result.word.points,
                            layer=names[layer],
                        )
                    )
            return " ".join(lines)
        case HandScored(result=result):
            return hand_summary(result, names)
        case GameOver(scores=scores, winners=winners):
            best = max(scores)
            if len(winners) == 1:
                return tr(
                    "Game over: {name} wins with {amount}.",
                    name=names[winners[0]],
                    amount=ntr("{count} point", "{count} points", best),
                )
            return tr(
                "Game over: {names} share the win with {amount}.",
                names=_names(winners, names),
                amount=ntr("{count} point", "{count} points", best),
            )
    raise TypeError(f"not a Short Word event: {event!r}")


def hand_summary(result: HandResult, names: Sequence[str]) -> str:
    scored = ", ".join(
        tr(
            "{seat} {signed} (total {total})",
            seat=names[seat],
            signed=signed(seat_result.score),
            total=seat_result.total,
        )
        for seat, seat_result in enumerate(result.seats)
    )
    return tr("Hand {hand} scored: {scored}.", hand=result.hand, scored=scored)


def describe(view: ShortWordView, names: Sequence[str]) -> str:
    lines = [
        tr(
            "Hand {hand} of {hands} · stock {stock} · top discard {value}",
            hand=view.hand,
            hands=view.hands,
            stock=view.stock,
            value=card_text(view.top_discard) if view.top_discard else tr("none"),
        )
    ]
    for seat in range(view.seats):
        marks = []
        if view.turn == seat:
            marks.append(tr("to draw") if view.step == "draw" else tr("to discard or lay words"))
        if seat in view.waiting_for and view.turn is None and not view.over:
            marks.append(tr("deciding on a challenge"))
        if view.went_out == seat:
            marks.append(tr("went out"))
        held = ntr("{count} card", "{count} cards", view.card_counts[seat])
        if view.viewer == seat and view.hand_cards is not None:
            held = tr("{cards} (yours)", cards=cards_text(view.hand_cards))
        laid = view.laid[seat]
        words = tr(" · laid {melds}", melds=melds_text(laid)) if laid else ""
        suffix = f"  [{', '.join(marks)}]" if marks else ""
        lines.append(
            f"  {names[seat]}: "
            + ntr("{count} point", "{count} points", view.scores[seat])
            + f" · {held}{words}{suffix}"
        )
    if view.over:
        lines.append(tr("Winners: {names}", names=_names(view.winners, names)))
    return "\n".join(lines)

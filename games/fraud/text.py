"""The Fraud from Trandosha in plain words: cards, bids, one line per event, the table as text.

A card is written with its sign, value and suit glyph (``+3●``, ``-5▲``, ``+10■``),
a sylop as ``sylop``; a bid the way players say it ("three 4s").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from games.core.game import Event
from games.core.wording import N_, ntr, tr
from games.fraud.cards import Card, Sign, Suit, matching
from games.fraud.model import (
    Bid,
    BidMade,
    Called,
    CubeRolled,
    Dealt,
    Fate,
    FraudView,
    GameWon,
    Reshuffled,
    RoundEnded,
    RoundStarted,
    Showdown,
    SpikeRolled,
    SuitRolled,
)

__all__ = [
    "bid",
    "card",
    "cards_word",
    "consequences",
    "count_word",
    "credits_word",
    "cube",
    "describe",
    "dice",
    "fate_line",
    "fate_result",
    "hand",
    "narrate",
    "suit",
    "verdict",
]

SUIT_GLYPH: dict[Suit, str] = {"circle": "●", "triangle": "▲", "square": "■"}
DIE_FACES = "⚀⚁⚂⚃⚄⚅"
NUMBER_WORDS = (
    # i18n: how many cards a bid claims, as a word: "no 4s", "three 4s" (German: the
    # feminine "eine", "keine", as in "eine 4", "drei 4er").
    N_("no"),
    N_("one"),
    N_("two"),
    N_("three"),
    N_("four"),
    N_("five"),
    N_("six"),
    N_("seven"),
    N_("eight"),
    N_("nine"),
    N_("ten"),
    N_("eleven"),
    N_("twelve"),
    N_("thirteen"),
    N_("fourteen"),
    N_("fifteen"),
    N_("sixteen"),
    N_("seventeen"),
    N_("eighteen"),
    N_("nineteen"),
    N_("twenty"),
    N_("twenty-one"),
    N_("twenty-two"),
    N_("twenty-three"),
    N_("twenty-four"),
    N_("twenty-five"),
)


SYLOP = N_("sylop")
SUIT_WORDS: dict[Suit, str] = {
    # i18n: the suits of the sabacc cards and the suit die: ● circle, ▲ triangle, ■ square.
    "circle": N_("circle"),
    "triangle": N_("triangle"),
    "square": N_("square"),
}


def card(c: Card) -> str:
    """``+4▲``, ``-2●``, or ``sylop`` in the reader's language."""
    return tr(SYLOP) if c.is_sylop else _card(c)


@cache
def _card(c: Card) -> str:
    sign = "+" if c.value > 0 else "-"
    assert c.suit is not None, "only sylops have no suit"
    return f"{sign}{c.magnitude}{SUIT_GLYPH[c.suit]}"


def hand(cards: Iterable[Card]) -> str:
    return " ".join(card(c) for c in cards) or tr("no cards")


def count_word(n: int) -> str:
    return tr(NUMBER_WORDS[n]) if 0 <= n < len(NUMBER_WORDS) else str(n)


def bid(b: Bid) -> str:
    """``three 4s``, ``one 6``."""
    # i18n: a bid: how many cards (in words) of which value: "one 6", "three 4s".
    return ntr(
        "{words} {value}", "{words} {value}s", b.count, words=count_word(b.count), value=b.value
    )


def suit(s: Suit) -> str:
    return f"{SUIT_GLYPH[s]} {tr(SUIT_WORDS[s])}"


def cube(sign: Sign) -> str:
    """The chance cube's face: blue is positive, red is negative (FR11)."""
    return tr("🟦 blue (positive)") if sign == "positive" else tr("🟥 red (negative)")


def dice(pair: tuple[int, int]) -> str:
    return " ".join(DIE_FACES[face - 1] for face in pair)


def cards_word(n: int) -> str:
    return ntr("{count} card", "{count} cards", n)


def credits_word(n: int) -> str:
    return ntr("{count} credit", "{count} credits", n)


def verdict(showdown: Showdown, names: Sequence[str]) -> str:
    """What the revealed hands say about the bid (FR6, FR9)."""
    b, found = showdown.bid, showdown.matching
    caller, bidder = names[showdown.seat], names[showdown.bidder]
    counted = ntr(
        "{count} card matches {value}s", "{count} cards match {value}s", found, value=b.value
    )
    if showdown.trigger == "spike":
        held = {fate.seat: matching(fate.hand, b.value) for fate in showdown.fates}
        most = max(held.values())
        leaders = [names[seat] for seat, n in held.items() if n == most]
        best = tr(" and ").join(leaders)
        # One sentence per case: the verb agrees with one seat or several tied for most.
        sentence = (
            N_(
                "Spike dice doubles for {caller} with {bidder}'s {bid} standing: {best} "
                "holds the most {value}s ({most}); everyone else loses a card."
            )
            if len(leaders) == 1
            else N_(
                "Spike dice doubles for {caller} with {bidder}'s {bid} standing: {best} "
                "hold the most {value}s ({most}); everyone else loses a card."
            )
        )
        return tr(
            sentence,
            caller=caller,
            bidder=bidder,
            bid=bid(b),
            best=best,
            value=b.value,
            most=most,
        )
    if showdown.trigger == "fraud":
        if found < b.count:
            return tr(
                "{counted}, fewer than {bidder}'s {bid}: a fraud, well called by {caller}.",
                counted=counted,
                bidder=bidder,
                bid=bid(b),
                caller=caller,
            )
        if found > b.count:
            return tr(
                "{counted}, more than {bidder}'s {bid}: no fraud, {caller} was wrong.",
                counted=counted,
                bidder=bidder,
                bid=bid(b),
                caller=caller,
            )
        return tr(
            "{counted}: {bidder}'s {bid} was on target, so everyone but {bidder} loses a card.",
            counted=counted,
            bidder=bidder,
            bid=bid(b),
        )
    if found == b.count:
        return tr(
            "{counted}: {bidder}'s {bid} is on target as {caller} said; everyone "
            "else loses a card.",
            counted=counted,
            bidder=bidder,
            bid=bid(b),
            caller=caller,
        )
    return tr(
        "{counted}, not {amount}: {bidder}'s {bid} was not on target, {caller} was wrong.",
        counted=counted,
        amount=b.count,
        bidder=bidder,
        bid=bid(b),
        caller=caller,
    )


REASON = {"cube": N_("chance cube"), "call": N_("the call"), "spike": N_("spike dice")}
SHIELD = {"suit": N_("suit die"), "cube": N_("chance cube")}
WIN_BACK = {"call": N_("correct call"), "cube": N_("chance cube")}


def fate_result(fate: Fate) -> str:
    """What a reveal did to one seat: ``loses a card (the call), pays 1 credit, is out``."""
    parts = []
    if fate.lost:
        why = ", ".join(REASON[reason] for reason in fate.hit)
        parts.append(
            tr(
                "loses {value} ({why})",
                value=cards_word(fate.lost) if fate.lost > 1 else tr("a card"),
                why=why,
            )
        )
    elif fate.shield is not None:
        parts.append(tr("is safe ({shield})", shield=SHIELD[fate.shield]))
    if fate.won_back:
        why = ", ".join(WIN_BACK[reason] for reason in fate.won_back)
        back = len(fate.won_back)
        parts.append(
            tr(
                "wins back {value} ({why})",
                value=cards_word(back) if back > 1 else tr("a card"),
                why=why,
            )
        )
    if fate.paid:
        parts.append(tr("pays {credits_word}", credits_word=credits_word(fate.paid)))
    if fate.out:
        parts.append(tr("is out"))
    return ", ".join(parts) if parts else tr("keeps every card")


def fate_line(fate: Fate, names: Sequence[str]) -> str:
    return f"{names[fate.seat]} {fate_result(fate)}"


def consequences(showdown: Showdown, names: Sequence[str]) -> str:
    """Who lost, won back, was shielded or went out; ``Nobody loses a card.`` otherwise."""
    lines = [
        fate_line(fate, names)
        for fate in showdown.fates
        if fate.lost or fate.won_back or fate.shield
    ]
    return "; ".join(lines) + "." if lines else tr("Nobody loses a card.")


def narrate(event: Event, names: Sequence[str]) -> str:
    match event:
        case RoundStarted(round=number, opener=opener, hand_sizes=sizes):
            return tr(
                "Round {number}: {opener} opens the bidding; {cards_word} at the table.",
                number=number,
                opener=names[opener],
                cards_word=cards_word(sum(sizes)),
            )
        case Reshuffled(cards=n):
            return tr(
                "The draw pile ran out: the {cards_word} of the discard pile are reshuffled.",
                cards_word=cards_word(n),
            )
        case Dealt(hand=cards):
            return tr("Your hand: {hand}.", hand=hand(cards))
        case SuitRolled(suit=rolled):
            return tr("The suit die shows {suit}.", suit=suit(rolled))
        case CubeRolled(sign=sign):
            return tr("The chance cube shows {cube}.", cube=cube(sign))
        case SpikeRolled(seat=seat, dice=pair) if pair[0] == pair[1]:
            return tr(
                "{seat} rolls the spike dice: {dice}, doubles!", seat=names[seat], dice=dice(pair)
            )
        case SpikeRolled(seat=seat, dice=pair):
            return tr("{seat} rolls the spike dice: {dice}.", seat=names[seat], dice=dice(pair))
        case BidMade(seat=seat, bid=b):
            return tr("{seat} bids {bid}.", seat=names[seat], bid=bid(b))
        case Called(seat=seat, call="fraud", bidder=bidder, bid=b):
            return tr(
                "{seat} calls fraud on {bidder}'s {bid}!",
                seat=names[seat],
                bidder=names[bidder],
                bid=bid(b),
            )
        case Called(seat=seat, bidder=bidder, bid=b):
            return tr(
                "{seat} calls {bidder}'s {bid} on target!",
                seat=names[seat],
                bidder=names[bidder],
                bid=bid(b),
            )
        case RoundEnded(showdown=showdown):
            return f"{verdict(showdown, names)} {consequences(showdown, names)}"
        case GameWon(seat=seat, by_cube=True, among=among, pot=pot):
            tied = ", ".join(names[s] for s in among)
            return tr(
                "{tied} all went out at once; the chance cube picks {seat} to win",
                tied=tied,
                seat=names[seat],
            ) + (tr(" and take the pot of {pot}.", pot=pot) if pot else ".")
        case GameWon(seat=seat, pot=pot):
            return tr("{seat} is the last player holding cards and wins", seat=names[seat]) + (
                tr(" the game and the pot of {pot}.", pot=pot) if pot else tr(" the game.")
            )
    raise TypeError(f"not a Fraud from Trandosha event: {event!r}")


def describe(view: FraudView, names: Sequence[str]) -> str:
    lines = [
        tr(
            "Round {round} · {deck} deck · {cards_word} held",
            round=view.round,
            deck=view.deck,
            cards_word=cards_word(view.cards_at_table),
        )
    ]
    dice_line = []
    if view.suit is not None:
        dice_line.append(tr("suit die {suit}", suit=suit(view.suit)))
    if view.sign is not None:
        dice_line.append(tr("chance cube {cube}", cube=cube(view.sign)))
    if view.spike_dice is not None:
        dice_line.append(tr("spike dice {dice}", dice=dice(view.spike_dice)))
    if dice_line:
        lines.append(tr("Dice: ") + ", ".join(dice_line))
    standing = view.standing
    if standing is not None:
        lines.append(tr("Bid: {bid} by {seat}", bid=bid(standing.bid), seat=names[standing.seat]))
    for seat in range(view.seats):
        marks = []
        if view.turn == seat:
            marks.append(tr("on turn"))
        if view.out_round[seat] is not None:
            marks.append(tr("out in round {seat}", seat=view.out_round[seat]))
        if view.winner == seat:
            marks.append("winner")
        held = cards_word(view.hand_sizes[seat])
        if view.viewer == seat and view.hand:
            held = tr("{hand} (yours)", hand=hand(view.hand))
        money = f", {credits_word(view.credits[seat])}" if view.pot_in_play else ""
        suffix = f"  [{', '.join(marks)}]" if marks else ""
        lines.append(f"  {names[seat]}: {held}{money}{suffix}")
    if view.pot_in_play:
        lines.append(tr("Pot: {pot}", pot=view.pot))
    if view.last_showdown is not None:
        lines.append(tr("Last round: {verdict}", verdict=verdict(view.last_showdown, names)))
        for fate in view.last_showdown.fates:
            lines.append(tr("  {seat} showed {hand}", seat=names[fate.seat], hand=hand(fate.hand)))
        lines.append(f"  {consequences(view.last_showdown, names)}")
    return "\n".join(lines)

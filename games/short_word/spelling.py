"""Typed words to cards: which of a seat's cards spell the words it typed (SW5).

Players type words as text. A word can often be spelled more than one way:
``quit`` from QU + I + T or from Q + U + I + T, ``thin`` with or without the TH
and IN cards. :func:`lay_out` tries every way to spell every word from the hand
(no card used twice) and keeps the one that scores best for the hand, then
says exactly why when there is none.

Nothing here knows the dictionary: whether a word is allowed is the game's
question (SW5, SW7); this module only answers whether the cards spell it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from games.core.errors import IllegalAction
from games.core.wording import N_
from games.short_word.cards import DOUBLE_CARDS, POINTS, Card, points, sort_cards

__all__ = ["Layout", "Meld", "lay_out", "spellings", "usable_spellings"]

_SINGLE = {card.lower(): card for card in POINTS if len(card) == 1}
_DOUBLE = {card.lower(): card for card in DOUBLE_CARDS}


@dataclass(frozen=True, slots=True)
class Meld:
    """A word on the table and the cards that spell it, in order."""

    word: str
    cards: tuple[Card, ...]

    @property
    def points(self) -> int:
        return points(self.cards)

    @property
    def letters(self) -> int:
        """The longest-word bonus counts letters, not cards (SW6)."""
        return len(self.word)


@dataclass(frozen=True, slots=True)
class Layout:
    """A seat's cards laid out: its words, the card it discards, and what stays in hand."""

    melds: tuple[Meld, ...]
    discard: Card
    left: tuple[Card, ...]
    """Cards in no word, the discard not included: they count against the seat (SW4)."""

    @property
    def score(self) -> int:
        return sum(meld.points for meld in self.melds) - points(self.left)


def spellings(word: str, hand: Counter[Card]) -> Iterator[tuple[Card, ...]]:
    """Every way to spell ``word`` with cards of ``hand``, each card used at most once.

    One-card spellings (``in`` as the IN card alone) are included; a word needs
    two or more cards, which the caller decides.
    """
    return iter(_spell(word, 0, hand))


def _spell(word: str, start: int, hand: Counter[Card]) -> list[tuple[Card, ...]]:
    """The spellings of ``word[start:]`` with the cards ``hand`` has left, double cards first.

    A list built by plain recursion: a word has a handful of spellings, and a generator
    per letter cost more than the spellings themselves. ``hand.get`` rather than
    ``hand[card]``, as a missing card would call :class:`Counter`'s ``__missing__`` in Python.
    """
    if start == len(word):
        return [()]
    found: list[tuple[Card, ...]] = []
    for piece, kinds in ((word[start : start + 2], _DOUBLE), (word[start], _SINGLE)):
        card = kinds.get(piece)
        if card is None or not hand.get(card):
            continue
        hand[card] -= 1  # each card used at most once down this branch
        found += [(card, *rest) for rest in _spell(word, start + len(piece), hand)]
        hand[card] += 1
    return found


def lay_out(
    hand: Sequence[Card], words: Sequence[str], *, discard: Card | None, going_out: bool
) -> Layout:
    """The best way to lay ``words`` down from ``hand`` and discard one card (SW3-SW5).

    Going out, the words must use every card but the discard. On a last turn
    any cards may stay in hand, but one card must be left to discard. When the
    seat does not name its discard, the costliest card not in a word goes, so
    the choice of spellings and discard is the one that scores best (SW5).
    Raises :class:`IllegalAction` saying why when the cards cannot do it.
    """
    held = Counter(hand)
    if discard is not None and not held[discard]:
        raise IllegalAction(N_("You have no {card} card to discard."), card=discard)
    options = [usable_spellings(word, held) for word in words]
    search = _Search(held, discard, going_out)
    search.walk(words, options, 0, [])
    if search.best is not None:
        return search.best
    raise search.why_not()


def usable_spellings(word: str, held: Counter[Card]) -> list[tuple[Card, ...]]:
    """The ways to spell ``word`` with two or more of the held cards, or why there are none."""
    found = list(spellings(word, held))
    usable = [cards for cards in found if len(cards) >= 2]
    if usable:
        return usable
    shown = word.upper()
    if found:
        raise IllegalAction(
            N_("{word} would be the single card {card}: a word needs two or more cards."),
            word=shown,
            card=found[0][0],
        )
    raise _missing(word, held)


def _missing(word: str, held: Counter[Card]) -> IllegalAction:
    """Why the hand cannot spell ``word`` at all, in the player's terms."""
    shown = word.upper()
    for letter in dict.fromkeys(word):
        need = word.count(letter)
        have = sum(n * card.lower().count(letter) for card, n in held.items())
        if have == 0:
            return IllegalAction(
                N_("You have no card with the letter {letter} for {word}."),
                letter=letter.upper(),
                word=shown,
            )
        if have < need:
            return IllegalAction(
                N_("{word} needs {need} {letter}s and your cards have {have}."),
                word=shown,
                need=need,
                letter=letter.upper(),
                have=have,
            )
    return IllegalAction(
        N_(
            "Your cards cannot spell {word}: a double-letter card such as QU or TH "
            "spells both its letters together, in that order."
        ),
        word=shown,
    )


class _Search:
    """Every combination of spellings, keeping the best that lays out legally."""

    def __init__(self, held: Counter[Card], discard: Card | None, going_out: bool) -> None:
        self.held = held
        self.discard = discard
        self.going_out = going_out
        self.best: Layout | None = None
        self.fits = False
        self.closest_left: tuple[Card, ...] | None = None
        self.uses_discard = False

    def walk(
        self,
        words: Sequence[str],
        options: list[list[tuple[Card, ...]]],
        index: int,
        chosen: list[Meld],
    ) -> None:
        if index == len(options):
            self.consider(chosen)
            return
        word = words[index]
        held = self.held
        for cards in options[index]:
            # Take the spelling's cards one by one; if the hand runs out of one, put back
            # what was taken (a spelling holds a card at most a few times).
            for taken, card in enumerate(cards):
                if not held.get(card):
                    for back in cards[:taken]:
                        held[back] += 1
                    break
                held[card] -= 1
            else:
                chosen.append(Meld(word, cards))
                self.walk(words, options, index + 1, chosen)
                chosen.pop()
                for card in cards:
                    held[card] += 1

    def consider(self, chosen: list[Meld]) -> None:
        self.fits = True
        left = sort_cards(card for card, n in self.held.items() for _ in range(n))
        if not left:
            return
        if self.going_out and len(left) != 1:
            if self.closest_left is None or len(left) < len(self.closest_left):
                self.closest_left = tuple(left)
            return
        if self.discard is None:
            discard = max(left, key=POINTS.__getitem__)
        elif self.discard in left:
            discard = self.discard
        else:
            self.uses_discard = True
            return
        left.remove(discard)
        layout = Layout(tuple(chosen), discard, tuple(left))
        if self.best is None or layout.score > self.best.score:
            self.best = layout

    def why_not(self) -> IllegalAction:
        if not self.fits:
            return IllegalAction(
                N_(
                    "Your cards cannot make all of those words at once: "
                    "a card would be needed twice."
                )
            )
        if self.uses_discard:
            return IllegalAction(
                N_("Those words need your {card} card, so it cannot be your discard."),
                card=self.discard,
            )
        if self.closest_left is not None:
            return IllegalAction(
                N_(
                    "To go out, your words must use every card but the one you discard; "
                    "{cards} would be left over."
                ),
                cards=" ".join(self.closest_left),
            )
        return IllegalAction(
            N_("Keep one card to discard: those words use every card in your hand.")
        )

"""How the computer plays Short Word Solitaire (seeds/004, solitaire; ruling SW10).

The result is the number of cards used, so the basic tactics are greedy:

* spell the word that uses the most face-up cards, preferring cards that sit on
  other cards (taking them turns up a new letter) over the last card of a stack;
* fill an empty stack from the tallest one, which has the most cards left to
  turn up;
* give up only when nothing else is legal: giving up ends the game at once, and
  while any word is left it can only cost cards.

The hard player weighs the few best words (or refills) by playing each world
out greedily; the worlds differ in the cards still face down. Without an
opponent, a finished game's worth grows with the cards used
(:func:`games.ai.tactics.worth`), so the search prefers the word that leaves the
longest run of words after it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from games.ai.knowledge import Knowledge
from games.ai.tactics import Tactics, worth
from games.short_word.cards import Card
from games.short_word.solitaire.game import SolitaireGame
from games.short_word.solitaire.model import (
    Action,
    GiveUp,
    MoveCard,
    PlayWord,
    SolitaireState,
    SolitaireView,
)
from games.short_word.spelling import spellings

__all__ = ["SEARCH_WIDTH", "TACTICS", "SolitaireTactics", "ranked"]

SolitaireKnowledge = Knowledge[SolitaireState, Action, SolitaireView]

SEARCH_WIDTH = 4
"""The hard search weighs this many of the best-ranked moves."""
ROLLOUT_MOVES = 60
"""More moves than any game can have: 48 cards, at least two a word, a refill between."""


def ranked(
    legal: Sequence[Action], tops: Sequence[Card | None], sizes: Sequence[int]
) -> list[Action]:
    """The legal moves best first by the basic tactics; giving up comes last."""
    buried = Counter(top for top, size in zip(tops, sizes, strict=True) if top and size > 1)
    showing = Counter(top for top in tops if top)

    def rank(action: Action) -> tuple[int, int, int]:
        match action:
            case PlayWord(word=word):
                cards = max(
                    (found for found in spellings(word, showing.copy()) if len(found) >= 2),
                    key=len,
                    default=(),
                )
                uncovering = sum(min(count, buried[card]) for card, count in Counter(cards).items())
                return (2, len(cards), uncovering)
            case MoveCard(source=source):
                return (1, sizes[source], -source)
            case GiveUp():
                return (0, 0, 0)

    return sorted(legal, key=rank, reverse=True)


class SolitaireTactics(Tactics[SolitaireState, Action, SolitaireView]):
    key = "short_word_solitaire"
    reason = (
        "Spell the word that uses the most face-up cards, taking cards that sit on others first."
    )

    def choose(self, knowledge: SolitaireKnowledge, rng: random.Random) -> Action:
        view = knowledge.view
        return ranked(knowledge.legal_actions(), view.tops, view.sizes)[0]

    def search_actions(self, knowledge: SolitaireKnowledge, rng: random.Random) -> list[Action]:
        view = knowledge.view
        best = ranked(knowledge.legal_actions(), view.tops, view.sizes)
        if isinstance(best[0], GiveUp):
            return best[:1]  # stuck: nothing to weigh
        words_or_refills: list[Action] = [move for move in best if not isinstance(move, GiveUp)]
        return words_or_refills[:SEARCH_WIDTH]

    def rollout(
        self, knowledge: SolitaireKnowledge, world: SolitaireState, rng: random.Random
    ) -> float:
        game = knowledge.game
        assert isinstance(game, SolitaireGame)
        for _ in range(ROLLOUT_MOVES):
            if not game.to_act(world):
                break
            tops: list[Card | None] = [stack[-1] if stack else None for stack in world.stacks]
            sizes = [len(stack) for stack in world.stacks]
            game.advance(world, 0, ranked(game.legal_actions(world, 0), tops, sizes)[0])
        return worth(game.outcome(world), 0, 1)


TACTICS = SolitaireTactics()

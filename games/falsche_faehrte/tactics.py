"""How the computer plays Auf falscher Fährte (seeds/002, rulings AF1-AF11).

The easy player follows the game's basic tactics (:mod:`advice`) from its view
(:mod:`reading`):

* face down (AF4), a strong hand gives a high card it can spare, hoping for a
  Plus round; a weak one a low card, hoping for a Minus round;
* in play it weighs each card by its odds of taking the trick and by its aim:
  all for tricks in a Plus round, all against in a Minus round, and while the
  pile is still face down, as much as the turned cards and the unseen ones
  make either likely (AF5). Wanting tricks, it wins with the cheapest card that
  holds and otherwise throws its weakest; shunning them, it sheds its
  strongest card that still loses and keeps a joker for the trick it could not
  otherwise lose (AF11);
* offered a trump switch (AF8, AF11), it picks the colour that makes its hand
  strongest when it wants tricks and weakest when it does not.

The easy player reads the table as if every face-down card were unknown; the
hard player also reckons with the card it gave itself (it lies in the pile
until turned, AF4), which tells it much sooner whether the round is Plus or
Minus. It searches (:mod:`games.ai.search`) its best few moves by the basic
tactics (both ways of pushing the pile, for the face-down card) over worlds from
the engine's redeal, which keeps every colour a seat has failed to follow out
of its hand and its own card in the pile. Its rollouts (:mod:`rollout`) play the
round out with every seat on the basic tactics (only the searching seat
remembering its face-down card, as the easy players do not) and judge the
standings after it.
"""

from __future__ import annotations

import random

from games.ai.knowledge import Knowledge
from games.ai.tactics import Tactics
from games.falsche_faehrte.advice import (
    best_first,
    face_down_choices,
    play_scores,
    trump_colour,
)
from games.falsche_faehrte.cards import JOKER
from games.falsche_faehrte.game import FACE_DOWNS, JOKER_SWITCHES, KEEP, PLAYS, SWITCHES
from games.falsche_faehrte.model import Action, FaehrteState, FaehrteView, Play
from games.falsche_faehrte.reading import aim, fair_strength, hand, read
from games.falsche_faehrte.rollout import Rollout

__all__ = ["FACE_DOWN_WIDTH", "PLAY_WIDTH", "TACTICS", "FaehrteTactics"]

FaehrteKnowledge = Knowledge[FaehrteState, Action, FaehrteView]

PLAY_WIDTH = 6
"""The hard search weighs the easy player's best this many cards to play."""
FACE_DOWN_WIDTH = 3
"""...and this many face-down cards each way: to push the total up, and down."""


class FaehrteTactics(Tactics[FaehrteState, Action, FaehrteView]):
    key = "falsche_faehrte"
    reason = (
        "Each card is weighed by its odds of taking the trick against what the round "
        "wants: tricks in a Plus round, none in a Minus round."
    )

    # -- the easy player -------------------------------------------------------------------------

    def choose(self, knowledge: FaehrteKnowledge, rng: random.Random) -> Action:
        del rng  # the basic tactics need no luck
        return _ranked(knowledge, remembers=False)[0]

    # -- the hard player's search ----------------------------------------------------------------

    def search_actions(self, knowledge: FaehrteKnowledge, rng: random.Random) -> list[Action]:
        del rng
        view = knowledge.view
        if view.phase == "face_down":
            high, low, strong = face_down_choices(hand(view), read(view), fair_strength(view))
            first, second = (high, low) if strong else (low, high)
            picks: list[Action] = []
            for pair in zip(first[:FACE_DOWN_WIDTH], second[:FACE_DOWN_WIDTH], strict=False):
                for card in pair:
                    if FACE_DOWNS[card] not in picks:
                        picks.append(FACE_DOWNS[card])
            return picks
        ranked = _ranked(knowledge, remembers=True)
        return ranked if view.phase == "trump" else ranked[:PLAY_WIDTH]

    def rollout(
        self, knowledge: FaehrteKnowledge, world: FaehrteState, rng: random.Random
    ) -> float:
        rollout = Rollout(knowledge.game, world, remembering=knowledge.seat)
        rollout.play(rng)
        return rollout.worth(knowledge.seat, rng)


TACTICS = FaehrteTactics()


def _ranked(knowledge: FaehrteKnowledge, *, remembers: bool) -> list[Action]:
    """The legal actions, the easy player's choice first (its best few, in order, in play)."""
    view = knowledge.view
    legal = knowledge.legal_actions()
    reading = read(view, remembers=remembers)
    if view.phase == "face_down":
        high, low, strong = face_down_choices(hand(view), reading, fair_strength(view))
        return [FACE_DOWNS[card] for card in (high if strong else low)]
    if view.phase == "trump":
        colour = trump_colour(hand(view), reading, aim(view, reading, remembers=remembers))
        first = KEEP if colour is None else SWITCHES[colour]
        return [first, *(action for action in legal if action != first)]
    cards = [action.card for action in legal if isinstance(action, Play)]
    wanted = aim(view, reading, remembers=remembers)
    switch = view.jokers_played < JOKER_SWITCHES
    scores = play_scores(cards, view.trick, _led(view), reading, wanted, switch)
    return [PLAYS[card] for card in best_first(cards, scores, wanted)]


def _led(view: FaehrteView) -> int:
    """The colour to follow in the trick so far (-1 before a coloured card, AF11)."""
    for card in view.trick:
        if card != JOKER:
            return card >> 4
    return -1

"""How the computer plays The Short Word Game (seeds/004, rulings SW1-SW9).

The easy player follows the basic tactics, with :mod:`games.short_word.plans`
doing the word sums:

* draw the top discard when it lets the hand go out or score more, else the stock;
* go out whenever the hand can, discarding the cheapest card that leaves every
  other card in words;
* otherwise discard the card the rest of the hand misses least: the one whose
  loss leaves the best score if the hand ended now, so high-value cards that
  fit words stay and dead ones go;
* on a last turn lay the best words the hand holds (SW4);
* in challenge mode, challenge a word only when the table's dictionary, which
  every player may consult, does not have it (SW7).
"""

from __future__ import annotations

import math
import random
from typing import cast

from games.ai.knowledge import Knowledge
from games.ai.tactics import Tactics
from games.ai.tactics import worth as share_of_win
from games.core.game import Seat
from games.short_word.cards import POINTS, Card, points, sort_cards
from games.short_word.game import ShortWordGame
from games.short_word.lexicon import Lexicon
from games.short_word.model import (
    Action,
    Challenge,
    Discard,
    Draw,
    Lay,
    LetStand,
    ShortWordState,
    ShortWordView,
)
from games.short_word.plans import Appraisal, appraise, holding, planner, undominated

__all__ = ["TACTICS", "ShortWordTactics"]

ShortWordKnowledge = Knowledge[ShortWordState, Action, ShortWordView]

LAST_TURN_DISCARDS = 2
"""On a last turn the hard search weighs layouts keeping each of this many best discards."""
OUT_DISCARDS = 3
"""Going out, the hard search weighs layouts for each of this many cheapest discards."""
WAITING_DISCARDS = 2
"""Besides going out, the hard search weighs discarding each of this many cards and waiting."""
ROLLOUT_MOVES = 60
"""A rollout plays the hand in progress to its end, or this many moves."""
HAND_SPREAD = 15.0
"""Roughly how far apart two seats' scores for one hand land, in points."""

_STOCK = Draw("stock")
_DISCARD = Draw("discard")
_STAND = LetStand()


def _lexicon(knowledge: ShortWordKnowledge) -> Lexicon:
    """The table's words: its dictionary and house list are lobby options, known to all."""
    game = cast(ShortWordGame, knowledge.game)
    return game.lexicon(knowledge.view.options)


class ShortWordTactics(Tactics[ShortWordState, Action, ShortWordView]):
    key = "short_word"
    reason = (
        "Take the discard only if it helps, go out when you can, and let go of the card "
        "your words miss least."
    )

    # -- the easy player -------------------------------------------------------------------------

    def choose(self, knowledge: ShortWordKnowledge, rng: random.Random) -> Action:
        return basic_move(knowledge.view, knowledge.derive(_lexicon))

    # -- the hard player's search ----------------------------------------------------------------

    def search_actions(self, knowledge: ShortWordKnowledge, rng: random.Random) -> list[Action]:
        view = knowledge.view
        lexicon = knowledge.derive(_lexicon)
        if view.challenge_layer is not None:
            return [challenge(view, lexicon)]
        hand = _hand(view)
        if view.step == "draw":
            # The top discard is weighed only when it makes the hand better: a card the
            # words cannot use is shown to everyone, costs the stock's chance of a better
            # one, and gets thrown away again (a watched game took a 14-point Z into a
            # three-card hand and discarded it unused, issue 28).
            legal = knowledge.legal_actions()
            weighed = [_DISCARD, _STOCK] if takes_discard(hand, view, lexicon) else [_STOCK]
            return [draw for draw in weighed if draw in legal] or legal
        plans = planner(hand, lexicon)
        appraisal = plans.appraisal
        keeps = sorted(appraisal.keep, key=lambda c: (-appraisal.keep[c], -POINTS[c], c))
        if view.went_out is not None:  # a last turn: lay words, or keep every card (SW4)
            laid = [
                plan
                for discard in keeps[:LAST_TURN_DISCARDS]
                for plan in plans.plans(discard, going_out=False)
                if plan.words
            ]
            choices: list[Action] = [Lay(plan.words, plan.discard) for plan in undominated(laid)]
            return choices or [Discard(keeps[0])]
        outs = sorted(appraisal.out, key=lambda card: (POINTS[card], card))[:OUT_DISCARDS]
        going = [plan for discard in outs for plan in plans.plans(discard, going_out=True)]
        waiting: list[Action] = [Discard(card) for card in keeps[:WAITING_DISCARDS]]
        return [*(Lay(plan.words, plan.discard) for plan in undominated(going)), *waiting]

    def rollout(
        self, knowledge: ShortWordKnowledge, world: ShortWordState, rng: random.Random
    ) -> float:
        game = cast(ShortWordGame, knowledge.game)
        lexicon = knowledge.derive(_lexicon)
        playing = world.hand
        for _ in range(ROLLOUT_MOVES):
            acting = game.to_act(world)
            if not acting or world.hand != playing:
                break
            seat = acting[0] if len(acting) == 1 else rng.choice(acting)
            # Every seat plays the basic tactics, top discard included: the rollouts once drew
            # from the stock only, so the next seat never took the card the hard seat threw,
            # nor went out on it, and going out looked no better than waiting (issue 28).
            game.advance(world, seat, basic_move(game.view(world, seat), lexicon))
        return worth(game, world, knowledge.seat, lexicon, cut_short=world.hand == playing)


TACTICS = ShortWordTactics()


def basic_move(view: ShortWordView, lexicon: Lexicon) -> Action:
    """The easy player's move, from a seat's view (see the module docstring)."""
    if view.challenge_layer is not None:
        return challenge(view, lexicon)
    hand = _hand(view)
    if view.step == "draw":
        return _DISCARD if takes_discard(hand, view, lexicon) else _STOCK
    return finish_turn(hand, view.went_out is not None, lexicon)


def worth(
    game: ShortWordGame, world: ShortWordState, seat: Seat, lexicon: Lexicon, *, cut_short: bool
) -> float:
    """What a world is worth to ``seat``, 0 to 1: its share of the win once the game is over,
    else the odds that its lead (or deficit) on the best other total holds over the hands
    left, each hand's scores spreading by about :data:`HAND_SPREAD`. A hand ``cut_short``
    counts what each seat's cards would score if it ended now."""
    outcome = game.outcome(world)
    if outcome is not None:
        return share_of_win(outcome, seat, world.seats)
    if world.seats == 1:
        return 1.0
    totals = list(world.scores)
    left = world.options.hands - world.hand + 1
    if cut_short:
        for other, cards in enumerate(world.hands):
            totals[other] += holding(tuple(cards), lexicon).score
        left -= 1
    lead = totals[seat] - max(total for other, total in enumerate(totals) if other != seat)
    return 1.0 / (1.0 + math.exp(-lead / (HAND_SPREAD * math.sqrt(left + 1))))


def challenge(view: ShortWordView, lexicon: Lexicon) -> Action:
    """Challenge the first laid word the dictionary lacks, else let them stand (SW7)."""
    layer = view.challenge_layer
    assert layer is not None
    for index, meld in enumerate(view.laid[layer] or ()):
        if meld.word not in lexicon:
            return Challenge(index)
    return _STAND


def takes_discard(hand: tuple[Card, ...], view: ShortWordView, lexicon: Lexicon) -> bool:
    """Whether the top discard makes the hand better than it already is."""
    top = view.top_discard
    if top is None:
        return False
    if view.stock + view.discards <= 1:
        return True  # the stock is empty and cannot be refilled (SW8)
    return hand_worth(appraise(sort_tuple((*hand, top)), lexicon)) > ready_worth(hand, lexicon)


def ready_worth(hand: tuple[Card, ...], lexicon: Lexicon) -> int:
    """What the hand is sure of before drawing: all its points when every card is in a word
    (then any draw lets it go out), else its best score if the hand ended now."""
    held = holding(hand, lexicon)
    return points(hand) if held.complete else held.score


def hand_worth(appraisal: Appraisal) -> int:
    """What a hand that has drawn is worth: going out, or the best it keeps."""
    out = appraisal.out_score
    return out if out is not None else appraisal.best_keep


def finish_turn(hand: tuple[Card, ...], last_turn: bool, lexicon: Lexicon) -> Action:
    """After drawing: lay the best words on a last turn, go out if the hand can, else discard
    what the hand misses least."""
    plans = planner(hand, lexicon)
    appraisal = plans.appraisal
    out = appraisal.out_discard
    if not last_turn and out is not None:
        return Lay(plans.best_plan(out, going_out=True).words, out)
    discard = max(appraisal.keep, key=lambda card: (appraisal.keep[card], POINTS[card], card))
    if last_turn:
        plan = plans.best_plan(discard, going_out=False)
        if plan.words:
            return Lay(plan.words, discard)
    return Discard(discard)


def sort_tuple(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sort_cards(cards))


def _hand(view: ShortWordView) -> tuple[Card, ...]:
    if view.hand_cards is None:
        raise ValueError("tactics need a seat's view, not the public one")
    return view.hand_cards

"""How a game tells its computer players to play well, with generic behaviour as the default.

A game gives its computer players tactics by subclassing :class:`Tactics` in
its own package (``games/<game>/tactics.py``) and exporting an instance as
its package's ``TACTICS`` (see :mod:`games.catalog`). Every hook receives a
:class:`~games.ai.knowledge.Knowledge`, so tactics see what the seat sees and
nothing more. Each hook has a generic default, so a game with no tactics yet
still gets working ``easy`` and ``hard`` players:

* :meth:`Tactics.choose` is the ``easy`` player's move, and :meth:`Tactics.explain`
  the same move with a line saying why (a practice table's hint). Generic: a one-move
  lookahead over a few sampled worlds that takes a move ending the game in the
  seat's favour, shuns one ending it against the seat, and otherwise picks at
  random. It knows nothing of the game, so it is weak where games end slowly.
* :meth:`Tactics.refine` redraws a redealt world from a better model of the
  hidden data. Generic: the redeal as it is.
* :meth:`Tactics.search_actions` is the short list the ``hard`` player's search
  weighs. Generic: every legal action in random order, or a random sample of
  :data:`SEARCH_WIDTH` when there are more.
* :meth:`Tactics.rollout` plays a sampled world on to estimate how good it is
  for the searching seat. Generic: random legal moves to the end, or for at
  most :data:`ROLLOUT_MOVES` moves.

Adding a game's tactics:

1. In ``games/<game>/tactics.py``, subclass ``Tactics[State, Action, View]``
   with ``key`` set to the game's key, and end with ``TACTICS = YourTactics()``.
2. Override :meth:`~Tactics.choose` with the game's basic tactics, reading only
   ``knowledge.view`` and ``knowledge.legal_actions()``, and return one of the
   legal actions. This alone makes ``easy`` play the game properly.
3. For ``hard``, override what helps: :meth:`~Tactics.search_actions` (a few
   good candidates; a single one is played without searching, for a move that
   cannot be wrong), :meth:`~Tactics.rollout` (a quick policy for every seat,
   each using only what it would know in the world; it may stop early and
   return an estimate) and :meth:`~Tactics.refine` (sampling that respects what
   play has revealed). A search gets about a second, so a rollout should take
   a few milliseconds. :meth:`Knowledge.derive
   <games.ai.knowledge.Knowledge.derive>` shares one deduction between hooks.
4. Export it from the game's package as ``TACTICS``, beside ``GAME``
   (``games/README.md``).
5. The shared tests in ``tests/games/ai/`` cover the new tactics at once (whole
   games at every option, no peeking, reproducible decisions); add scenario
   tests in ``tests/games/<game>/test_tactics.py`` and check the strength with
   ``uv run --locked python bench/ai.py --game <key>``.
"""

from __future__ import annotations

import random
from typing import Any, Generic, TypeVar

from games.ai.knowledge import Knowledge
from games.core.game import Game, Outcome, Seat

__all__ = [
    "GENERIC",
    "LOOKAHEAD_ACTIONS",
    "LOOKAHEAD_WORLDS",
    "ROLLOUT_MOVES",
    "SEARCH_WIDTH",
    "SOLO_SCORE_SCALE",
    "Tactics",
    "worth",
]

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
ViewT = TypeVar("ViewT")

LOOKAHEAD_WORLDS = 4
"""Worlds the generic easy move looks one move ahead in."""
LOOKAHEAD_ACTIONS = 24
"""At most this many actions, drawn at random, get the generic easy move's lookahead."""
SEARCH_WIDTH = 32
"""At most this many actions go to the hard player's search by default."""
SOLO_SCORE_SCALE = 50
"""A one-seat game's score at which it is worth 0.75 (see :func:`worth`)."""
ROLLOUT_MOVES = 200
"""A generic rollout that has not ended after this many moves counts as a fair share
(a long game, one of many hands say, is judged on its next few hands only by its tactics)."""


def worth(outcome: Outcome | None, seat: Seat, seats: int) -> float:
    """What a game is worth to ``seat``, from 0 to 1.

    With others at the table: its share of first place (a lone winner gets 1,
    seats tied for first split it, everyone else gets 0), and a fair share for
    a game that has not ended (a rollout cut short). Alone at the table the
    seat always wins, so its score decides: a finished game is worth 0.5 and
    more, nearer 1 the higher the score, and one that never ends is worth 0.
    """
    if seats == 1:
        if outcome is None:
            return 0.0
        score = outcome.scores[seat]
        return 0.5 + 0.5 * score / (abs(score) + SOLO_SCORE_SCALE)
    if outcome is None:
        return 1 / seats
    winners = outcome.winners
    return 1 / len(winners) if seat in winners else 0.0


class Tactics(Generic[StateT, ActionT, ViewT]):
    """A game's advice to its computer players; this base class plays any game generically.

    ``key`` is the game's key (empty for the generic tactics). Subclasses
    override any of the hooks; each must use only the knowledge it is given
    and worlds it samples, and must always return a legal action.
    """

    key: str = ""
    reason: str = "Looking one move ahead over the hands you cannot see, nothing does better."
    """Why the easy move is good, in one line, when :meth:`explain` has nothing sharper."""

    def explain(
        self, knowledge: Knowledge[StateT, ActionT, ViewT], rng: random.Random
    ) -> tuple[ActionT, str]:
        """The ``easy`` player's move and why, in one line (a practice table's hint).

        The move is exactly :meth:`choose`'s for the same ``rng``; a game whose tactics
        can say why branch by branch overrides this and has ``choose`` call it.
        """
        action = self.choose(knowledge, rng)
        if len(knowledge.legal_actions()) == 1:
            return action, "It is the only move you have."
        return action, self.reason

    def choose(self, knowledge: Knowledge[StateT, ActionT, ViewT], rng: random.Random) -> ActionT:
        """The ``easy`` player's move for the knowing seat."""
        legal = knowledge.legal_actions()
        if len(legal) == 1:
            return legal[0]
        game, seat = knowledge.game, knowledge.seat
        seats = knowledge.seat_count()
        tried = legal if len(legal) <= LOOKAHEAD_ACTIONS else rng.sample(legal, LOOKAHEAD_ACTIONS)
        worlds = [knowledge.sample_world(rng) for _ in range(LOOKAHEAD_WORLDS)]
        best: list[ActionT] = []
        best_score = -1.0
        for action in tried:
            score = 0.0
            for world in worlds:
                after = game.clone(world)
                game.advance(after, seat, action)
                score += worth(game.outcome(after), seat, seats)
            if score > best_score + 1e-9:
                best, best_score = [action], score
            elif score > best_score - 1e-9:
                best.append(action)
        return rng.choice(best)

    def refine(
        self, knowledge: Knowledge[StateT, ActionT, ViewT], world: StateT, rng: random.Random
    ) -> StateT:
        """Redraw a redealt ``world`` from a better model of what the seat cannot see.

        ``world`` comes from ``game.redeal`` for the knowing seat; change only
        what that seat cannot see, so that its view stays the same.
        """
        del knowledge, rng
        return world

    def search_actions(
        self, knowledge: Knowledge[StateT, ActionT, ViewT], rng: random.Random
    ) -> list[ActionT]:
        """The legal actions the ``hard`` search weighs, best first; one action ends the search.

        Generic: in random order, since ties go to the first (with no order to
        go by, a fixed one could repeat a move that gets nowhere forever).
        """
        legal = knowledge.legal_actions()
        return rng.sample(legal, min(len(legal), SEARCH_WIDTH))

    def rollout(
        self, knowledge: Knowledge[StateT, ActionT, ViewT], world: StateT, rng: random.Random
    ) -> float:
        """Play ``world`` on (mutating it) and say what it is worth to the knowing seat, 0 to 1.

        ``world`` is a sampled world in which the knowing seat has just made the
        move being weighed. Each seat's moves should use only what that seat
        knows in the world, or the estimate assumes clairvoyant opponents.
        """
        game: Game[StateT, ActionT, ViewT, Any] = knowledge.game
        for _ in range(ROLLOUT_MOVES):
            acting = game.to_act(world)
            if not acting:
                break
            seat = acting[0] if len(acting) == 1 else rng.choice(acting)
            game.advance(world, seat, game.random_action(world, seat, rng))
        return worth(game.outcome(world), knowledge.seat, game.seat_count(world))


GENERIC: Tactics[Any, Any, Any] = Tactics()
"""For games that have no tactics of their own yet."""

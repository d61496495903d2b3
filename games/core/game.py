"""The contract every game implements.

A game is a stateless :class:`Game` object plus a mutable state dataclass. The
game object knows the rules; the state holds the whole truth of one table,
hidden hands and the random generator included. Everything outside ``games/``
(the table service, the Discord presenters, computer players, tests and
benchmarks) talks to a game only through the methods below, so a new game plugs
in without special cases.

The life of a table::

    state = game.new(seats=4, seed=seed, options=game.options({"jokers": True}))
    while (acting := game.to_act(state)):
        seat = acting[0]
        action = game.parse_action(user_input)     # InvalidAction if malformed
        events = game.apply(state, seat, action)   # NotYourTurn / IllegalAction
        # (a computer player or a playout calls game.advance(): the same, telling nothing)
        text = game.dump_state(state)              # store it; load_state() to resume
    result = game.outcome(state)

Rules of the contract:

* ``apply`` validates before it mutates: when it raises, the state is exactly
  as it was. It mutates in place (no copy per action); callers that need the
  old state call :meth:`Game.clone` first.
* ``advance`` is ``apply`` for a move known to be legal: the same rules, but no
  check and no event built (like python-chess's ``push``). Computer players,
  rollouts and random playouts use it; only the table service reads events.
  A game writes each rule once, in :meth:`Game.perform`, which builds an event
  only when it is given a list to tell it to.
* Several seats may act at once (a simultaneous secret choice): ``to_act``
  lists them all and each acts once.
* Renderers only read views. ``view(state, seat)`` is everything that seat may
  know, ``view(state, None)`` is the public table. Views are frozen dataclasses
  that compare by value, which is how the conformance suite proves that no view
  depends on what its reader may not know (see :meth:`Game.redeal`).
* Events say what happened. An event with ``audience=None`` is public; one
  with a seat as its audience is that seat's private news (a draw, a roll).
* Chance lives in the state (:class:`games.core.chance.Chance`), so the seed plus
  the list of ``(seat, action)`` replays a game exactly.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from games.core.errors import CorruptState, InvalidAction, InvalidOptions
from games.core.wording import N_, Later, number, tr

__all__ = [
    "Event",
    "Game",
    "News",
    "Outcome",
    "Seat",
    "places_from_scores",
]

Seat = int
"""A player's place at the table, numbered clockwise from 0."""

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
ViewT = TypeVar("ViewT")
OptionsT = TypeVar("OptionsT", bound=BaseModel)


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Base of every event. ``audience`` is ``None`` for public news, else the one seat told."""

    audience: Seat | None = None


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended.

    ``places[seat]`` is the seat's finishing place, 1 being best; tied seats
    share a place and the next place is skipped (1, 1, 3). ``scores[seat]`` is
    the seat's final score in the game's own terms.
    """

    places: tuple[int, ...]
    scores: tuple[int, ...]

    @property
    def winners(self) -> tuple[Seat, ...]:
        return tuple(seat for seat, place in enumerate(self.places) if place == 1)

    @property
    def is_draw(self) -> bool:
        """Every seat shares first place (only meaningful with two or more seats)."""
        return len(self.places) > 1 and all(place == 1 for place in self.places)


News = list[Event] | None
"""Where :meth:`Game.perform` tells what happened; ``None`` when nobody will read it."""


def places_from_scores(scores: Sequence[int], *, higher_is_better: bool = True) -> tuple[int, ...]:
    """Competition ranking (1, 1, 3) of seats by score."""
    sign = -1 if higher_is_better else 1
    ordered = sorted(sign * score for score in scores)
    return tuple(1 + ordered.index(sign * score) for score in scores)


class Game(ABC, Generic[StateT, ActionT, ViewT, OptionsT]):
    """The rules of one game. Subclasses are stateless; one instance serves every table.

    Class attributes a game sets: ``key`` (stable id used in storage and custom
    ids), ``title``, ``summary`` (one line for menus), ``min_seats`` /
    ``max_seats``, ``options_type`` (a pydantic model whose defaults are the
    base rules), ``state_type`` (the state dataclass) and ``action_type`` (the
    discriminated union of action dataclasses, validated with pydantic).
    """

    key: str
    title: str
    summary: str
    min_seats: int
    max_seats: int
    options_type: type[OptionsT]
    state_type: type[StateT]
    action_type: Any

    def __init__(self) -> None:
        self._states: TypeAdapter[StateT] = TypeAdapter(self.state_type)
        self._actions: TypeAdapter[ActionT] = TypeAdapter(self.action_type)

    # -- setting up ------------------------------------------------------------------------------

    def options(self, raw: Mapping[str, object] | None = None) -> OptionsT:
        """Validate lobby options; missing ones take the base-rules default."""
        try:
            return self.options_type.model_validate(dict(raw or {}))
        except ValidationError as error:
            raise self._options_refused(error) from None

    def new(self, seats: int, seed: int, options: OptionsT | None = None) -> StateT:
        """A fresh table for ``seats`` players; ``seed`` fixes every random event."""
        if not self.min_seats <= seats <= self.max_seats:
            raise InvalidOptions(
                N_("{game} is played by {seat_range} players, not {seats}."),
                game=self.title,
                seat_range=Later(self.seat_range_text),
                seats=seats,
            )
        return self.setup(seats, seed, options if options is not None else self.options())

    def seat_range_text(self) -> str:
        if self.min_seats == self.max_seats:
            return str(self.min_seats)
        return tr("{least} to {most}", least=self.min_seats, most=self.max_seats)

    def _options_refused(self, error: ValidationError) -> InvalidOptions:
        """The first thing wrong with lobby options, in words a moderator can act on.

        pydantic's own message is English only, so it is kept for the log
        (``detail``) and the reader gets one of :data:`_PROBLEMS` in their language.
        """
        problem = error.errors()[0]
        name = str(problem["loc"][0]) if problem["loc"] else ""
        field = self.options_type.model_fields.get(name)
        title = field.title if field is not None and field.title else None
        option = Later(tr, title) if title else name.replace("_", " ")
        context = problem.get("ctx") or {}
        limit = next((context[key] for key in ("ge", "gt", "le", "lt") if key in context), 0)
        return InvalidOptions(
            _PROBLEMS.get(problem["type"], _UNFIT),
            option=option,
            limit=Later(number, limit) if isinstance(limit, int | float) else limit,
            detail=_first_problem(error),
        )

    @abstractmethod
    def setup(self, seats: int, seed: int, options: OptionsT) -> StateT:
        """Build the opening state (deal, roll, choose a first seat) for a valid seat count."""

    # -- playing ---------------------------------------------------------------------------------

    @abstractmethod
    def seat_count(self, state: StateT) -> int:
        """How many seats the table has."""

    @abstractmethod
    def to_act(self, state: StateT) -> tuple[Seat, ...]:
        """The seats that may act now: one on a turn, several in a simultaneous phase,
        none once the game is over."""

    @abstractmethod
    def legal_actions(self, state: StateT, seat: Seat) -> list[ActionT]:
        """Legal actions for ``seat`` now (empty if it may not act).

        Where a parameter is open-ended (a number to guess or bid, a word) a
        game lists a documented finite sample; every listed action is legal and
        :meth:`check` is the judge of anything else.
        """

    @abstractmethod
    def check(self, state: StateT, seat: Seat, action: ActionT) -> None:
        """Raise :class:`NotYourTurn` or :class:`IllegalAction` if ``seat`` may not do it."""

    @abstractmethod
    def perform(self, state: StateT, seat: Seat, action: ActionT, news: News) -> None:
        """Carry out an action already checked legal, mutating ``state``.

        Append what happened to ``news``, in order; when ``news`` is ``None`` nobody
        reads it (:meth:`advance`), so build no event that is not part of the state.
        """

    def apply(self, state: StateT, seat: Seat, action: ActionT) -> list[Event]:
        """Check then perform an action; what happened, as events. On any error the
        state is unchanged."""
        self.check(state, seat, action)
        news: list[Event] = []
        self.perform(state, seat, action, news)
        return news

    def advance(self, state: StateT, seat: Seat, action: ActionT) -> None:
        """Carry out a legal action without telling anyone: the same rules as :meth:`apply`,
        no events built and no check made (python-chess's ``push``).

        For moves that are legal by construction: one of :meth:`legal_actions`, a
        :meth:`random_action`, or a computer player's choice in a world it samples.
        Anything a person sends goes through :meth:`apply`, which checks it first.
        """
        self.perform(state, seat, action, None)

    def random_action(self, state: StateT, seat: Seat, rng: random.Random) -> ActionT:
        """A uniformly random listed legal action (games may sample faster)."""
        return rng.choice(self.legal_actions(state, seat))

    @abstractmethod
    def outcome(self, state: StateT) -> Outcome | None:
        """The result once the game is over, else ``None``."""

    # -- knowing ---------------------------------------------------------------------------------

    @abstractmethod
    def view(self, state: StateT, seat: Seat | None) -> ViewT:
        """What ``seat`` may know; ``None`` is the public table."""

    @abstractmethod
    def redeal(self, state: StateT, observer: Seat | None, rng: random.Random) -> StateT:
        """A copy of ``state`` with everything hidden from ``observer`` drawn afresh.

        The copy keeps every public fact and everything ``observer`` knows, so
        ``view(copy, observer) == view(state, observer)`` must hold; the
        conformance suite relies on this to prove views leak nothing.

        The result must depend only on what ``observer`` knows and on ``rng``:
        two states the observer cannot tell apart give the same copy for the
        same ``rng`` (gather the hidden pieces in a fixed order before
        shuffling). Future luck is hidden too, so the copy's chance is reseeded
        from ``rng``. Computer players search such copies, which is what
        guarantees they never use a hidden card.
        """

    # -- telling ---------------------------------------------------------------------------------

    @abstractmethod
    def narrate(self, event: Event, names: Sequence[str]) -> str:
        """One plain-text line for an event; ``names[seat]`` is how to call a seat."""

    @abstractmethod
    def describe(self, view: ViewT, names: Sequence[str]) -> str:
        """The view as plain text (for the terminal and logs, not Discord)."""

    # -- storing ---------------------------------------------------------------------------------

    def parse_action(self, data: object) -> ActionT:
        """Turn untrusted input (a dict or JSON text) into an action, or raise InvalidAction."""
        try:
            if isinstance(data, str | bytes):
                return self._actions.validate_json(data)
            return self._actions.validate_python(data)
        except ValidationError as error:
            # Only a forged or stale click sends a malformed action: the reader gets one
            # plain sentence, the log pydantic's detail.
            raise InvalidAction(_NOT_A_MOVE, detail=_first_problem(error)) from None

    def dump_action(self, action: ActionT) -> str:
        return self._actions.dump_json(action).decode()

    def dump_state(self, state: StateT) -> str:
        return self._states.dump_json(state).decode()

    def load_state(self, text: str | bytes) -> StateT:
        """Load a saved state, refusing anything malformed or inconsistent."""
        try:
            state = self._states.validate_json(text)
        except ValidationError as error:
            raise CorruptState(f"saved {self.title} state is malformed: {error}") from None
        self.check_state(state)
        return state

    def check_state(self, state: StateT) -> None:
        """Raise :class:`CorruptState` if ``state`` breaks an invariant (chips conserved...)."""

    def prepare(self) -> None:
        """Load anything slow the rules need (a word list) before the first move.

        The bot calls this off the event loop at start-up and in its computer
        players' worker processes; a game that needs nothing does nothing.
        """

    def clone(self, state: StateT) -> StateT:
        """An independent copy (games with hot loops override this for speed)."""
        return copy.deepcopy(state)


_PROBLEMS: dict[str, str] = {
    # pydantic's error types: https://docs.pydantic.dev/latest/errors/validation_errors/
    "greater_than_equal": N_("{option} must be at least {limit}."),
    "greater_than": N_("{option} must be more than {limit}."),
    "less_than_equal": N_("{option} must be at most {limit}."),
    "less_than": N_("{option} must be less than {limit}."),
    "int_parsing": N_("{option} must be a whole number."),
    "int_type": N_("{option} must be a whole number."),
    "int_from_float": N_("{option} must be a whole number."),
    "bool_parsing": N_("{option} must be on or off."),
    "bool_type": N_("{option} must be on or off."),
    "literal_error": N_("{option} must be one of its choices."),
    "enum": N_("{option} must be one of its choices."),
    "extra_forbidden": N_("{option} is not one of this game's options."),
}
_UNFIT = N_("{option} cannot be set to that.")
_NOT_A_MOVE = N_("That is not a move of this game.")


def _first_problem(error: ValidationError) -> str:
    problem = error.errors()[0]
    where = ".".join(str(part) for part in problem["loc"])
    return f"{where}: {problem['msg']}" if where else str(problem["msg"])

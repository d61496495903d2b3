"""Ratings: openskill's Plackett-Luce model, one board per server and game.

A result is a place per rated player (1 is best, ties share a place). AW1: a
seat taken over by a computer player ranks below every seat that stayed, so
its place is pushed behind all of theirs before rating.

The board does not show openskill's figures as they are: a newcomer's cautious
estimate (mu - 3 sigma) is 0 and goes below zero after one lost game, which
reads as a punishment. It shows :func:`points` instead, a whole number on a
scale that starts at 1,000 (docs/ratings.md), marked provisional for a player's
first few rated games; ``/tricky stats`` gives the exact figures.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from openskill.models import PlackettLuce

__all__ = [
    "MODEL",
    "PER_POINT",
    "PROVISIONAL_GAMES",
    "START",
    "BoardRating",
    "Rating",
    "Standing",
    "display",
    "places_after_takeovers",
    "points",
    "rate",
]

MODEL = PlackettLuce()


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float

    @classmethod
    def initial(cls) -> Rating:
        fresh = MODEL.rating()
        return cls(fresh.mu, fresh.sigma)

    @property
    def shown(self) -> float:
        """The cautious estimate (mu - 3 sigma), as openskill recommends, so a lucky
        newcomer does not top the board after one game: recorded with each result, and
        what the board's :func:`points` are drawn from."""
        return display(self.mu, self.sigma)


def display(mu: float, sigma: float) -> float:
    """The cautious estimate, mu - 3 sigma, to two decimals."""
    return round(mu - 3 * sigma, 2)


START = 1000
"""The board's rating of a player who has not played yet (a cautious estimate of 0)."""
PER_POINT = 40
"""Board rating per point of cautious estimate: one game moves a newcomer by about a
hundred, a settled player by a few, as on familiar chess-like scales."""
PROVISIONAL_GAMES = 5
"""Rated games before a rating is shown without a "provisional" mark: enough for it to
reflect a run of results rather than one lucky or unlucky game."""


def points(mu: float, sigma: float) -> int:
    """The rating the board shows: 1,000 + 40 x (mu - 3 sigma), never below zero.

    A monotone function of the cautious estimate, so the board's order is openskill's.
    A newcomer's estimate drops about three points after a lost game (to about 880 here),
    so a new player stays far above zero; the floor only guards the far end of a long
    losing run.
    """
    return max(0, round(START + PER_POINT * (mu - 3 * sigma)))


@dataclass(frozen=True, slots=True)
class BoardRating:
    """A player's rating on one board, as the board shows it and the figures behind it."""

    mu: float
    sigma: float
    games: int
    """Rated games on this board (since its last reset)."""

    @property
    def cautious(self) -> float:
        return display(self.mu, self.sigma)

    @property
    def points(self) -> int:
        return points(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


@dataclass(frozen=True, slots=True)
class Standing:
    """One rated player's part in a result."""

    place: int
    taken_over: bool = False


def places_after_takeovers(standings: Mapping[int, Standing]) -> dict[int, int]:
    """Places with every taken-over seat behind every seat that stayed (AW1).

    Seats that stayed keep their order; taken-over seats follow, in their own
    order, with ties kept. Places are competition ranks (1, 1, 3).
    """

    def key(player: int) -> tuple[bool, int]:
        return standings[player].taken_over, standings[player].place

    return {
        player: 1 + sum(key(other) < key(player) for other in standings) for player in standings
    }


def rate(current: Mapping[int, Rating], standings: Mapping[int, Standing]) -> dict[int, Rating]:
    """New ratings for the players of one result; ``current`` lacks newcomers."""
    players = list(standings)
    if len(players) < 2:
        return {player: current.get(player, Rating.initial()) for player in players}
    places = places_after_takeovers(standings)
    teams = [
        [MODEL.rating(mu=rating.mu, sigma=rating.sigma)]
        for rating in (current.get(player, Rating.initial()) for player in players)
    ]
    rated = MODEL.rate(teams, ranks=[float(places[player]) for player in players])
    return {
        player: Rating(team[0].mu, team[0].sigma)
        for player, team in zip(players, rated, strict=True)
    }

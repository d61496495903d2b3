"""Ratings: openskill's Plackett-Luce model, one board per server and game.

A result is a place per rated player (1 is best, ties share a place). AW1: a
seat taken over by a computer player ranks below every seat that stayed, so
its place is pushed behind all of theirs before rating.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from openskill.models import PlackettLuce

__all__ = ["MODEL", "Rating", "Standing", "display", "places_after_takeovers", "rate"]

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
        """The number on the leaderboard: a cautious estimate (mu - 3 sigma), as openskill
        recommends, so a lucky newcomer does not top the board after one game."""
        return display(self.mu, self.sigma)


def display(mu: float, sigma: float) -> float:
    return round(mu - 3 * sigma, 2)


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

"""Computer players for every game, written once against the engine contract.

Modules, in the order they build on each other:

* :mod:`games.ai.knowledge`: :class:`~games.ai.knowledge.Knowledge`, all a computer
  player is ever given: one seat's view, its legal actions and worlds sampled
  from what it knows. Never the state itself.
* :mod:`games.ai.tactics`: :class:`~games.ai.tactics.Tactics`, the hooks a game
  fills in to make its computer players play well, with generic behaviour for a
  game that has none yet.
* :mod:`games.ai.player`: the budget, the player interface and the ``random``
  and ``easy`` players.
* :mod:`games.ai.search`: the ``hard`` player, a search over sampled worlds.
* :mod:`games.ai.catalog`: each game's tactics, by game key.
* :mod:`games.ai.levels`: players by level name, which is what the bot uses.

This package stays free of imports so that a game's tactics module can import
the pieces above without importing every other game's tactics.
"""

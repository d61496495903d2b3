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
* :mod:`games.ai.levels`: players by level name, which is what the bot uses.

Nothing here imports a game: a game's tactics module imports the pieces above,
and :mod:`games.catalog`, above both, hands each player the hosted games'
tactics (:func:`games.catalog.computer_player`).
"""

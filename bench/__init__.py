"""Benchmarks: they print tables of numbers and pass or fail nothing.

Run them from the repository root, for example ``uv run python -m bench.engines``.
``bench.machine`` measures the machine itself, so numbers taken on a busy or
slow machine can be told apart from slow code.
"""

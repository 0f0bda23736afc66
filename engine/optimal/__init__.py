"""Provably optimal play: the solver (its core in C) and the trees it ships.

Import `engine.optimal.search` to solve; `engine.optimal.tree` reads shipped trees without the solver's core.
"""

"""Provably optimal play: the solver (needs numba, the `solver` extra) and the trees it ships.

Import `engine.optimal.search` to solve; `engine.optimal.tree` reads shipped trees without numba.
"""

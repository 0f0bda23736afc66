"""Provably optimal play: the solver (compiled with numba) and the trees it ships.

Import `engine.optimal.search` to solve; `engine.optimal.tree` reads shipped trees without numba.
"""

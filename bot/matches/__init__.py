"""Matches: what races, duels and versus games share (players, moves, turns, timers, endings)."""

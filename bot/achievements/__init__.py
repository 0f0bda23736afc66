"""Achievements: each awarded once when its feat can be known, announced under the reply that earned it."""

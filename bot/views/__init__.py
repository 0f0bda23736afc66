"""Presenters: service results turned into replies, using texts and keyboards. No I/O."""

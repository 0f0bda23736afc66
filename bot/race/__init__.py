"""/challenge: a group race, everyone guessing the bot's one code, the first to find it winning."""

from __future__ import annotations

"""/language: the language the bot speaks in a chat."""

from __future__ import annotations

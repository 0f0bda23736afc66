"""/settings: a chat's settings panel, one message whose buttons change a setting each."""

from __future__ import annotations

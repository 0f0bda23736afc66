"""/help and /rules, and the answer to whatever no other feature answered."""

from __future__ import annotations

"""Inline mode: what typing @bot in any chat offers (the daily, an invitation to race, a stats card)."""

from __future__ import annotations

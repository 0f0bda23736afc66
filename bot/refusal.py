"""Why something was not done: a texts key and its parameters. Nothing changed."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Refusal:
    """A code that is no code of the variant, an answer no code could give, a move out of turn: the texts key
    that says why, and its parameters; nothing changed."""

    key: str
    params: dict[str, object] = field(default_factory=dict)

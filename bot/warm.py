"""Made ready before the first update: the engine's kernels, tables and the classic game's tree loaded, and what was
loaded kept out of the collector's way."""

from __future__ import annotations

import gc

from engine.analysis import review_move
from engine.guesser import next_guess
from engine.history import Turn
from engine.scoring import score
from engine.variant import PRESETS


def warm_up() -> str:
    """Load what the first coached move and the first guess of the classic game need (tables, trees), so the
    first player does not wait for it; run in a thread at start-up. Which kernels the engine runs comes back:
    'C', or 'numpy' where the C extension was not built."""
    import engine
    from engine import kernels

    engine.warm_up()
    classic = PRESETS["classic"]
    review_move(classic, [Turn("0123", score("4567", "0123"))])
    next_guess(classic, ())
    return kernels.backend()


_heap_settled = [False]


def settle_heap() -> None:
    """Once a process, after warm_up: collect, then keep everything loaded so far (modules, the engine's
    trees and tables) out of the collector's full passes. Each such pass walked it all with the GIL held,
    wherever it struck: in the middle of a batch on the event loop."""
    if not _heap_settled[0]:
        _heap_settled[0] = True
        gc.collect()
        gc.freeze()

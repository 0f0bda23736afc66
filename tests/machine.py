"""What this machine may lack, so that the tests needing it skip with a reason instead of failing."""

from importlib.util import find_spec

import pytest

NO_SOLVER_CORE = (
    "the optimal solver's C core (engine.optimal.kernel) is not built here: it needs a C compiler and the Python"
    " headers at install (Debian: apt-get install gcc python3-dev, then pip install -e . again)"
)
HAS_SOLVER_CORE = find_spec("engine.optimal.kernel") is not None
needs_solver_core = pytest.mark.skipif(not HAS_SOLVER_CORE, reason=NO_SOLVER_CORE)

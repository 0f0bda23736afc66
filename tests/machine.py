"""What this machine may lack, so that the tests needing it skip with a reason instead of failing."""

from importlib.util import find_spec

import pytest

NO_SOLVER_CORE = (
    "the optimal solver's C core (engine.optimal.core) is not built here: it needs a C compiler and the Python"
    " headers at install (Debian: apt-get install gcc python3-dev, then pip install -e . again)"
)
HAS_SOLVER_CORE = find_spec("engine.optimal.core") is not None
needs_solver_core = pytest.mark.skipif(not HAS_SOLVER_CORE, reason=NO_SOLVER_CORE)

NO_C_KERNELS = (
    "the engine's C kernels (engine.kernels.native) are not built here: the engine plays with their numpy fallback; to"
    " test both, install a C compiler and the Python headers (Debian: apt-get install gcc python3-dev), then"
    " pip install -e . again"
)
HAS_C_KERNELS = find_spec("engine.kernels.native") is not None
needs_c_kernels = pytest.mark.skipif(not HAS_C_KERNELS, reason=NO_C_KERNELS)

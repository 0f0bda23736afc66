"""`python -m bot.cli COMMAND`: the same as `bullscows COMMAND`."""

import sys

from bot.cli import main

sys.exit(main())

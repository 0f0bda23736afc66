"""LOG_FORMAT=json: one JSON object a line, for a log collector (journald, Loki, a container runtime's driver)."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime


class JsonLines(logging.Formatter):
    """A record as one line of JSON: time (UTC), level, logger, message, and the traceback when there is one.

    A multi-line message or traceback stays on its one line (JSON escapes the line breaks), so a collector
    never splits a record. The token is redacted afterwards by RedactToken, like any other format.
    """

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, ensure_ascii=False)

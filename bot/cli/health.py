"""`bullscows health`: ask the running bot's /healthz (METRICS_PORT) and exit 0 when it is healthy; for a
container's HEALTHCHECK or a monitoring script, where neither curl nor wget may be installed."""

from __future__ import annotations

import argparse

TIMEOUT = 4.0  # seconds: a container's HEALTHCHECK allows 5


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `bullscows health` (where to ask comes from METRICS_PORT and METRICS_LISTEN)."""
    parser.add_argument("--env-file", default=".env", help="optional file of KEY=value settings (default .env)")


def main(args: argparse.Namespace) -> int:
    """Print the bot's answer; 0 when healthy, 1 when not (or not answering), 2 when METRICS_PORT is not set."""
    import urllib.error
    import urllib.request
    from pathlib import Path

    from bot.config import OperatorError, load_config

    metrics = load_config(env_file=Path(args.env_file)).metrics
    if metrics is None:
        raise OperatorError("METRICS_PORT is not set, so the bot serves no /healthz to ask")
    url = f"http://{_reachable(metrics.listen)}:{metrics.port}/healthz"
    try:
        # straight to the bot: an HTTP_PROXY in the environment must not carry a loopback request elsewhere
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        with opener.open(url, timeout=TIMEOUT) as answer:
            print(answer.read().decode("utf-8", "replace").strip())
            return 0
    except urllib.error.HTTPError as error:
        print(error.read().decode("utf-8", "replace").strip() or f"HTTP {error.code}")
    except OSError as error:
        print(f"no answer from {url}: {getattr(error, 'reason', error)}")
    return 1


def _reachable(listen: str) -> str:
    """The address to ask for a listening address: a wildcard is asked on loopback; IPv6 in brackets."""
    host = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(listen, listen)
    return f"[{host}]" if ":" in host else host

# The bot in a container: a build stage installs the locked dependencies and the package into a venv; the final
# stage copies the venv and runs `bullscows run` against /data as the bot's own user.
#   podman build -t bullscows .            (or docker build; podman needs --format docker for the HEALTHCHECK)
#   podman run -d --env-file .env -v bullscows-data:/data bullscows
# BASE_IMAGE: any image with Python 3.11+ and its venv module (Debian's python3-venv), such as the official one.
ARG BASE_IMAGE=python:3.11-slim-bookworm

FROM ${BASE_IMAGE} AS build
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1 PIP_ROOT_USER_ACTION=ignore
RUN python3 -m venv /opt/bullscows
WORKDIR /src
# the dependencies first, from the lock file alone: a change to the code reuses this layer
COPY requirements/runtime.txt requirements/runtime.txt
RUN /opt/bullscows/bin/pip install --quiet --require-hashes -r requirements/runtime.txt
COPY pyproject.toml setup.py README.md ./
COPY migrations migrations
COPY engine engine
COPY bot bot
# the engine's kernels in C: a compiler and Python's headers in this stage only, the code tuned for a portable CPU
# (BULLSCOWS_MARCH=portable, see setup.py) since the image runs on other machines. They stay optional: a base
# without apt, or a build without a network, gets the numpy kernels (the same games, slower on 5 and 6 digits)
ENV BULLSCOWS_MARCH=portable
RUN if ! command -v gcc >/dev/null && command -v apt-get >/dev/null; then \
        headers=$(python3 -c 'import os, sysconfig; print("" if os.path.exists(sysconfig.get_paths()["include"] + "/Python.h") else "python3-dev")'); \
        (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends gcc libc6-dev $headers) >/dev/null \
        || echo "no compiler could be installed: the kernels will run in numpy"; \
    fi
RUN /opt/bullscows/bin/pip install --quiet --no-deps . \
    && /opt/bullscows/bin/pip uninstall --quiet --yes pip setuptools \
    && /opt/bullscows/bin/bullscows --version

FROM ${BASE_IMAGE}
RUN useradd --system --user-group --uid 10001 --home-dir /data --no-create-home --shell /usr/sbin/nologin bullscows \
    && mkdir -p /data \
    && chown bullscows:bullscows /data
COPY --from=build /opt/bullscows /opt/bullscows
ENV PATH=/opt/bullscows/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    DATABASE_PATH=/data/bullscows.sqlite3 \
    METRICS_PORT=9464 \
    METRICS_LISTEN=0.0.0.0
USER bullscows
# the engine loads in the final image, and the build log says whose kernels it plays with
RUN python3 -c "import engine, engine.kernels as k; print(f'engine ready in {engine.warm_up():.2f} s, kernels: {k.backend()}')"
WORKDIR /data
VOLUME ["/data"]
EXPOSE 9464
STOPSIGNAL SIGTERM
# /healthz through METRICS_PORT: 200 while the bot fetches updates and applies them
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["bullscows", "health"]
ENTRYPOINT ["bullscows"]
CMD ["run"]

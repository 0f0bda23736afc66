# The bot in a container: a build stage installs the locked dependencies and the package into a venv; the final
# stage copies the venv, compiles numba's cache as the bot's own user and runs `bullscows run` against /data.
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
# the solver's C core is optional: without a compiler in the base image the bot installs and plays, and only
# `bullscows solve` (an offline search, not the bot's business) says it is missing
RUN /opt/bullscows/bin/pip install --quiet --no-deps . \
    && /opt/bullscows/bin/pip uninstall --quiet --yes pip setuptools \
    && /opt/bullscows/bin/bullscows --version

FROM ${BASE_IMAGE}
RUN useradd --system --user-group --uid 10001 --home-dir /data --no-create-home --shell /usr/sbin/nologin bullscows \
    && mkdir -p /data /opt/bullscows/numba-cache \
    && chown bullscows:bullscows /data
COPY --from=build /opt/bullscows /opt/bullscows
RUN chown bullscows:bullscows /opt/bullscows/numba-cache
ENV PATH=/opt/bullscows/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    DATABASE_PATH=/data/bullscows.sqlite3 \
    NUMBA_CACHE_DIR=/opt/bullscows/numba-cache \
    METRICS_PORT=9464 \
    METRICS_LISTEN=0.0.0.0
USER bullscows
# numba compiles the engine's kernels into its cache here, once, so the first update is not the one that waits;
# the cache stays writable for a host whose CPU differs from the build's (numba then compiles for it once)
RUN python3 -c "import engine; print(f'engine kernels compiled in {engine.warm_up():.1f} s')"
WORKDIR /data
VOLUME ["/data"]
EXPOSE 9464
STOPSIGNAL SIGTERM
# /healthz through METRICS_PORT: 200 while the bot fetches updates and applies them
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["bullscows", "health"]
ENTRYPOINT ["bullscows"]
CMD ["run"]

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
# the C parts are optional: without a compiler in the base image the bot installs and plays, its kernels in numpy
# (slower on 5- and 6-digit games), and only `bullscows solve` (an offline search, not the bot's business) says
# its core is missing
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

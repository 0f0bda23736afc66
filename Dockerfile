# The bot in a container: a build stage installs the locked dependencies and the package into a venv and trims it
# to what the bot runs; the final stage copies the venv and runs `bullscows run` against /data as the bot's own user.
#   podman build -t bullscows .            (or docker build; podman needs --format docker for the HEALTHCHECK)
#   podman run -d --env-file .env -v bullscows-data:/data bullscows
# BASE_IMAGE: any image with Python 3.11+ and its venv module (Debian's python3-venv), such as the official one.
ARG BASE_IMAGE=python:3.11-slim-bookworm

FROM ${BASE_IMAGE} AS build
# --no-compile: no .pyc here; the final stage writes those of the modules the bot imports, and only those
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1 PIP_ROOT_USER_ACTION=ignore PIP_NO_COMPILE=1
RUN python3 -m venv /opt/bullscows
WORKDIR /src
# the dependencies first, from the lock file alone: a change to the code reuses this layer
COPY requirements/runtime.txt requirements/runtime.txt
RUN /opt/bullscows/bin/pip install --quiet --require-hashes -r requirements/runtime.txt
# the engine's kernels in C: a compiler and Python's headers in this stage only, the code tuned for a portable CPU
# (BULLSCOWS_MARCH=portable, see setup.py) since the image runs on other machines. They stay optional: a base
# without apt, or a build without a network, gets the numpy kernels (the same games, slower on 5 and 6 digits)
ENV BULLSCOWS_MARCH=portable
RUN if ! command -v gcc >/dev/null && command -v apt-get >/dev/null; then \
        headers=$(python3 -c 'import os, sysconfig; print("" if os.path.exists(sysconfig.get_paths()["include"] + "/Python.h") else "python3-dev")'); \
        (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends gcc libc6-dev $headers) >/dev/null \
        || echo "no compiler could be installed: the kernels will run in numpy"; \
    fi
COPY pyproject.toml setup.py README.md ./
COPY migrations migrations
COPY engine engine
COPY bot bot
RUN /opt/bullscows/bin/pip install --quiet --no-deps . \
    && /opt/bullscows/bin/pip uninstall --quiet --yes pip setuptools \
    && /opt/bullscows/bin/bullscows --version
# What the bot never runs leaves the venv: numpy's tests and build tools (f2py, its distutils, C headers and
# library), type stubs (.pyi) and C sources, Babel's locale data but for the catalogues' languages (and their
# parent, root), the extensions' symbol tables (strip, where gcc brought binutils: not the libraries auditwheel
# grafted into *.libs, whose patched headers strip would break)
RUN site=$(/opt/bullscows/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])') \
    && cd "$site" \
    && rm -rf numpy/f2py numpy/distutils numpy/_core/include numpy/_core/lib numpy/_pyinstaller \
              numpy/_core/_*_tests.*.so numpy/_core/_simd.*.so /opt/bullscows/bin/f2py \
    && find . -depth -type d -name tests -path './numpy/*' -exec rm -rf {} + \
    && find . \( -name '*.pyi' -o -name '*.pyx' -o -name '*.pxd' -o -name '*.c' -o -name '*.h' \) -type f -delete \
    && keep=" root $(cd bot/locales && echo */ | tr -d /) " \
    && for data in babel/locale-data/*.dat; do \
           name=$(basename "$data" .dat); \
           case "$keep" in *" $name "*|*" ${name%%_*} "*) ;; *) rm "$data" ;; esac; \
       done \
    && if command -v strip >/dev/null; then find . -name '*.so' -not -path './*.libs/*' -exec strip --strip-unneeded {} +; fi \
    && find /opt/bullscows -depth -name __pycache__ -exec rm -rf {} + \
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
# the .pyc of every module the bot imports (its own, the dependencies', the standard library's), written here as
# root, once, so that no start compiles them again; and the translations compiled to .mo (scripts/precompile.py)
COPY scripts/precompile.py /tmp/precompile.py
RUN python3 /tmp/precompile.py && rm /tmp/precompile.py
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

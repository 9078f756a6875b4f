# The reference oracle with the conformance suite inside, for teams without Python.
# See docs/CI.md ("Container image"). Build and use:
#   docker build -t berserk-oracle .
#   docker run --rm -p 50051:50051 berserk-oracle serve
#   docker run --rm --network host berserk-oracle berserk-conformance run --target 127.0.0.1:50051
# `serve` listens on 0.0.0.0:$ORACLE_PORT inside the container (docker/entrypoint.sh); any
# other command runs as given. The HEALTHCHECK asks the grpc.health.v1 service of that port.

FROM python:3.12-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY oracle ./oracle
COPY conformance_suite ./conformance_suite
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /dist .

FROM python:3.12-slim
ENV PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    ORACLE_PORT=50051
COPY --from=build /dist/ /tmp/dist/
RUN pip install --no-cache-dir /tmp/dist/*.whl \
 && rm -rf /tmp/dist \
 && useradd --create-home --uid 10001 --shell /usr/sbin/nologin oracle
COPY docker/entrypoint.sh /usr/local/bin/berserk-entrypoint
RUN chmod 0755 /usr/local/bin/berserk-entrypoint
USER 10001:10001
WORKDIR /home/oracle
EXPOSE 50051
HEALTHCHECK --interval=10s --timeout=5s --start-period=15s --retries=3 \
  CMD berserk-oracle health --target "127.0.0.1:${ORACLE_PORT}" --timeout 3 || exit 1
ENTRYPOINT ["berserk-entrypoint"]
CMD ["serve"]

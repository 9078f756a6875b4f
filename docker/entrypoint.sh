#!/bin/sh
# Entry point of the container image (Dockerfile).
#   serve [OPTIONS]                     berserk-oracle serve on every interface of the container,
#                                       port $ORACLE_PORT (default 50051); later options win
#   list-mutants | protos | health ...  the other berserk-oracle commands
#   anything else                       run as a command, e.g. berserk-conformance run --target HOST:PORT
set -e
if [ $# -eq 0 ]; then
  set -- serve
fi
case "$1" in
  serve)
    shift
    exec berserk-oracle serve --host 0.0.0.0 --port "${ORACLE_PORT:-50051}" "$@"
    ;;
  list-mutants | protos | health | --version | --help | -h)
    exec berserk-oracle "$@"
    ;;
  *)
    exec "$@"
    ;;
esac

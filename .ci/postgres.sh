#!/usr/bin/env bash
# A throwaway PostgreSQL for the tests of the PostgreSQL store (test/process/postgres-*.test.ts, docs/deploy.md).
#
#   .ci/postgres.sh start   prints the database URL on stdout (notes go to stderr); .ci/run exports it as
#                           GAOKAO_TEST_PG
#   .ci/postgres.sh stop    stops the cluster this script started and removes its directory
#
# A GAOKAO_TEST_PG that already answers is used as it is. Otherwise Debian's package is installed when no
# PostgreSQL is (apt-get), and a cluster of our own is started in a directory under /tmp, on a free port of the
# loopback interface, with a database and a password-checked user for the tests. Our own cluster, not Debian's
# `main` one, so that the machine's configuration (pg_hba.conf, port 5432) is never touched. PostgreSQL refuses to
# run as root: as root the cluster belongs to the `postgres` user the package creates.
set -euo pipefail

ROOT="${GAOKAO_PG_DIR:-${TMPDIR:-/tmp}/gaokao-ci-pg}"
FIRST_PORT="${GAOKAO_PG_PORT:-54329}"
note() { echo "postgres.sh: $*" >&2; }

answers() { psql "$1" -Atqc 'select 1' >/dev/null 2>&1; }

# The directory of initdb and pg_ctl: on PATH, else Debian's newest /usr/lib/postgresql/<version>/bin.
bindir() {
  if command -v initdb >/dev/null && command -v pg_ctl >/dev/null; then
    dirname "$(readlink -f "$(command -v initdb)")"
    return
  fi
  local d
  d="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  [ -n "$d" ] && [ -x "$d/initdb" ] && echo "$d"
}

install_postgres() {
  note "no PostgreSQL found: installing Debian's package"
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq postgresql >&2
}

# Runs a command as the cluster's owner: ourselves, or `postgres` when we are root.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

url() { echo "postgres://gaokao:$(cat "$ROOT/password")@127.0.0.1:$(cat "$ROOT/port")/gaokao_test"; }

start() {
  if [ -n "${GAOKAO_TEST_PG:-}" ] && answers "$GAOKAO_TEST_PG"; then
    note "using the database of GAOKAO_TEST_PG"
    echo "$GAOKAO_TEST_PG"
    return
  fi
  local bin
  bin="$(bindir || true)"
  if [ -z "$bin" ]; then
    install_postgres
    bin="$(bindir)"
  fi
  # Already started by an earlier run of this script (and still answering): reuse it.
  if [ -f "$ROOT/port" ] && [ -f "$ROOT/password" ] && answers "$(url)"; then
    note "reusing the cluster in $ROOT"
    url
    return
  fi
  rm -rf "$ROOT"
  mkdir -p "$ROOT"
  chmod 700 "$ROOT"
  head -c 18 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$ROOT/password"
  head -c 18 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$ROOT/superuser-password"
  local port="$FIRST_PORT"
  while ! port_free "$port"; do port=$((port + 1)); done
  echo "$port" >"$ROOT/port"
  [ "$(id -u)" -ne 0 ] || chown -R postgres: "$ROOT"
  note "initdb in $ROOT/data ($("$bin/postgres" --version), port $port)"
  # Password-checked over TCP (what the tests' URL uses), trusted on the private socket for this script's setup.
  as_owner "$bin/initdb" -D "$ROOT/data" -U postgres --auth-local=trust --auth-host=scram-sha-256 \
    --pwfile="$ROOT/superuser-password" -E UTF8 --no-locale >"$ROOT/initdb.log" 2>&1 ||
    { cat "$ROOT/initdb.log" >&2; exit 1; }
  as_owner "$bin/pg_ctl" -D "$ROOT/data" -l "$ROOT/server.log" -w -t 60 \
    -o "-p $port -k $ROOT -c listen_addresses=127.0.0.1 -c max_connections=200" start >&2 ||
    { cat "$ROOT/server.log" >&2; exit 1; }
  as_owner psql -h "$ROOT" -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 -qc \
    "CREATE ROLE gaokao LOGIN PASSWORD '$(cat "$ROOT/password")'" >&2
  as_owner psql -h "$ROOT" -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 -qc \
    'CREATE DATABASE gaokao_test OWNER gaokao' >&2
  answers "$(url)" || { note "the new cluster does not answer"; exit 1; }
  url
}

stop() {
  [ -d "$ROOT/data" ] || return 0
  local bin
  bin="$(bindir)"
  as_owner "$bin/pg_ctl" -D "$ROOT/data" -m fast -w stop >&2 || true
  rm -rf "$ROOT"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac

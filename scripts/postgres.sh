#!/usr/bin/env bash
# A private PostgreSQL server for the tests: its own data directory and port on loopback, trust
# authentication for the one user `ccg` (nothing but this machine can reach it).
#   bash scripts/postgres.sh start [DIR] [PORT]   # prints the URL to give as CCG_TEST_POSTGRES
#   bash scripts/postgres.sh stop  [DIR]
# Needs Debian's `postgresql` (initdb and pg_ctl under /usr/lib/postgresql/*/bin). PostgreSQL
# refuses to run as root, so as root the server runs as the `postgres` user the package creates.
set -euo pipefail
cmd=${1:-start}
dir=${2:-${TMPDIR:-/tmp}/ccg-postgres}
port=${3:-55432}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$bin/pg_ctl" ] || { echo "postgres.sh: no PostgreSQL found (apt-get install postgresql)" >&2; exit 1; }
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
case "$cmd" in
  start)
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    if [ ! -f "$dir/PG_VERSION" ]; then
      as_owner "$bin/initdb" -D "$dir" -U ccg --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir.initdb.log" 2>&1 \
        || { cat "$dir.initdb.log" >&2; exit 1; }
    fi
    if ! as_owner "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
      as_owner "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=400 -c fsync=on" start >&2
    fi
    echo "postgres://ccg@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_owner "$bin/pg_ctl" -D "$dir" -m fast stop >&2 || true
    ;;
  *) echo "usage: postgres.sh start|stop [DIR] [PORT]" >&2; exit 2 ;;
esac

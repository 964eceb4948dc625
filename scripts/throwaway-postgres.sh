#!/usr/bin/env bash
# `npm run postgres`: a throwaway PostgreSQL for trying the server on it, as CI starts one: Debian's
# postgresql package (installed if missing and we are root), a cluster in ./data/postgres owned by the
# postgres user, listening on 127.0.0.1:${PGPORT:-54329}, with a database `tractorlink`. Prints the
# DATABASE_URL to start the server with. `npm run postgres -- stop` stops it; deleting the folder wipes it.
set -euo pipefail
cd "$(dirname "$0")/.."
port=${PGPORT:-54329}
dir="$PWD/data/postgres"
as_pg() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$1"; else bash -c "$1"; fi; }

if ! ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing PostgreSQL from Debian…"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  else
    echo "PostgreSQL is not installed: apt-get install postgresql (or point DATABASE_URL at one you have)." >&2
    exit 1
  fi
fi
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)

if [ "${1:-}" = stop ]; then
  if [ ! -f "$dir/PG_VERSION" ]; then echo "No throwaway PostgreSQL in $dir: nothing to stop."; exit 0; fi
  if ! as_pg "$bin/pg_ctl -D '$dir' status" >/dev/null 2>&1; then echo "The throwaway PostgreSQL in $dir is not running."; exit 0; fi
  as_pg "$bin/pg_ctl -D '$dir' -m fast -w stop" >/dev/null && echo "Stopped the throwaway PostgreSQL in $dir (its data stays; delete the folder to wipe it)."
  exit 0
fi

if [ ! -f "$dir/PG_VERSION" ]; then
  mkdir -p "$dir"
  [ "$(id -u)" = 0 ] && chown postgres "$dir"
  as_pg "$bin/initdb -D '$dir' -A trust -U postgres" >/dev/null
fi
if ! as_pg "$bin/pg_ctl -D '$dir' status" >/dev/null 2>&1; then
  if ! as_pg "$bin/pg_ctl -D '$dir' -l '$dir/log' -o '-k /tmp -h 127.0.0.1 -p $port' -w start" >/dev/null 2>&1; then
    echo "The throwaway PostgreSQL did not start on 127.0.0.1:$port; the end of its log ($dir/log):" >&2
    tail -n 5 "$dir/log" >&2
    echo "If the port is taken (another PostgreSQL?), choose another: PGPORT=54339 npm run postgres" >&2
    exit 1
  fi
fi
as_pg "$bin/psql -h 127.0.0.1 -p $port -U postgres -tAc \"select 1 from pg_database where datname = 'tractorlink'\"" | grep -q 1 \
  || as_pg "$bin/createdb -h 127.0.0.1 -p $port -U postgres tractorlink"
echo "PostgreSQL is running in $dir. Start the server on it with:"
echo "  DATABASE_URL=postgres://postgres@127.0.0.1:$port/tractorlink npm start"

#!/usr/bin/env bash
# A throw-away PostgreSQL server for the test suite, on 127.0.0.1.
#
#   eval "$(.ci/postgres.sh)"        # install if missing, start, print the exports
#   .ci/postgres.sh stop             # stop the server started above (uses $TOTENBLATT_PG_DIR)
#
# On a fresh Debian machine as root it installs PostgreSQL from Debian's packages
# (apt-get update first), initialises a cluster in a temporary directory as the
# postgres user, starts it on a free port, creates a database and prints
#   export TOTENBLATT_TEST_DATABASE_URL=postgresql+psycopg://postgres@127.0.0.1:PORT/totenblatt_test
#   export TOTENBLATT_PG_DIR=/tmp/totenblatt-pg.XXXX
# on standard output (progress goes to standard error). As a normal user it needs
# PostgreSQL installed already and runs the server as that user.
set -euo pipefail

CI_NAME=postgres.sh
# shellcheck source=.ci/debian.sh
. "$(dirname "$0")/debian.sh"

as_owner() {
    if [ "$(id -u)" = 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

find_bin() {
    local dir
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    if [ -n "$dir" ] && [ -x "$dir/initdb" ]; then
        echo "$dir"
    elif command -v initdb >/dev/null 2>&1; then
        dirname "$(command -v initdb)"
    fi
}

if [ "${1:-start}" = stop ]; then
    : "${TOTENBLATT_PG_DIR:?set TOTENBLATT_PG_DIR (printed when the server was started)}"
    BIN=$(find_bin)
    as_owner "$BIN/pg_ctl" -D "$TOTENBLATT_PG_DIR/data" -m fast -w stop >&2
    rm -rf "$TOTENBLATT_PG_DIR"
    exit 0
fi

BIN=$(find_bin)
if [ -z "$BIN" ]; then
    install_packages PostgreSQL postgresql
    BIN=$(find_bin)
fi
log "using $("$BIN/postgres" --version)"

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
PORT=${TOTENBLATT_PG_PORT:-54329}
while ! port_free "$PORT"; do PORT=$((PORT + 1)); done

DIR=$(mktemp -d "${TMPDIR:-/tmp}/totenblatt-pg.XXXXXX")
chmod 755 "$DIR"
if [ "$(id -u)" = 0 ]; then
    chown postgres: "$DIR"
fi
as_owner "$BIN/initdb" -D "$DIR/data" -A trust -U postgres -E UTF8 --no-sync >/dev/null
as_owner "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 start \
    -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" >&2
as_owner "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres totenblatt_test
log "server running on 127.0.0.1:$PORT (data in $DIR)"

echo "export TOTENBLATT_TEST_DATABASE_URL=postgresql+psycopg://postgres@127.0.0.1:$PORT/totenblatt_test"
echo "export TOTENBLATT_PG_DIR=$DIR"

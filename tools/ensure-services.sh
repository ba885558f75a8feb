#!/usr/bin/env bash
# What `make test` needs besides Python and Node: PostgreSQL, Redis, Chromium and nginx.
# On Debian and Ubuntu it installs (apt-get, via sudo when not root) and starts what is
# missing; elsewhere it names what to install, one line each, and fails.
#
# PostgreSQL: TEST_POSTGRES_URL, default postgresql://postgres@127.0.0.1:5432/test (user
# postgres, database test, no password). Redis: TEST_REDIS_URL, default
# redis://127.0.0.1:6379/15. Chromium: CHROMIUM, default /usr/bin/chromium.
# Only the defaults are set up here; a URL of your own must already answer.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-.venv/bin/python}
DEFAULT_PG=postgresql://postgres@127.0.0.1:5432/test
DEFAULT_REDIS=redis://127.0.0.1:6379/15
PG_URL=${TEST_POSTGRES_URL:-$DEFAULT_PG}
REDIS_URL=${TEST_REDIS_URL:-$DEFAULT_REDIS}
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
problems=0

say() { echo "== $*"; }
missing() { echo "MISSING: $*" >&2; problems=$((problems + 1)); }
debian_like() { [ -f /etc/debian_version ] && command -v apt-get >/dev/null 2>&1; }
ubuntu() { grep -qi '^ID=ubuntu' /etc/os-release 2>/dev/null; }
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; return; fi
  command -v sudo >/dev/null 2>&1 || { echo "MISSING: sudo (or run make test as root) to run: $*" >&2; exit 1; }
  sudo "$@"
}

updated=
apt_install() {
  if [ -z "$updated" ]; then as_root apt-get update -qq; updated=1; fi
  say "installing $* (apt-get)"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# Prints why the database cannot be reached (nothing when it can).
postgres_problem() {
  "$PYTHON" - "$PG_URL" <<'EOF'
import sys

import psycopg

try:
    psycopg.connect(sys.argv[1], connect_timeout=3).close()
except psycopg.Error as error:
    print(" ".join(str(error).split()))
EOF
}

redis_answers() {
  "$PYTHON" -c 'import sys, redis; redis.Redis.from_url(sys.argv[1], socket_timeout=3).ping()' \
    "$REDIS_URL" 2>/dev/null
}

ensure_postgres() {
  local why version
  why=$(postgres_problem)
  [ -z "$why" ] && return
  if [ "$PG_URL" != "$DEFAULT_PG" ]; then
    missing "PostgreSQL at TEST_POSTGRES_URL=$PG_URL: $why"
    return
  fi
  if ! debian_like; then
    missing "PostgreSQL: install PostgreSQL 15+ and start it so that user postgres reaches" \
      "database test on 127.0.0.1:5432 without a password (or set TEST_POSTGRES_URL) ($why)"
    return
  fi
  command -v pg_ctlcluster >/dev/null 2>&1 || apt_install postgresql
  version=$(ls /etc/postgresql | sort -V | tail -n1)
  if ! pg_isready -h 127.0.0.1 -p 5432 -q; then
    say "starting PostgreSQL $version"
    as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start
    for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
  fi
  why=$(postgres_problem)
  if [[ $why == *"password authentication failed"* || $why == *"no password supplied"* ]]; then
    # A new Debian cluster asks for passwords; the tests' throwaway databases need none.
    say "PostgreSQL: user postgres may log in from 127.0.0.1 and ::1 without a password"
    as_root sed -i '1i host all postgres 127.0.0.1/32 trust\nhost all postgres ::1/128 trust' \
      "/etc/postgresql/$version/main/pg_hba.conf"
    as_root pg_ctlcluster --skip-systemctl-redirect "$version" main reload
    sleep 1
    why=$(postgres_problem)
  fi
  if [[ $why == *'database "test" does not exist'* ]]; then
    say "PostgreSQL: creating database test"
    as_root runuser -u postgres -- createdb test
    why=$(postgres_problem)
  fi
  [ -z "$why" ] || missing "PostgreSQL at $PG_URL still fails: $why"
}

ensure_redis() {
  redis_answers && return
  if [ "$REDIS_URL" != "$DEFAULT_REDIS" ]; then
    missing "Redis at TEST_REDIS_URL=$REDIS_URL does not answer"
    return
  fi
  if ! debian_like; then
    missing "Redis: install Redis 6+ and start it on 127.0.0.1:6379 (or set TEST_REDIS_URL)"
    return
  fi
  command -v redis-server >/dev/null 2>&1 || apt_install redis-server
  if ! redis_answers; then
    say "starting Redis on 127.0.0.1:6379 (in memory only)"
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no \
      --dir "${TMPDIR:-/tmp}" --logfile "${TMPDIR:-/tmp}/amora-test-redis.log"
    for _ in $(seq 1 30); do redis_answers && break; sleep 1; done
  fi
  redis_answers || missing "Redis at $REDIS_URL still does not answer"
}

ensure_chromium() {
  [ -x "$CHROMIUM" ] && return
  if debian_like && ! ubuntu && [ "$CHROMIUM" = /usr/bin/chromium ]; then
    apt_install chromium
    [ -x "$CHROMIUM" ] && return
  fi
  # Ubuntu packages Chromium as a snap only, which Playwright may not be allowed to drive.
  missing "Chromium at $CHROMIUM for the browser tests: install Debian's chromium package" \
    "(or any Chromium/Chrome) and set CHROMIUM=/path/to/it"
}

ensure_nginx() {
  command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] && return
  if debian_like; then apt_install nginx; return; fi
  missing "nginx for the deployment test (tests/adapters/test_deploy.py): install nginx"
}

ensure_postgres
ensure_redis
ensure_chromium
ensure_nginx
if [ "$problems" -gt 0 ]; then exit 1; fi
say "PostgreSQL, Redis, Chromium and nginx are ready"

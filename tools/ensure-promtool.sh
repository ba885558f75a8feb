#!/usr/bin/env bash
# promtool (Prometheus' rule checker) for `make alerts`, at the path given (the venv's
# bin/promtool). Used as it is when PROMTOOL names one or one is on the PATH; else, on
# Debian and Ubuntu, taken from Debian's prometheus package: downloaded with apt-get and
# only promtool unpacked (nothing installed system-wide, no Prometheus server started).
# Elsewhere it says what to install and fails.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:-.venv/bin/promtool}

link() {
  ln -sf "$1" "$target"
  echo "== promtool: $1"
}

if [ -n "${PROMTOOL:-}" ]; then
  [ -x "$PROMTOOL" ] || { echo "MISSING: PROMTOOL=$PROMTOOL is not an executable" >&2; exit 1; }
  link "$PROMTOOL"
  exit 0
fi
if found=$(command -v promtool 2>/dev/null); then
  link "$found"
  exit 0
fi
if ! { [ -f /etc/debian_version ] && command -v apt-get >/dev/null 2>&1; }; then
  echo "MISSING: promtool for the alert rules: install Prometheus (its promtool) or set" \
    "PROMTOOL=/path/to/promtool" >&2
  exit 1
fi

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; return; fi
  command -v sudo >/dev/null 2>&1 || { echo "MISSING: sudo (or run as root) to run: $*" >&2; exit 1; }
  sudo "$@"
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "== promtool: unpacking it from Debian's prometheus package"
# apt-get download needs the package lists; a fresh machine may have none yet.
if ! (cd "$work" && apt-get download -q prometheus >/dev/null 2>&1); then
  as_root apt-get update -qq
  (cd "$work" && apt-get download -q prometheus >/dev/null)
fi
dpkg-deb --fsys-tarfile "$work"/prometheus_*.deb | tar -x -C "$work" ./usr/bin/promtool
mkdir -p "$(dirname "$target")"
install -m 755 "$work/usr/bin/promtool" "$target"
"$target" --version 2>&1 | head -n1

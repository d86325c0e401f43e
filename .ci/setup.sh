#!/usr/bin/env bash
# Installs what is missing (Debian packages only), then builds build/car.
# Usage: bash .ci/setup.sh [extra cmake args]
set -euo pipefail
cd "$(dirname "$0")/.."
pkgs="gcc make cmake libz3-dev libgc-dev re2c lemon libbdd-dev python3"
missing=""
for p in $pkgs; do
  dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "setup: installing$missing" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq $missing >/dev/null
fi
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
cmake --build build -j2

#!/usr/bin/env bash
# Installs what is missing (Debian packages only), then builds build/car.
# Usage: bash .ci/setup.sh [extra cmake args]
set -euo pipefail
cd "$(dirname "$0")/.."
missing=""
# Tools: present on PATH is enough (python3 may come from elsewhere).
# z3 and cvc5: the solvers the tests give car's exports and certificates
# (tests/certificate.sh, tests/emit_smt2.sh; skipped without them).
for t in gcc:gcc make:make cmake:cmake re2c:re2c lemon:lemon python3:python3 \
         z3:z3 cvc5:cvc5; do
  command -v "${t%%:*}" >/dev/null 2>&1 || missing="$missing ${t#*:}"
done
# Libraries: the Debian -dev packages.
for p in libz3-dev libgc-dev libbdd-dev; do
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

# common.sh -- shared by the suite scripts: install missing peers from
# Debian, build car and car-bench, then run car-bench.  Sourced, not run.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${BUILD:-$root/build}
shared=${SHARED:-$(cd "$root/.." && pwd)/shared/benchmarks}

# need CMD:PACKAGE ... -- apt-get install the packages whose command is
# missing (as root, or through sudo).
need() {
  local missing=() spec
  for spec in "$@"; do
    command -v "${spec%%:*}" >/dev/null || missing+=("${spec#*:}")
  done
  [ ${#missing[@]} -eq 0 ] && return
  local sudo=
  [ "$(id -u)" -ne 0 ] && sudo=sudo
  echo "installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
}

# build -- a Release build of car and car-bench in $build.
build() {
  [ -n "${NO_BUILD:-}" ] && return   # use the binaries already in $build
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$build" --target car car-bench -j"$(nproc)"
}

# run SUITE-DIR OUT-NAME car-bench-args... (the script's own arguments come
# last, so they override: --limit 20, --timeout 10, --filter 'x/*', ...)
run() {
  local suite=$1 name=$2
  shift 2
  if [ ! -f "$suite/expected.csv" ]; then
    echo "no suite at $suite (expected.csv missing)" >&2
    exit 2
  fi
  "$build/car-bench" --suite "$suite" --car "$build/car" \
    --out "${OUT:-$build/bench/$name}" "$@"
}

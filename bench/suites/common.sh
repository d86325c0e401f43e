# common.sh -- shared by the suite scripts: install missing peers from
# Debian, build car and car-bench, then run car-bench.  Sourced, not run.
# Takes --corpus [NAME=]DIR out of the script's arguments (see corpus);
# the others go on to car-bench.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${BUILD:-$root/build}
shared=${SHARED:-$(cd "$root/.." && pwd)/shared/benchmarks}

# --corpus DIR: the corpus of a one-corpus script (chc.sh, c.sh, param.sh);
# --corpus NAME=DIR (NAME chc, c or param): that corpus (compare.sh needs
# these).  Without it, $SHARED/NAME.  docs/corpora.md: where each corpus
# comes from and how a copy is checked.
declare -A corpus_dirs=()
corpus_args=()
while [ $# -gt 0 ]; do
  case $1 in
    --corpus=*) corpus_spec=${1#--corpus=}; shift ;;
    --corpus) [ $# -ge 2 ] || { echo "--corpus needs a directory" >&2; exit 2; }
              corpus_spec=$2; shift 2 ;;
    *) corpus_args+=("$1"); shift; continue ;;
  esac
  case $corpus_spec in
    chc=*|c=*|param=*) corpus_dirs[${corpus_spec%%=*}]=${corpus_spec#*=} ;;
    *) corpus_dirs[default]=$corpus_spec ;;
  esac
done
set -- ${corpus_args[@]+"${corpus_args[@]}"}

# corpus NAME -- the directory of corpus NAME (chc, c, param), absolute;
# warns on stderr when it differs from bench/corpora/NAME.sha256.
corpus() {
  local d=${corpus_dirs[$1]:-${corpus_dirs[default]:-$shared/$1}}
  [ -d "$d" ] && d=$(cd "$d" && pwd)
  if [ -d "$d" ] && ! "$root/bench/corpora/verify.sh" "$1" "$d" >/dev/null 2>&1; then
    echo "warning: $d is not the $1 corpus of docs/corpora.md" \
         "(bench/corpora/verify.sh $1 $d says what differs)" >&2
  fi
  echo "$d"
}

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

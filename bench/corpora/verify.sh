#!/bin/bash
# verify.sh NAME|LIST [DIR] -- check a copy of a benchmark corpus against
# its committed checksum list (sha256sum -c): NAME is chc, c or param (the
# list bench/corpora/NAME.sha256, default DIR ../shared/benchmarks/NAME
# from the repository root), or LIST a .sha256 file (DIR then required).
# Paths in a list are relative to the corpus root.  Prints the files that
# differ or are missing and the files of DIR the list does not name, then
# a last line "NAME: DIR: N files match LIST" (exit 0) or "NAME: DIR: K of N
# files differ or are missing" (exit 1); exit 2 on bad usage or a missing
# DIR.  docs/corpora.md says where each corpus comes from.
# verify.sh --write NAME|LIST DIR -- (re)write the list from DIR.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
write=0
[ "${1:-}" = --write ] && { write=1; shift; }
[ $# -ge 1 ] && [ $# -le 2 ] || {
  echo "usage: verify.sh [--write] NAME|LIST [DIR]" >&2; exit 2; }
case $1 in
  */*|*.sha256) list=$1; name=$(basename "$1" .sha256)
                [ $# -eq 2 ] || { echo "verify.sh: $1: DIR needed" >&2; exit 2; } ;;
  *) list=$here/$1.sha256; name=$1 ;;
esac
dir=${2:-$root/../shared/benchmarks/$name}
[ -d "$dir" ] || { echo "verify.sh: $dir: no such directory" >&2; exit 2; }
dir=$(cd "$dir" && pwd)
[ "$write" -eq 1 ] || [ -f "$list" ] || {
  echo "verify.sh: $list: no such checksum list" >&2; exit 2; }
list=$(cd "$(dirname "$list")" && pwd)/$(basename "$list")
shown=${list#"$root"/}                 # bench/corpora/NAME.sha256

# The corpus's files, relative to its root, in byte order.
files() { (cd "$dir" && find . -type f | sed 's|^\./||' | LC_ALL=C sort); }

if [ "$write" -eq 1 ]; then
  (cd "$dir" && files | tr '\n' '\0' | xargs -0 sha256sum) >"$list" || exit 2
  echo "$name: wrote $shown ($(wc -l <"$list") files of $dir)"
  exit 0
fi
total=$(wc -l <"$list")
bad=$(cd "$dir" && sha256sum -c "$list" 2>/dev/null | grep -v ': OK$')
nbad=0
[ -n "$bad" ] && { printf '%s\n' "$bad"; nbad=$(printf '%s\n' "$bad" | wc -l); }
extra=$(comm -13 <(sed 's/^[0-9a-f]*  //' "$list" | LC_ALL=C sort) <(files))
[ -n "$extra" ] && printf '%s\n' "$extra" | sed 's/^/not in the list: /'
if [ "$nbad" -eq 0 ]; then
  echo "$name: $dir: $total files match $shown"
  exit 0
fi
echo "$name: $dir: $nbad of $total files differ or are missing"
exit 1

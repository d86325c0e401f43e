# cli.sh -- the setup of the command-line test scripts (sourced by
# tests/cli.sh, conventions.sh, stdin.sh, dfs.sh, task.sh once CAR is set):
# CAR made absolute, the repository root as the working directory, TMP (a
# fresh directory removed at exit by the script's own shell, not by its
# subshells), OUT and ERR, pass=0 fail=0, the runners below and the
# assertions of expect.sh.
case $CAR in
  */*) CAR=$(cd "$(dirname "$CAR")" && pwd)/$(basename "$CAR") ;;
esac
cd "$(dirname "$0")/.." || exit 1
pass=0; fail=0
TMP=$(mktemp -d)
trap '[ "$BASHPID" = "$$" ] && rm -rf "$TMP"' EXIT
OUT=$TMP/out; ERR=$TMP/err
# run ARGS...: runs car (60 s wall limit), sets $rc, stdout in $OUT, stderr in $ERR.
run() { timeout 60 "$CAR" "$@" >"$OUT" 2>"$ERR"; rc=$?; }
# run_in FILE ARGS...: the same with stdin from FILE.
run_in() { local f=$1; shift; timeout 60 "$CAR" "$@" <"$f" >"$OUT" 2>"$ERR"; rc=$?; }
. tests/lib/expect.sh

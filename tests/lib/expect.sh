# expect.sh -- assertions shared by the CLI test scripts (sourced).  The
# script sets OUT and ERR (the last run's stdout and stderr files) and rc
# (its exit code), and starts pass=0 fail=0.
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
# expect_rc NAME CODE: the last run exited with CODE.
expect_rc() {
  if [ "$rc" -eq "$2" ]; then ok; else
    bad "$1: exit $rc, expected $2 (stderr: $(head -c 300 "$ERR"))"; fi
}
# expect_out NAME TEXT: the last run's stdout is exactly TEXT.
expect_out() {
  if [ "$(cat "$OUT")" = "$2" ]; then ok; else
    bad "$1: stdout '$(head -c 300 "$OUT")', expected '$2'"; fi
}
# expect_grep NAME FILE REGEX: FILE has a line matching REGEX.
expect_grep() {
  if grep -qE -- "$3" "$2"; then ok; else
    bad "$1: no line matching '$3' in $(basename "$2"): $(head -c 300 "$2")"; fi
}

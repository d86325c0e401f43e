#!/usr/bin/env bash
# Runs the whole test suite: the normal build, then an AddressSanitizer +
# UBSan build of the same tests.  Expects .ci/setup.sh to have run.
set -uo pipefail
cd "$(dirname "$0")/.."
status=0
echo "== tests (build/)"
ctest --test-dir build --output-on-failure -j2 || status=1
echo "== tests under AddressSanitizer + UBSan (build-asan/)"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DCAR_SANITIZE=ON >/dev/null &&
  cmake --build build-asan -j2 >/dev/null || status=1
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
export LSAN_OPTIONS=suppressions=$PWD/tests/lsan.supp
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# Instrumented code is slower: a larger per-query budget for tests/clp.sh.
export CLP_TIMEOUT=180 C_TIMEOUT=180
ctest --test-dir build-asan --output-on-failure -j2 || status=1
exit $status

#!/bin/bash
# fake.sh MODE FILE [PIDDIR] -- a fake solver for tests/bench.sh.
# FILE holds "truth: safe|unsafe" and "behave: MODE"; MODE "file" obeys the
# file's behave line.  Modes:
#   answer   print the truth (safe/unsafe)     chc     print sat/unsat
#   lie      print the opposite of the truth   words   print "RESULT: TRUE"
#   sleep    sleep 30 s (a background child too; its pid goes to PIDDIR)
#   hog      allocate 1 GB (perl)              crash   die by SIGSEGV
#   unknown  print unknown                     silent  exit 3, no output
#   resident hold 300 MB resident for 2 s in a child process (perl), then
#            print the truth
mode=$1 file=$2 piddir=${3:-}
truth=$(sed -n 's/^truth: //p' "$file")
[ "$mode" = file ] && mode=$(sed -n 's/^behave: //p' "$file")
opposite() { [ "$1" = safe ] && echo unsafe || echo safe; }
case $mode in
  answer) echo "$truth" ;;
  chc) [ "$truth" = safe ] && echo sat || echo unsat ;;
  lie) opposite "$truth" ;;
  words) echo "fake solver 1.0"
         [ "$truth" = safe ] && echo "RESULT: TRUE" || echo "RESULT: FALSE" ;;
  sleep) sleep 30 &
         [ -n "$piddir" ] && echo $! > "$piddir/sleep.pid"
         wait ;;
  hog) exec perl -e '$x = "a" x (1 << 30); print "safe\n"' ;;
  resident) perl -e '$x = "a" x (300 << 20); sleep 2'
            echo "$truth" ;;
  crash) echo "about to crash" >&2; kill -SEGV $$ ;;
  unknown) echo unknown ;;
  silent) exit 3 ;;
  *) echo "fake.sh: bad mode '$mode'" >&2; exit 2 ;;
esac

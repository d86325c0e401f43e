/* rss.c -- the resident-memory limit of a run (--rss MB), beside proc.c's
 * address-space limit (--memory): JVM solvers reserve far more address
 * space than they use and fail under RLIMIT_AS, so they are limited by what
 * they hold resident instead.
 *
 * Two ways, chosen per run:
 *  - cgroup v2, where the runner's own cgroup delegates the memory
 *    controller and is writable: a child cgroup car-bench-PID-N with
 *    memory.max = the limit (and memory.swap.max = 0), which the solver
 *    joins before exec; the kernel's OOM killer stops the run, seen in
 *    memory.events (oom_kill); the cgroup is removed after the run;
 *  - otherwise polling: every 50 ms the runner sums VmRSS over the solver's
 *    process tree (its descendants by parent pid, and its process group)
 *    from /proc, and kills the tree with SIGKILL when the sum is over.
 * Polling runs in both cases (in a cgroup it is a backstop): a run stopped
 * either way is a memout (bench_proc.mem_out). */
#include "bench.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Write s to path; 0 on success. */
static int write_text(const char *path, const char *s) {
  int fd = open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  size_t n = strlen(s);
  int rc = write(fd, s, n) == (ssize_t)n ? 0 : -1;
  if (close(fd)) rc = -1;
  return rc;
}

/* Whether the whitespace-separated list in file path holds word. */
static int file_has_word(const char *path, const char *word) {
  char *text = bench_read_file(path, 4096, 0);
  int found = 0;
  for (char *t = text ? strtok(text, " \t\n") : NULL; t && !found;
       t = strtok(NULL, " \t\n"))
    found = !strcmp(t, word);
  free(text);
  return found;
}

/* The runner's cgroup v2 directory when it can hold a memory-limited child
 * (memory in its cgroup.subtree_control, writable), malloc'd; or NULL. */
static char *cgroup_parent(void) {
  char *mounts = bench_read_file("/proc/self/mountinfo", 1 << 20, 0);
  char *self = bench_read_file("/proc/self/cgroup", 1 << 16, 0);
  char *mnt = NULL, *path = NULL, *dir = NULL;
  /* mountinfo: ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTS... - FSTYPE ... */
  for (char *l = mounts ? strtok(mounts, "\n") : NULL; l && !mnt;
       l = strtok(NULL, "\n")) {
    char root[4096], point[4096];
    const char *dash = strstr(l, " - ");
    if (dash && !strncmp(dash + 3, "cgroup2 ", 8) &&
        sscanf(l, "%*s %*s %*s %4095s %4095s", root, point) == 2 &&
        !strcmp(root, "/"))
      mnt = bench_strdup(point);
  }
  for (char *l = self ? strtok(self, "\n") : NULL; l && !path;
       l = strtok(NULL, "\n"))
    if (!strncmp(l, "0::", 3)) path = bench_strdup(l + 3);
  if (mnt && path) {
    dir = bench_fmt("%s%s", mnt, strcmp(path, "/") ? path : "");
    char *ctl = bench_fmt("%s/cgroup.subtree_control", dir);
    if (!file_has_word(ctl, "memory") || access(dir, W_OK)) {
      free(dir);
      dir = NULL;
    }
    free(ctl);
  }
  free(mounts); free(self); free(mnt); free(path);
  return dir;
}

/* Before the fork: the child cgroup of a run under a limit of rss_mb
 * (cgroup v2 when possible, see above).  Leaves w->cgroup NULL when polling
 * alone is used. */
void bench_rss_start(bench_rss *w, long rss_mb) {
  static int seq;
  static char *parent;
  static int looked;
  memset(w, 0, sizeof *w);
  w->limit_kb = rss_mb * 1024L;
  if (rss_mb <= 0) return;
  if (!looked) { parent = cgroup_parent(); looked = 1; }
  if (!parent) return;
  char *dir = bench_fmt("%s/car-bench-%ld-%d", parent, (long)getpid(), ++seq);
  char *max = bench_fmt("%s/memory.max", dir);
  char *swap = bench_fmt("%s/memory.swap.max", dir);
  char *bytes = bench_fmt("%ld", rss_mb << 20);
  if (mkdir(dir, 0755) == 0) {
    if (write_text(max, bytes) == 0) {
      write_text(swap, "0");            /* no swap: absent without swap */
      w->cgroup = dir;
      dir = NULL;
    } else {
      rmdir(dir);
    }
  }
  free(dir); free(max); free(swap); free(bytes);
}

/* In the child, before exec: join the run's cgroup (when there is one).
 * Allocates nothing. */
void bench_rss_join(const bench_rss *w) {
  if (!w->cgroup) return;
  char path[4200];
  snprintf(path, sizeof path, "%s/cgroup.procs", w->cgroup);
  write_text(path, "0");
}

/* The resident set (kB: field rss of /proc/pid/stat, the VmRSS of
 * /proc/pid/status in pages), the parent and the process group of process
 * pid; -1 when it is gone.  One read per process: the runner scans every
 * process each 50 ms. */
static long proc_info(long pid, long *ppid, long *pgrp) {
  static long page_kb;
  if (!page_kb) page_kb = sysconf(_SC_PAGESIZE) / 1024;
  char path[64], buf[1024];
  snprintf(path, sizeof path, "/proc/%ld/stat", pid);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  ssize_t n = read(fd, buf, sizeof buf - 1);
  close(fd);
  if (n <= 0) return -1;
  buf[n] = 0;
  const char *rp = strrchr(buf, ')');    /* the name may hold blanks */
  char state;
  long rss;
  /* state ppid pgrp, 18 fields (session .. vsize), rss */
  if (!rp || sscanf(rp + 1, " %c %ld %ld %*s %*s %*s %*s %*s %*s %*s %*s "
                    "%*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %ld", &state,
                    ppid, pgrp, &rss) != 4)
    return -1;
  return state == 'Z' ? 0 : rss * page_kb;
}

typedef struct pinfo { long pid, ppid, pgrp, kb; } pinfo;

/* Every process of /proc (pid, parent, group, VmRSS); *n of them. */
static pinfo *proc_table(int *n) {
  DIR *d = opendir("/proc");
  int cap = 256;
  pinfo *v = bench_alloc(sizeof *v * (size_t)cap);
  *n = 0;
  for (struct dirent *e; d && (e = readdir(d));) {
    if (!isdigit((unsigned char)e->d_name[0])) continue;
    pinfo p = {strtol(e->d_name, NULL, 10), 0, 0, 0};
    p.kb = proc_info(p.pid, &p.ppid, &p.pgrp);
    if (p.kb < 0) continue;
    if (*n == cap) v = bench_grow(v, sizeof *v * (size_t)(cap *= 2));
    v[(*n)++] = p;
  }
  if (d) closedir(d);
  return v;
}

/* Marks in in[] the processes of v[0..n) that descend from root or are in
 * its process group. */
static void mark_tree(const pinfo *v, int n, long root, char *in) {
  for (int i = 0; i < n; i++) in[i] = v[i].pid == root || v[i].pgrp == root;
  for (int changed = 1; changed;) {     /* close under "parent is in" */
    changed = 0;
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n && !in[i]; j++)
        if (in[j] && v[i].ppid == v[j].pid) in[i] = changed = 1;
  }
}

/* Sum of VmRSS (kB) over the process tree of root; with kill_it, sends
 * SIGKILL to every process of the tree. */
static long tree_rss(long root, int kill_it) {
  int n;
  pinfo *v = proc_table(&n);
  char *in = bench_alloc((size_t)n + 1);
  mark_tree(v, n, root, in);
  long sum = 0;
  for (int i = 0; i < n; i++) {
    if (!in[i]) continue;
    sum += v[i].kb;
    if (kill_it) kill((pid_t)v[i].pid, SIGKILL);
  }
  free(in);
  free(v);
  return sum;
}

/* During the run: measure the tree of pid (its group is pid); over the
 * limit, kill it and set w->over.  Returns w->over. */
int bench_rss_poll(bench_rss *w, pid_t pid) {
  if (w->limit_kb <= 0 || w->over) return w->over;
  long kb = tree_rss(pid, 0);
  if (kb > w->peak_kb) w->peak_kb = kb;
  if (kb > w->limit_kb) {
    w->over = 1;
    kill(-pid, SIGKILL);
    tree_rss(pid, 1);
  }
  return w->over;
}

/* After the run: whether the cgroup's OOM killer stopped it (memory.events
 * oom_kill > 0, added to w->over), its peak (memory.peak, where the kernel
 * has it) into w->peak_kb; what is left in it killed (cgroup.kill) and the
 * cgroup removed. */
void bench_rss_end(bench_rss *w) {
  if (!w->cgroup) return;
  char *events = bench_fmt("%s/memory.events", w->cgroup);
  char *text = bench_read_file(events, 4096, 0);
  const char *k = text ? strstr(text, "oom_kill ") : NULL;
  if (k && strtol(k + 9, NULL, 10) > 0) w->over = 1;
  free(text);
  char *peak = bench_fmt("%s/memory.peak", w->cgroup);
  text = bench_read_file(peak, 64, 0);
  if (text && strtol(text, NULL, 10) / 1024 > w->peak_kb)
    w->peak_kb = strtol(text, NULL, 10) / 1024;
  free(text);
  char *kill_all = bench_fmt("%s/cgroup.kill", w->cgroup);
  write_text(kill_all, "1");            /* Linux 5.14+: any escapee too */
  for (int i = 0; i < 100 && rmdir(w->cgroup) && errno == EBUSY; i++)
    usleep(10000);                      /* the killed tree is leaving */
  free(events); free(peak); free(kill_all); free(w->cgroup);
  w->cgroup = NULL;
}

/* How --rss is enforced on this machine: "cgroup v2" or "polling". */
const char *bench_rss_mode(void) {
  static const char *mode;
  if (!mode) {
    char *dir = cgroup_parent();
    mode = dir ? "cgroup v2 memory.max" : "polling /proc every 50 ms";
    free(dir);
  }
  return mode;
}

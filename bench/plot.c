/* plot.c -- the cactus plot: solved files (x) against the wall time each
 * took, sorted (y), one line per configuration, drawn by gnuplot. */
#include "bench.h"

#include <stdlib.h>

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* Run gnuplot on script, its messages into log. */
static int run_gnuplot(const char *script, const char *log) {
  char *argv[] = {"gnuplot", (char *)script, NULL};
  return bench_proc_status(argv, log, 1) == 0 ? 0 : -1;
}

/* Write cactus.dat and cactus.gp into --out; draw cactus.png when gnuplot
 * is on PATH (its messages in cactus.log when it fails).  Returns 1 when the PNG was drawn, 0 otherwise. */
int bench_plot_cactus(const bench_table *t, const bench_opts *o) {
  char *dat = bench_fmt("%s/cactus.dat", o->out);
  char *gp = bench_fmt("%s/cactus.gp", o->out);
  char *png = bench_fmt("%s/cactus.png", o->out);
  FILE *f = fopen(dat, "w");
  FILE *g = f ? fopen(gp, "w") : NULL;
  int drawn = 0, blocks = 0;
  if (!f || !g) goto done;
  fprintf(g, "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {\n"
             "  set terminal pngcairo size 900,600 noenhanced\n"
             "} else {\n  set terminal png size 900,600 noenhanced\n}\n"
             "set output '%s'\nset title 'car-bench: %s (timeout %g s)'\n"
             "set xlabel 'solved files'\nset ylabel 'wall time (s)'\n"
             "set logscale y\nset key left top\nset grid\nplot ",
          png, o->suite ? o->suite : "", o->timeout);
  double *w = bench_alloc(sizeof *w * (size_t)(t->nfile + 1));
  for (int c = 0; c < t->ncfg; c++) {
    int n = 0;
    for (int i = 0; i < t->nrun; i++)
      if (t->run[i].config == c && bench_solved(t->run[i].status))
        w[n++] = t->run[i].wall > 0.001 ? t->run[i].wall : 0.001;
    if (!n) continue;
    qsort(w, (size_t)n, sizeof *w, cmp_double);
    fprintf(f, "# %s\n", t->cfg[c]);
    for (int k = 0; k < n; k++) fprintf(f, "%d %.3f\n", k + 1, w[k]);
    fputs("\n\n", f);
    fprintf(g, "%s'%s' index %d with linespoints title '%s'",
            blocks ? ", \\\n     " : "", dat, blocks, t->cfg[c]);
    blocks++;
  }
  fputs("\n", g);
  free(w);
done:
  if (f) fclose(f);
  if (g) fclose(g);
  char *log = bench_fmt("%s/cactus.log", o->out);
  if (blocks && bench_on_path("gnuplot")) drawn = run_gnuplot(gp, log) == 0;
  if (drawn) remove(log);
  else if (blocks && bench_on_path("gnuplot"))
    fprintf(stderr, "car-bench: gnuplot failed, see %s\n", log);
  free(log);
  free(dat); free(gp); free(png);
  return drawn;
}

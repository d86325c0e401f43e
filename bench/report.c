/* report.c -- runs.csv, runs.json and summary.md. */
#include "bench.h"

#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

/* Summary of configuration cfg; ref is the reference configuration (the
 * speed-up compares median wall times on the files both solve). */
void bench_summarise(const bench_table *t, int cfg, int ref, double timeout,
                     bench_sum *s) {
  memset(s, 0, sizeof *s);
  double *own = bench_alloc(sizeof *own * (size_t)(t->nfile + 1));
  double *mine = bench_alloc(sizeof *mine * (size_t)(t->nfile + 1));
  double *theirs = bench_alloc(sizeof *theirs * (size_t)(t->nfile + 1));
  int nown = 0;
  for (int f = 0; f < t->nfile; f++) {
    const bench_run *r = bench_table_find(t, cfg, f);
    if (!r) continue;
    s->files++;
    s->count[r->status]++;
    if (!bench_solved(r->status)) { s->par2 += 2 * timeout; continue; }
    s->par2 += r->wall;
    own[nown++] = r->wall;
    if (r->verdict == BV_SAFE) s->safe++;
    else s->unsafe++;
    const bench_run *q = ref >= 0 ? bench_table_find(t, ref, f) : NULL;
    if (q && bench_solved(q->status)) {
      mine[s->common] = r->wall;
      theirs[s->common++] = q->wall;
    }
  }
  s->median = bench_median(own, nown);
  double m = bench_median(mine, s->common), q = bench_median(theirs, s->common);
  s->speedup = s->common && m > 0 ? q / m : 0;
  free(own); free(mine); free(theirs);
}

/* One row per run: config,file,expected,verdict,status,wall,cpu,rss_kb,exit,
 * then car's --stats columns (empty when the run printed none).  0 on
 * success. */
int bench_report_csv(const bench_table *t, const char *path) {
  FILE *f = fopen(path, "w");
  if (!f) return -1;
  fputs("config,file,expected,verdict,status,wall,cpu,rss_kb,exit", f);
  for (int i = 0; i < BENCH_NSTATS; i++) fprintf(f, ",%s", bench_stat_col[i]);
  fputc('\n', f);
  for (int i = 0; i < t->nrun; i++) {
    const bench_run *r = &t->run[i];
    bench_csv_field(f, t->cfg[r->config]);
    fputc(',', f);
    bench_csv_field(f, t->file[r->file]);
    fprintf(f, ",%s,%s,%s,%.3f,%.3f,%ld,%d",
            bench_expected_name(t->expected[r->file]),
            bench_verdict_name(r->verdict), bench_status_name(r->status),
            r->wall, r->cpu, r->rss_kb, r->exit);
    bench_stats_csv(f, r);
    fputc('\n', f);
  }
  return fclose(f) ? -1 : 0;
}

/* The date and time now, UTC, ISO 8601. */
static void utc_date(char *buf, size_t n) {
  time_t now = time(NULL);
  strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
}

static const char *version_of(const bench_opts *o, int i) {
  return o->tool_version && i < o->ncfg && o->tool_version[i]
             ? o->tool_version[i] : "unknown";
}

static int ref_index(const bench_table *t, const bench_opts *o) {
  if (o->reference)
    for (int i = 0; i < t->ncfg; i++)
      if (!strcmp(t->cfg[i], o->reference)) return i;
  return t->ncfg ? 0 : -1;
}

/* runs.json: {"suite", "timeout", "memory_mb", "jobs", "reference",
 * "slurm": {"job", "tasks"} (a --slurm run only),
 * "configs": [{"name", "template"}], "runs": [...], "summary": [...]}.
 * 0 on success. */
int bench_report_json(const bench_table *t, const bench_opts *o,
                      const char *path) {
  FILE *f = fopen(path, "w");
  if (!f) return -1;
  int ref = ref_index(t, o);
  fputs("{\n  \"suite\": ", f);
  bench_json_str(f, o->suite ? o->suite : "");
  fprintf(f, ",\n  \"timeout\": %g,\n  \"memory_mb\": %ld,\n  \"rss_mb\": %ld,"
             "\n  \"jobs\": %d,\n  \"reference\": ", o->timeout, o->memory_mb,
             o->rss_mb, o->jobs);
  bench_json_str(f, ref >= 0 ? t->cfg[ref] : "");
  if (o->slurm.job) {
    fputs(",\n  \"slurm\": {\"job\": ", f);
    bench_json_str(f, o->slurm.job);
    fprintf(f, ", \"tasks\": %d}", o->slurm.tasks);
  }
  bench_machine m;
  char date[64];
  bench_machine_read(&m);
  utc_date(date, sizeof date);
  fprintf(f, ",\n  \"date\": \"%s\",\n  \"machine\": {\"cpu\": ", date);
  bench_json_str(f, m.cpu);
  fprintf(f, ", \"cores\": %ld, \"memory_mb\": %ld, \"kernel\": ", m.cores,
          m.mem_mb);
  bench_json_str(f, m.kernel);
  fputs("}", f);
  free(m.cpu);
  free(m.kernel);
  fprintf(f, ",\n  \"runs_done\": %d,\n  \"runs_total\": %d,\n"
             "  \"partial\": ", t->nrun, o->runs_total ? o->runs_total : t->nrun);
  if (o->interrupted) {
    char *p = bench_fmt("partial: %d of %d runs done", t->nrun, o->runs_total);
    bench_json_str(f, p);
    free(p);
  } else {
    fputs("null", f);
  }
  if (o->car_version) {
    fputs(",\n  \"car_version\": ", f);
    bench_json_str(f, o->car_version);
  }
  fputs(",\n  \"configs\": [", f);
  for (int i = 0; i < t->ncfg; i++) {
    fputs(i ? ",\n    {\"name\": " : "\n    {\"name\": ", f);
    bench_json_str(f, t->cfg[i]);
    fputs(", \"template\": ", f);
    bench_json_str(f, i < o->ncfg ? o->cfg[i].tmpl : "");
    fputs(", \"version\": ", f);
    bench_json_str(f, version_of(o, i));
    fputc('}', f);
  }
  fputs("\n  ],\n  \"runs\": [", f);
  for (int i = 0; i < t->nrun; i++) {
    const bench_run *r = &t->run[i];
    fputs(i ? ",\n    {\"config\": " : "\n    {\"config\": ", f);
    bench_json_str(f, t->cfg[r->config]);
    fputs(", \"file\": ", f);
    bench_json_str(f, t->file[r->file]);
    fprintf(f, ", \"expected\": \"%s\", \"verdict\": \"%s\", \"status\": "
               "\"%s\", \"wall\": %.3f, \"cpu\": %.3f, \"rss_kb\": %ld, "
               "\"exit\": %d",
            bench_expected_name(t->expected[r->file]),
            bench_verdict_name(r->verdict), bench_status_name(r->status),
            r->wall, r->cpu, r->rss_kb, r->exit);
    bench_stats_json(f, r);
    fputc('}', f);
  }
  fputs("\n  ],\n  \"summary\": [", f);
  for (int c = 0; c < t->ncfg; c++) {
    bench_sum s;
    bench_summarise(t, c, ref, o->timeout, &s);
    fputs(c ? ",\n    {\"config\": " : "\n    {\"config\": ", f);
    bench_json_str(f, t->cfg[c]);
    fprintf(f, ", \"files\": %d, \"solved\": %d, \"safe\": %d, \"unsafe\": %d",
            s.files, s.safe + s.unsafe, s.safe, s.unsafe);
    for (int k = 0; k < BS_COUNT; k++)
      fprintf(f, ", \"%s\": %d", bench_status_name((bench_status)k), s.count[k]);
    fprintf(f, ", \"par2\": %.3f, \"par2_mean\": %.3f, \"median_solved\": %.3f"
               ", \"common_with_reference\": %d, \"speedup_vs_reference\": %.3f}",
            s.par2, s.files ? s.par2 / s.files : 0, s.median, s.common,
            s.speedup);
  }
  fputs("\n  ]\n}\n", f);
  return fclose(f) ? -1 : 0;
}

/* summary.md: the setup, then one row per configuration.  0 on success. */
int bench_report_md(const bench_table *t, const bench_opts *o,
                    const char *path) {
  FILE *f = fopen(path, "w");
  if (!f) return -1;
  int ref = ref_index(t, o);
  struct utsname u;
  char date[64] = "";
  time_t now = time(NULL);
  strftime(date, sizeof date, "%Y-%m-%d %H:%M", localtime(&now));
  if (uname(&u)) strcpy(u.machine, "?");
  bench_machine m;
  char udate[64];
  bench_machine_read(&m);
  utc_date(udate, sizeof udate);
  fprintf(f, "# car-bench summary\n\n");
  if (o->interrupted)
    fprintf(f, "**partial: %d of %d runs done** (%s; the counts cover only "
               "the runs done)\n\n", t->nrun, o->runs_total,
            o->slurm.job ? "array tasks left runs missing" : "interrupted");
  fprintf(f, "- suite: `%s`, %d files\n", o->suite ? o->suite : "", t->nfile);
  fprintf(f, "- limits: %g s wall, %ld MB memory", o->timeout, o->memory_mb);
  if (o->rss_mb > 0)
    fprintf(f, ", %ld MB resident (%s)", o->rss_mb, bench_rss_mode());
  fprintf(f, "; date %s; host %s %s\n", date, u.sysname, u.machine);
  fprintf(f, "- machine: %s, %ld cores, %ld MB memory; kernel %s; %s\n",
          m.cpu, m.cores, m.mem_mb, m.kernel, udate);
  free(m.cpu);
  free(m.kernel);
  if (o->slurm.job)
    fprintf(f, "- slurm: job %s, %d array tasks (task K ran files K, K+%d, "
               "..., one run at a time; tasks sharing a node overlap)\n",
            o->slurm.job, o->slurm.tasks, o->slurm.tasks);
  else if (o->jobs > 1)
    fprintf(f, "- jobs: %d (up to %d runs at a time: timings include their "
               "interference)\n", o->jobs, o->jobs);
  else
    fprintf(f, "- jobs: 1 (one run at a time)\n");
  if (o->cmdline) fprintf(f, "- command: `%s`\n", o->cmdline);
  if (o->car_version) fprintf(f, "- car: `%s`\n", o->car_version);
  for (int i = 0; i < o->ncfg; i++)
    fprintf(f, "- config `%s`: `%s` (version: %s)\n", o->cfg[i].name,
            o->cfg[i].tmpl, version_of(o, i));
  fprintf(f, "\n| config | files | solved | safe | unsafe | wrong | unchecked "
             "| unknown | timeout | memout | error | PAR-2 (s) | PAR-2/file "
             "| median solved (s) | common with %s | speed-up vs %s |\n",
          ref >= 0 ? t->cfg[ref] : "-", ref >= 0 ? t->cfg[ref] : "-");
  fprintf(f, "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:"
             "|--:|\n");
  for (int c = 0; c < t->ncfg; c++) {
    bench_sum s;
    bench_summarise(t, c, ref, o->timeout, &s);
    char median[32] = "-";
    if (s.safe + s.unsafe) snprintf(median, sizeof median, "%.2f", s.median);
    fprintf(f, "| %s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d "
               "| %.1f | %.2f | %s | %d | ",
            t->cfg[c], s.files, s.safe + s.unsafe, s.safe, s.unsafe,
            s.count[BS_WRONG], s.count[BS_UNCHECKED], s.count[BS_UNKNOWN],
            s.count[BS_TIMEOUT], s.count[BS_MEMOUT], s.count[BS_ERROR], s.par2,
            s.files ? s.par2 / s.files : 0, median, s.common);
    if (c == ref) fputs("1.00 (reference) |\n", f);
    else if (s.common) fprintf(f, "%.2f |\n", s.speedup);
    else fputs("- |\n", f);
  }
  fprintf(f, "\nsolved = safe + unsafe answers that are correct or "
             "unchecked (expected unknown). PAR-2 = wall time of solved "
             "files + 2 x %g s for every other file. speed-up = median wall "
             "of the reference / median wall of the config, over the files "
             "both solve (> 1: faster).\n", o->timeout);
  int wrong = 0;
  for (int i = 0; i < t->nrun; i++) wrong += t->run[i].status == BS_WRONG;
  if (wrong) {
    fprintf(f, "\n**WRONG VERDICTS: %d**\n\n", wrong);
    for (int i = 0; i < t->nrun; i++)
      if (t->run[i].status == BS_WRONG)
        fprintf(f, "- `%s` on `%s`: said %s, expected %s\n",
                t->cfg[t->run[i].config], t->file[t->run[i].file],
                bench_verdict_name(t->run[i].verdict),
                bench_expected_name(t->expected[t->run[i].file]));
  }
  return fclose(f) ? -1 : 0;
}

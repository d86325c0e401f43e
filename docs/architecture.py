#!/usr/bin/env python3
"""architecture.py -- the picture of docs/architecture.md, made from the code.

Reads every project #include of the modules (the folders of the layer table
in tests/layout.sh), folds them into a graph of modules (an edge A -> B: a
file of A includes a header of B), and writes it as graphviz to
docs/architecture.dot, one node per module labelled with its files and
lines, drawn bottom-up by layer.  With graphviz installed (`dot`, Debian's
graphviz package) it also renders docs/architecture.svg.  Deterministic:
tests/layout.sh checks that the committed .dot is what this script makes.

Usage: python3 docs/architecture.py [--check]   (from anywhere)
  --check: write nothing; exit 1 when docs/architecture.dot is stale.
"""
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The modules, grouped in layers from the top (the command line) down to the
# IR; the same table as tests/layout.sh's, read from there.
GROUPS = [
    ("command line", ["driver"]),
    ("schedule", ["portfolio"]),
    ("engines and certificates",
     ["engines/car", "engines/dfs", "engines/cubbmc", "indexed", "cert"]),
    ("engine contract", ["engine"]),
    ("CAR's phases", ["refine", "abstract", "etc"]),
    ("input languages",
     ["frontend", "frontend/clp", "frontend/smt2", "frontend/c",
      "frontend/cub", "frontend/common"]),
    ("Z3 bridge", ["zb"]),
    ("IR", ["clp"]),
]
# What each module is, for the node labels (sizes would make the picture
# stale at every edit; they are in docs/architecture.md's table).
ROLES = {
    "driver": "command line, reports, tasks",
    "portfolio": "engine registry, schedule",
    "engines/car": "CAR loop",
    "engines/dfs": "depth-first baseline",
    "engines/cubbmc": ".cub fixed-size search",
    "indexed": "indexed predicates",
    "cert": "certificate checks",
    "engine": "contract: options, result",
    "refine": "refinement",
    "abstract": "Boolean abstraction, BDDs",
    "etc": "trace checks, BMC",
    "frontend": "fe.h: loading API",
    "frontend/clp": ".clp",
    "frontend/smt2": ".smt2 (CHC)",
    "frontend/c": "C subset",
    "frontend/cub": "Cubicle .cub",
    "frontend/common": "diagnostics, source text",
    "zb": "Z3 bridge",
    "clp": "IR, printers, preprocessing",
}
INC = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def modules():
    mods = [m for _, ms in GROUPS for m in ms
            if os.path.isdir(os.path.join(ROOT, m))]
    return sorted(mods, key=len, reverse=True)   # longest prefix first


def module_of(path, mods):
    for m in mods:
        if path == m or path.startswith(m + "/"):
            return m
    return None


def sources(mod, mods):
    """The module's own files (not those of a longer module inside it)."""
    out = []
    for d, subdirs, files in os.walk(os.path.join(ROOT, mod)):
        rel = os.path.relpath(d, ROOT)
        if module_of(rel, mods) != mod or "c_include" in rel:
            continue
        for f in files:
            if re.search(r"\.(c|h|re|y)$", f):
                out.append(os.path.join(rel, f))
    return sorted(out)


def graph():
    mods = modules()
    nodes, edges = {}, set()
    for m in mods:
        files = sources(m, mods)
        lines = 0
        for f in files:
            with open(os.path.join(ROOT, f), encoding="utf-8",
                      errors="replace") as fh:
                text = fh.read()
            lines += text.count("\n")
            for inc in INC.findall(text):
                to = module_of(inc, mods)
                if to and to != m:
                    edges.add((m, to))
        nodes[m] = (len(files), lines)
    return nodes, edges


def dot(nodes, edges):
    out = ["// made by docs/architecture.py from the includes; do not edit",
           "digraph car {",
           '  graph [rankdir=TB, fontname="Helvetica", fontsize=11, '
           'nodesep=0.25, ranksep=0.45, newrank=true];',
           '  node [shape=box, style="rounded,filled", fillcolor="#f4f4f4", '
           'fontname="Helvetica", fontsize=10];',
           '  edge [color="#888888", arrowsize=0.6];']
    for i, (title, ms) in enumerate(GROUPS):
        ms = [m for m in ms if m in nodes]
        if not ms:
            continue
        out.append(f'  subgraph cluster_{i} {{')
        out.append(f'    label="{title}"; style=dashed; color="#bbbbbb";')
        for m in ms:
            role = ROLES.get(m, "")
            out.append(f'    "{m}" [label="{m}/\\n{role}"];')
        out.append("  }")
    # an edge per include relation, minus those implied by a path through
    # other edges (transitive reduction), so the picture stays readable
    succ = {}
    for a, b in edges:
        succ.setdefault(a, set()).add(b)

    def reach(a, skip):
        seen, todo = set(), [x for x in succ.get(a, ()) if (a, x) != skip]
        while todo:
            x = todo.pop()
            if x not in seen:
                seen.add(x)
                todo.extend(succ.get(x, ()))
        return seen

    for a, b in sorted(edges):
        if b not in reach(a, (a, b)):
            out.append(f'  "{a}" -> "{b}";')
    out.append("}")
    return "\n".join(out) + "\n"


def main():
    nodes, edges = graph()
    text = dot(nodes, edges)
    path = os.path.join(ROOT, "docs", "architecture.dot")
    if "--check" in sys.argv:
        old = open(path).read() if os.path.exists(path) else ""
        if old != text:
            print("docs/architecture.dot is stale: run "
                  "python3 docs/architecture.py", file=sys.stderr)
            return 1
        return 0
    with open(path, "w") as fh:
        fh.write(text)
    if shutil.which("dot"):
        subprocess.run(["dot", "-Tsvg", "-o",
                        os.path.join(ROOT, "docs", "architecture.svg"), path],
                       check=True)
    else:
        print("graphviz (dot) not installed: docs/architecture.svg not "
              "rendered", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""The markdown table of src/bench/backends.sh: usage backends-table.py RESULTS.jsonl N C"""
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")]
phases = ["create", "get", "list", "update", "delete"]
targets = list(dict.fromkeys(r["target"] for r in rows if r.get("target")))
by = {(r.get("target"), r.get("phase")): r for r in rows}
print(f"\nkube-load, N={sys.argv[2]} C={sys.argv[3]}, plain HTTP, one java -jar per backend; cells: ops/s (p99 ms)\n")
print("| backend | " + " | ".join(phases) + " | errors | server CPU s | load avg before → after |")
print("|---" * (len(phases) + 4) + "|")
for t in targets:
    cells, errors = [], 0
    for ph in phases:
        r = by.get((t, ph))
        if not r:
            cells.append("–"); continue
        errors += r.get("errors") or 0
        cells.append(f"{r.get('ops_per_s', 0):,.0f} ({r.get('p99_ms', 0):.0f})")
    env = by.get((t, "env"), {})
    print(f"| {t} | " + " | ".join(cells) + f" | {errors} | {env.get('server_cpu_s', '–')} | "
          f"{env.get('load_before', '?')} → {env.get('load_after', '?')} |")

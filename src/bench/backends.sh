#!/usr/bin/env bash
# The same kube-load run against java -jar target/custom-apiserver.war on each storage backend; prints a markdown
# table (ops/s and p99 per phase, the server's CPU seconds, the load average before and after each backend).
#
# usage: src/bench/backends.sh [-n 1000] [-c 16] [--backends "memory file jpa etcd3"] [--out DIR]
# needs: the packaged WAR (mvn -B -o package -DskipTests), kube-load (../shared/bench/load, built on first use),
#        etcd on PATH for etcd3 (Debian etcd-server), python3. Plain HTTP on 127.0.0.1 with a token file.
# env:   BENCH_DIR (the shared bench, default ../shared/bench or /work/shared/bench), SERVER_JVM_ARGS (-Xmx1g)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
N=1000 C=16 BACKENDS="memory file jpa etcd3" OUT=""
while (( $# )); do
  case "$1" in
    -n) N=$2; shift 2;;
    -c) C=$2; shift 2;;
    --backends) BACKENDS=$2; shift 2;;
    --out) OUT=$2; shift 2;;
    *) echo "unknown argument $1; usage: $0 [-n N] [-c C] [--backends \"memory file jpa etcd3\"] [--out DIR]" >&2; exit 2;;
  esac
done
if [[ -z "${BENCH_DIR:-}" ]]; then
  if [[ -d "$ROOT/../shared/bench" ]]; then BENCH_DIR="$ROOT/../shared/bench"; else BENCH_DIR=/work/shared/bench; fi
fi
# shellcheck source=/dev/null
source "$BENCH_DIR/lib.sh"     # free_port, wait_port, start_bg, stop_pid, stop_all (processes tracked by PID only)
trap stop_all EXIT INT TERM
ensure_jar "$BENCH_DIR/load" kube-load.jar
WAR="$ROOT/target/custom-apiserver.war"
[[ -f "$WAR" ]] || { echo "no $WAR: mvn -B -o package -DskipTests first" >&2; exit 1; }
OUT="${OUT:-$(mktemp -d /tmp/backends-bench-XXXXXX)}"
mkdir -p "$OUT"
TOKEN="backends-bench-$RANDOM$RANDOM"
echo "$TOKEN,bench,bench-uid,\"system:masters\"" > "$OUT/tokens.csv"
RESULTS="$OUT/results.jsonl"; : > "$RESULTS"
echo "results in $OUT (N=$N C=$C, backends: $BACKENDS)" >&2

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

for backend in $BACKENDS; do
  data="$OUT/$backend-data"; mkdir -p "$data"
  flags=(--storage-backend "$backend")
  etcd_pid=""
  if [[ "$backend" == etcd3 ]]; then
    ep=$(free_port 24400)
    start_bg "$OUT/etcd.log" "$BENCH_DIR/peers/etcd/run.sh" "$ep"   # data in /tmp/bench-etcd-PORT
    etcd_pid=$BENCH_LAST_PID
    wait_port "$ep" 60 "$etcd_pid"
    flags+=(--etcd-servers "http://127.0.0.1:$ep")
  fi
  port=$(free_port 24500)
  # shellcheck disable=SC2086
  start_bg "$OUT/$backend-server.log" java ${SERVER_JVM_ARGS:--Xmx1g} -jar "$WAR" --data-dir "$data" \
    --secure-port 0 --port "$port" --token-auth-file "$OUT/tokens.csv" "${flags[@]}"
  server_pid=$BENCH_LAST_PID
  wait_port "$port" 300 "$server_pid"
  for _ in $(seq 1 600); do   # ready: /readyz answers 200 (bounded, 0.5 s steps)
    if curl -fsS -o /dev/null -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$port/readyz"; then break; fi
    kill -0 "$server_pid" || { echo "the $backend server exited; log $OUT/$backend-server.log" >&2; exit 1; }
    sleep 0.5
  done
  load_before=$(cut -d' ' -f1-3 /proc/loadavg)
  cpu_before=$(cpu_ticks "$server_pid")
  echo "== $backend: server pid $server_pid on :$port, load $load_before" >&2
  java -jar "$BENCH_DIR/load/target/kube-load.jar" --url "http://127.0.0.1:$port" --token "$TOKEN" \
    --phases create,get,list,update,delete -n "$N" -c "$C" --list-repeats 3 --target "$backend" \
    --out "$OUT/$backend.jsonl" --quiet > "$OUT/$backend-load.log" 2>&1 || echo "kube-load failed on $backend (see $OUT/$backend-load.log)" >&2
  cpu_after=$(cpu_ticks "$server_pid")
  load_after=$(cut -d' ' -f1-3 /proc/loadavg)
  cat "$OUT/$backend.jsonl" >> "$RESULTS" 2>/dev/null || true
  printf '{"phase":"env","target":"%s","load_before":"%s","load_after":"%s","server_cpu_s":%s}\n' "$backend" \
    "$load_before" "$load_after" "$(awk -v a="$cpu_before" -v b="$cpu_after" -v hz="$(getconf CLK_TCK)" 'BEGIN{printf "%.1f", (b - a) / hz}')" >> "$RESULTS"
  stop_pid "$server_pid"
  [[ -n "$etcd_pid" ]] && stop_pid "$etcd_pid" && rm -rf "/tmp/bench-etcd-$ep"
done

python3 "$ROOT/src/bench/backends-table.py" "$RESULTS" "$N" "$C"

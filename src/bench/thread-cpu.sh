#!/bin/bash
# Server CPU per request, per phase, split by thread group: starts the packaged WAR (plain HTTP, a
# token file, a fresh data directory), runs two 3,000-object kube-load warm-ups, then create, get,
# update and delete one phase at a time and prints, from /proc, the whole process's CPU ms per request
# (user + system; it includes threads that ended during the phase) and the largest thread groups
# (apiserver = request threads; C1/C2 = JIT; GC). On a shared machine compare ms/op, not ops/s.
# usage: src/bench/thread-cpu.sh WAR PORT [extra server flags, e.g. --storage-url jdbc:postgresql://...]
# env: N (default 2000), OUT (default /tmp/thread-cpu), KUBE_LOAD (default ../shared/bench/load/target/kube-load.jar)
set -u
WAR=$1; PORT=$2; shift 2
N=${N:-2000}; OUT=${OUT:-/tmp/thread-cpu}; mkdir -p "$OUT"
KUBE_LOAD=${KUBE_LOAD:-../shared/bench/load/target/kube-load.jar}
echo 'wp-bench-token,bench,bench-uid,"system:masters"' > "$OUT/tokens.csv"
D=$(mktemp -d)
java -Xmx1g -jar "$WAR" --data-dir "$D" --secure-port 0 --port "$PORT" --token-auth-file "$OUT/tokens.csv" "$@" > "$OUT/server.log" 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null; wait $PID 2>/dev/null; rm -rf "$D"' EXIT
for _ in $(seq 1 300); do curl -s -o /dev/null "http://127.0.0.1:$PORT/healthz" && break; sleep 1; done
TCK=$(getconf CLK_TCK)
L="java -jar $KUBE_LOAD --url http://127.0.0.1:$PORT --token wp-bench-token -c 16 --quiet"
process() { awk '{print $14+$15}' "/proc/$PID/stat"; }
threads() {  # thread group (name without its number) and its ticks
  for t in /proc/$PID/task/*; do
    echo "$(sed -E 's/[-# ]*[0-9]+$//; s/ /_/g' "$t/comm") $(awk '{print $14+$15}' "$t/stat" 2>/dev/null || echo 0)"
  done | awk '{a[$1]+=$2} END {for (k in a) print k, a[k]}' | sort
}
$L -n 3000 --phases warmup --warmup-n 3000 > /dev/null 2>&1
$L -n 3000 --phases warmup --warmup-n 3000 > /dev/null 2>&1
for ph in create get update delete; do
  threads > "$OUT/a"; p0=$(process)
  out=$($L -n "$N" --phases "$ph" 2>&1)
  p1=$(process); threads > "$OUT/b"
  echo "== $ph N=$N process $(echo "($p1-$p0)*1000/$TCK/$N" | bc -l | cut -c1-5) ms/op $(echo "$out" | grep -o '"ops_per_s":[0-9.]*' | tail -1) load=$(cut -d' ' -f1 /proc/loadavg)"
  join "$OUT/a" "$OUT/b" | awk -v n="$N" -v t="$TCK" '$3>$2 {printf "  %-24s %6.3f ms/op\n", $1, ($3-$2)*1000/t/n}' | sort -k2 -rn | head -6
done

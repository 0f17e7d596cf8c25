#!/bin/bash
# Server CPU per request, per phase: starts the packaged WAR (plain HTTP, a token file, a fresh data
# directory), runs kube-load's warmup, then create, get, update and delete one phase at a time with
# a JFR recording per phase, and prints the server's CPU ms per request from /proc/PID/stat (user +
# system ticks over the phase) with the load average. On a shared, loaded machine this is the figure
# to compare, not ops/s.
# usage: src/bench/phase-cpu.sh WAR LABEL [N] [extra server flags, e.g. --storage-url jdbc:postgresql://...]
# env: KUBE_LOAD (default ../shared/bench/load/target/kube-load.jar), OUT (default /tmp/phase-cpu)
set -u
WAR=$1; LABEL=$2; N=${3:-1000}; shift 3 || shift $#
KUBE_LOAD=${KUBE_LOAD:-../shared/bench/load/target/kube-load.jar}
OUT=${OUT:-/tmp/phase-cpu}; mkdir -p "$OUT"
echo 'wp-bench-token,bench,bench-uid,"system:masters"' > "$OUT/tokens.csv"
PORT=$((28180 + RANDOM % 500))
D=$(mktemp -d)
java -Xmx1g -jar "$WAR" --data-dir "$D" --secure-port 0 --port $PORT --token-auth-file "$OUT/tokens.csv" "$@" \
  > "$OUT/$LABEL.server.log" 2>&1 &
PID=$!
for _ in $(seq 1 300); do curl -s -o /dev/null http://127.0.0.1:$PORT/healthz && break; sleep 1; done
TCK=$(getconf CLK_TCK)
cpu() { awk '{print $14+$15}' /proc/$PID/stat; }
L="java -jar $KUBE_LOAD --url http://127.0.0.1:$PORT --token wp-bench-token -c 16 --quiet"
$L -n 1000 --phases warmup --warmup-n 1000 > /dev/null 2>&1
for ph in create get update delete; do
  jcmd $PID JFR.start name=$ph settings=profile > /dev/null
  c0=$(cpu); t0=$(date +%s.%N)
  out=$($L -n $N --phases $ph 2>&1)
  c1=$(cpu); t1=$(date +%s.%N)
  jcmd $PID JFR.stop name=$ph filename="$OUT/$LABEL.$ph.jfr" > /dev/null
  ops=$(echo "$out" | grep -o '"ops_per_s":[0-9.]*' | tail -1)
  echo "$LABEL $ph N=$N cpu_ms/op=$(echo "($c1-$c0)*1000/$TCK/$N" | bc -l | cut -c1-6) wall=$(echo "$t1-$t0" | bc | cut -c1-6)s $ops load=$(cut -d' ' -f1 /proc/loadavg)"
  echo "$out" | tail -3 > "$OUT/$LABEL.$ph.out"
done
kill $PID; wait $PID 2>/dev/null; rm -rf "$D"

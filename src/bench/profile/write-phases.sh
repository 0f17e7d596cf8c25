#!/bin/bash
# usage: write-phases.sh WAR LABEL [N] [PORT]
# Starts WAR on HTTP PORT (token file /tmp/wp-tokens.csv, see README), warms up with kube-load,
# then per phase (create, update, delete) records a JFR file /tmp/wp-LABEL-PHASE.jfr and prints the
# server CPU per op from /proc (all threads, and without the JIT compiler threads) and the load average.
WAR=$1; LABEL=$2; N=${3:-1000}; PORT=${4:-28080}
LOAD=${KUBE_LOAD:-$(dirname "$0")/../../../../shared/bench/load/target/kube-load.jar}
D=$(mktemp -d /tmp/wp-data.XXXX)
java -Xmx1g -XX:FlightRecorderOptions:stackdepth=512 -jar $WAR --data-dir $D --secure-port 0 --port $PORT --token-auth-file /tmp/wp-tokens.csv > /tmp/wp-$LABEL.server.log 2>&1 &
PID=$!
for i in $(seq 1 240); do curl -sf -H 'Authorization: Bearer wp-bench-token' http://127.0.0.1:$PORT/readyz >/dev/null && break; sleep 1; done
ticks() { awk '{print $14+$15}' /proc/$PID/stat; }
jit() { cat /proc/$PID/task/*/stat 2>/dev/null | awk '/CompilerThre/ { sub(/^.*\) /,""); s+=$12+$13 } END {print s+0}'; }
java -jar $LOAD --url http://127.0.0.1:$PORT --token wp-bench-token -n $N -c 16 --phases warmup --quiet > /tmp/wp-$LABEL-warmup.out 2>&1
for ph in create update delete; do
  jcmd $PID JFR.start name=$ph settings=profile >/dev/null
  l0=$(cut -d' ' -f1 /proc/loadavg); t0=$(ticks); j0=$(jit); s0=$(date +%s.%N)
  java -jar $LOAD --url http://127.0.0.1:$PORT --token wp-bench-token -n $N -c 16 --phases $ph > /tmp/wp-$LABEL-$ph.out 2>&1
  t1=$(ticks); j1=$(jit); s1=$(date +%s.%N); l1=$(cut -d' ' -f1 /proc/loadavg)
  jcmd $PID JFR.stop name=$ph filename=/tmp/wp-$LABEL-$ph.jfr >/dev/null
  echo "$LABEL $ph N=$N cpu_ms/op=$(echo "scale=2; ($t1-$t0)*10/$N" | bc) nonjit_ms/op=$(echo "scale=2; ($t1-$t0-$j1+$j0)*10/$N" | bc) wall_s=$(echo "$s1-$s0" | bc) ops/s=$(echo "scale=1; $N/($s1-$s0)" | bc) load=$l0-$l1"
done
kill $PID; wait $PID 2>/dev/null; rm -rf $D

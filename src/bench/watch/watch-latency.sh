#!/bin/bash
# Watch delivery latency (issue 14): starts the server WAR on PORT (plain HTTP; HTTPS with HTTPS=1), runs
# kube-load's watch phase RUNS times for each "watchers:writes" shape in SHAPES, prints one line per run
# (p50/p99/max of write response -> event arrival, all_delivered, load average, and the server's CPU per
# delivered event in microseconds, from /proc thread ticks: the figure that survives a loaded machine),
# the top thread groups of that CPU, and stops the server. Compare before/after as ratios under the same load.
# usage: [OUT=/tmp/dir] [RUNS=3] [SHAPES="100:200 1000:1000"] [HTTPS=1] watch-latency.sh WAR PORT [server flags]
WAR=$1; PORT=$2; OUT=${OUT:-/tmp/watch-latency}; RUNS=${RUNS:-3}; SHAPES=${SHAPES:-"100:200 1000:1000"}
LOAD=${LOAD:-/work/shared/bench/load/target/kube-load.jar}
mkdir -p $OUT
echo 'wl-bench-token,bench,bench-uid,"system:masters"' > $OUT/tokens.csv
D=$(mktemp -d)
if [ -n "$HTTPS" ]; then
  java -Xmx1g -jar $WAR --data-dir $D --secure-port $PORT --port 0 --token-auth-file $OUT/tokens.csv "${@:3}" > $OUT/server.log 2>&1 &
  URL=https://127.0.0.1:$PORT; K=--insecure; C=-k
else
  java -Xmx1g -jar $WAR --data-dir $D --secure-port 0 --port $PORT --token-auth-file $OUT/tokens.csv "${@:3}" > $OUT/server.log 2>&1 &
  URL=http://127.0.0.1:$PORT; K=; C=
fi
PID=$!
trap 'kill $PID 2>/dev/null; wait $PID 2>/dev/null; rm -rf $D' EXIT
for _ in $(seq 1 300); do curl $C -s -o /dev/null $URL/healthz && break; sleep 1; done
snap() { for t in /proc/$PID/task/*; do n=$(cat $t/comm); s=$(awk '{print $14+$15}' $t/stat); echo "$n $s"; done | sed -E 's/[-#0-9]+ / /' | awk '{a[$1]+=$2} END {for (k in a) print k, a[k]}' | sort; }
L="java -jar $LOAD --url $URL --token wl-bench-token $K --quiet"
$L -n 1000 --phases warmup --warmup-n 1000 > /dev/null 2>&1
$L --phases watch -w 100 -m 200 > /dev/null 2>&1 # warm the watch path
for shape in $SHAPES; do
  w=${shape%%:*}; m=${shape##*:}
  for r in $(seq 1 $RUNS); do
    snap > $OUT/a
    out=$($L --phases watch -w $w -m $m --watch-timeout-s 120 2>&1 | grep '"phase":"watch"' | tail -1)
    snap > $OUT/b
    f() { echo "$out" | grep -o "\"$1\":[^,}]*" | head -1 | cut -d: -f2; }
    echo "w=$w m=$m run=$r p50=$(f p50_ms) p99=$(f p99_ms) max=$(f max_ms) send_p99=$(f from_send_p99_ms) write_p50=$(f write_p50_ms) all_delivered=$(f all_delivered) dup=$(f duplicate_events) load=$(cut -d' ' -f1 /proc/loadavg) \
      cpu_us_per_event=$(join $OUT/a $OUT/b | awk -v n=$(f events_received) '{t+=$3-$2} END {printf "%.1f", (n>0 ? t*10000/n : 0)}')"
    join $OUT/a $OUT/b | awk -v n=$(f events_received) '{d=$3-$2; if (d>0 && n>0) printf "    %-26s %7.1f us/event\n", $1, d*10000/n}' | sort -k2 -rn | head -6
    echo "$out" >> $OUT/runs.jsonl
  done
done

#!/bin/bash
# CPU per request of the load generator and of the server, per phase, in compare.sh's conditions: one
# kube-load process runs compare.sh's phases (its warm-up first); each time it reports a phase (one JSON
# line on stdout, written when the phase ends) the CPU of both processes is read from /proc (user +
# system), so a phase's share is the difference to the previous report, divided by the phase's ops.
# Works for any server whose PID is known: ours, or fabric8's mock started by
# ../shared/bench/peers/fabric8-mock/run.sh PORT (its PID is the JVM's).
# usage: src/bench/cpu-split.sh URL SERVER_PID [extra kube-load flags, e.g. --insecure]
# env: N (default 2000), C (default 16), PHASES (default compare.sh's), REPEAT (default 1),
#      KUBE_LOAD (default ../shared/bench/load/target/kube-load.jar), BENCH_JAVA (the client's JVM; default as
#      compare.sh: JDK 25 at /usr/lib/jvm/temurin-25-jdk-amd64 if present, where kube-load uses virtual threads)
# prints per phase: ops/s, client ms/op, server ms/op, the two summed, the 2-core ceiling that sum
# allows (2,000 ms of CPU per second / (client + server)), and the load average at the phase's end.
set -u
URL=$1; SPID=$2; shift 2
N=${N:-2000}; C=${C:-16}; REPEAT=${REPEAT:-1}
PHASES=${PHASES:-warmup,create,get,list,update,watch,delete}
KUBE_LOAD=${KUBE_LOAD:-../shared/bench/load/target/kube-load.jar}
TCK=$(getconf CLK_TCK)
J25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
BENCH_JAVA=${BENCH_JAVA:-$([[ -x $J25 ]] && echo $J25 || echo java)}
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
ms() { awk -v t="$TCK" '{print ($14+$15)*1000/t}' "/proc/$1/stat" 2>/dev/null || echo 0; }
field() { grep -o "\"$2\":[0-9.]*" <<< "$1" | head -1 | cut -d: -f2; }
printf '%-7s %5s %9s %10s %10s %10s %12s %5s\n' phase rep ops/s client_ms server_ms sum_ms ceiling_ops load
for rep in $(seq 1 "$REPEAT"); do
  mkfifo "$T/out$rep"
  "$BENCH_JAVA" -Xmx2g -jar "$KUBE_LOAD" --url "$URL" --token wp-bench-token -n "$N" -c "$C" --quiet \
    --prefix "cpu$rep$RANDOM" --phases "$PHASES" "$@" > "$T/out$rep" 2> "$T/err$rep" &
  CPID=$!
  c0=$(ms $CPID); s0=$(ms "$SPID")
  while read -r line; do
    c1=$(ms $CPID); s1=$(ms "$SPID")
    ph=$(grep -o '"phase":"[a-z_0-9]*"' <<< "$line" | cut -d'"' -f4); ops=$(field "$line" ops)
    if [[ "$ph" != meta && -n "$ops" && "$ops" != 0 ]]; then
      awk -v p="$ph" -v r="$rep" -v o="$(field "$line" ops_per_s)" -v n="$ops" -v dc="$(echo "$c1 - $c0" | bc -l)" \
        -v ds="$(echo "$s1 - $s0" | bc -l)" -v l="$(cut -d' ' -f1 /proc/loadavg)" \
        'BEGIN { c = dc / n; s = ds / n; printf "%-7s %5d %9.1f %10.3f %10.3f %10.3f %12.0f %5s\n", p, r, o, c, s, c + s, 2000 / (c + s), l }'
    fi
    c0=$c1; s0=$s1
  done < "$T/out$rep"
  wait $CPID || cat "$T/err$rep" >&2
  rm -f "$T/out$rep"
done

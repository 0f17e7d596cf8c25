#!/usr/bin/env bash
# Start-up to ready of the embedded server in a fresh JVM (first server, later servers, memory per server held open),
# then the same for fabric8's kubernetes-server-mock as the anchor. Prints two markdown tables.
# usage: src/bench/startup.sh [runs (10)] [servers held open (5)]
# needs: mvn (offline is fine once the main build ran), ../shared/bench/peers/fabric8-mock (built on first use).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
RUNS=${1:-10} HELD=${2:-5}
if [[ -z "${BENCH_DIR:-}" ]]; then
  if [[ -d "$ROOT/../shared/bench" ]]; then BENCH_DIR="$ROOT/../shared/bench"; else BENCH_DIR=/work/shared/bench; fi
fi
cd "$ROOT"
# src/bench/java is compiled into target/test-classes by the bench profile; the test class path includes Jetty
mvn -B -q -o -Pbench test-compile dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/bench-classpath.txt
mkdir -p target/bench
echo "servers' log: target/bench/startup-servers.log" >&2
java -Xmx1g -cp "target/test-classes:target/classes:$(cat target/bench-classpath.txt)" \
  -Dstartup.runs="$RUNS" -Dstartup.held="$HELD" dev.customapiserver.bench.StartupBench 2> target/bench/startup-servers.log
MOCK="$BENCH_DIR/peers/fabric8-mock"
[[ -f "$MOCK/target/fabric8-mock-runner.jar" ]] || (cd "$MOCK" && mvn -q -B package -DskipTests)
java -Xmx1g -cp "$MOCK/target/fabric8-mock-runner.jar" src/bench/fabric8/Fabric8MockStartup.java "$RUNS" 2> target/bench/startup-fabric8-mock.log

#!/usr/bin/env bash
# Builds the project, runs every benchmark and writes benchmarks/RESULTS.md.
#
#   bash benchmarks/run-all.sh
#
# - JMH micro-benchmarks of the engine's hot paths and Query latency at 1k / 100k / 1M items (short settings:
#   1 fork, 3 x 1 s warm-up, 5 x 1 s measurement);
# - the workload driver against the in-memory transport, the engine's HTTP endpoint and dynalite (installed
#   with npm into benchmarks/target/peer and started on a free loopback port), when node and npm are present;
# - the HTTP server's own cost: raw keep-alive HTTP/1.1 against the engine, dynalite and a blocking-socket echo;
# - heap held by 1M items of ~300 bytes and the time engine.load took for them; heap held by forks of a table;
# - the JUnit extension's timings (class setup, per-test reset);
# - with BEFORE_REF=<git ref>: the same JMH benchmarks of the store and the 1M-item heap and load time, built from
#   that ref (with this tree's MemoryFootprint, EngineApiBenchmark and ResetBenchmark, which use only the
#   engine's public API), beside this tree's.
# Takes about 10-15 minutes on 2 cores (5 more with BEFORE_REF). Set MVN_FLAGS="" to let Maven go online
# (default: -o, offline).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
OUT="$ROOT/benchmarks/target/run-all"
RESULTS="$ROOT/benchmarks/RESULTS.md"
MVN_FLAGS="${MVN_FLAGS--o}"
ROUNDS="${ROUNDS:-5}"
OPS="${OPS:-100}"
JMH_FLAGS="${JMH_FLAGS:--f 1 -wi 3 -w 1s -i 5 -r 1s}"
JMH_BENCHMARKS='Expression|ItemSize|IndexMaintenance|EngineApi|QueryScale|ResetBenchmark|ForkBenchmark'
# what BEFORE_REF is compared on: the store's benchmarks that exist on both sides
JMH_COMPARED='IndexMaintenance|EngineApi|QueryScale|ResetBenchmark'
BEFORE_REF="${BEFORE_REF:-}"
mkdir -p "$OUT"

log() { printf '\n== %s  %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

log "build: mvn -B -q $MVN_FLAGS install -DskipTests"
mvn -B -q $MVN_FLAGS install -DskipTests
JAR="$ROOT/benchmarks/target/benchmarks.jar"
test -f "$JAR"

BEFORE_JAR=""
if [ -n "$BEFORE_REF" ]; then
    BEFORE_SRC="$OUT/before-src"
    BEFORE_COMMIT="$(git rev-parse --short "$BEFORE_REF")"
    log "before: $BEFORE_REF ($BEFORE_COMMIT) built in benchmarks/target/run-all/before-src"
    rm -rf "$BEFORE_SRC"
    mkdir -p "$BEFORE_SRC"
    git archive "$BEFORE_REF" | tar -x -C "$BEFORE_SRC"
    for harness in MemoryFootprint EngineApiBenchmark ResetBenchmark; do # public API only: they run on either tree
        cp "benchmarks/src/main/java/dev/singletable/benchmarks/$harness.java" \
            "$BEFORE_SRC/benchmarks/src/main/java/dev/singletable/benchmarks/"
    done
    # shellcheck disable=SC2046
    (cd "$BEFORE_SRC" && mvn -B -q $MVN_FLAGS $(cat "$ROOT/.mvn/maven.config" 2>/dev/null) \
        package -pl benchmarks -am -DskipTests)
    BEFORE_JAR="$BEFORE_SRC/benchmarks/target/benchmarks.jar"
fi

# --- peer: dynalite on a free loopback port --------------------------------------------------------------------
PEER_PID=""
PEER_URL=""
stop_peer() {
    if [ -n "$PEER_PID" ]; then
        kill "$PEER_PID" 2>/dev/null || true
        wait "$PEER_PID" 2>/dev/null || true
        PEER_PID=""
    fi
}
trap stop_peer EXIT

PEER_NOTE=""
if command -v node >/dev/null && command -v npm >/dev/null; then
    PEER_DIR="$ROOT/benchmarks/target/peer"
    if [ ! -x "$PEER_DIR/node_modules/.bin/dynalite" ]; then
        log "peer: npm install --prefix benchmarks/target/peer dynalite@4"
        mkdir -p "$PEER_DIR"
        npm install --prefix "$PEER_DIR" --no-audit --no-fund --loglevel=error dynalite@4 >&2
    fi
    PEER_VERSION="$(node -p "require('$PEER_DIR/node_modules/dynalite/package.json').version")"
    PORT="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
    log "peer: dynalite $PEER_VERSION on 127.0.0.1:$PORT"
    "$PEER_DIR/node_modules/.bin/dynalite" --host 127.0.0.1 --port "$PORT" --createTableMs 0 --deleteTableMs 0 \
        >"$OUT/dynalite.log" 2>&1 &
    PEER_PID=$!
    for _ in $(seq 1 100); do
        if grep -q "listening" "$OUT/dynalite.log" 2>/dev/null; then
            PEER_URL="http://127.0.0.1:$PORT"
            break
        fi
        sleep 0.1
    done
    if [ -z "$PEER_URL" ]; then
        echo "dynalite did not start:" >&2
        cat "$OUT/dynalite.log" >&2
        exit 1
    fi
    PEER_NOTE="Peer: dynalite $PEER_VERSION (Node $(node --version)), in-memory store, \`--createTableMs 0 --deleteTableMs 0\`."
else
    PEER_NOTE="Peer: skipped — node and npm are not on the PATH, so there is no dynalite run and no ratio."
    log "peer: $PEER_NOTE"
fi

# --- workload driver ---------------------------------------------------------------------------------------------
PEER_ARGS=()
if [ -n "$PEER_URL" ]; then
    PEER_ARGS=(--peer "$PEER_URL")
fi
DRIVER=dev.singletable.benchmarks.workload.WorkloadDriver
log "workload: $DRIVER ${PEER_ARGS[*]} --rounds $ROUNDS --ops $OPS"
java -cp "$JAR" "$DRIVER" "${PEER_ARGS[@]}" --rounds "$ROUNDS" --ops "$OPS" --out "$OUT/workload.md" >&2

# --- the HTTP server's own cost ----------------------------------------------------------------------------------
HTTP_COST=dev.singletable.benchmarks.http.HttpServerCost
HTTP_FLAGS="${HTTP_FLAGS:---rounds 5 --requests 2000 --seconds 2 --connections 16}"
log "HTTP server cost: $HTTP_COST ${PEER_ARGS[*]} $HTTP_FLAGS"
# shellcheck disable=SC2086
java -cp "$JAR" "$HTTP_COST" "${PEER_ARGS[@]}" $HTTP_FLAGS --out "$OUT/http-server.md" >&2
stop_peer

# --- JMH ---------------------------------------------------------------------------------------------------------
log "JMH: java -jar benchmarks/target/benchmarks.jar $JMH_FLAGS"
# shellcheck disable=SC2086
java -jar "$JAR" $JMH_FLAGS -rf csv -rff "$OUT/jmh.csv" "$JMH_BENCHMARKS" >"$OUT/jmh.log" 2>&1 || {
    tail -50 "$OUT/jmh.log" >&2
    exit 1
}
if [ -n "$BEFORE_JAR" ]; then
    log "JMH before: java -jar benchmarks/target/run-all/before-src/benchmarks/target/benchmarks.jar $JMH_FLAGS"
    # shellcheck disable=SC2086
    java -jar "$BEFORE_JAR" $JMH_FLAGS -rf csv -rff "$OUT/jmh-before.csv" "$JMH_COMPARED" \
        >"$OUT/jmh-before.log" 2>&1 || {
        tail -50 "$OUT/jmh-before.log" >&2
        exit 1
    }
fi

jmh_table() {
    # SampleTime benchmarks (QueryScale) also write percentile rows (name:p0.50, ...): the table keeps the mean,
    # p50 and p99; the scale ratios use p50 (robust on a noisy machine) and the mean
    awk -F, '
        { sub(/\r$/, "") }
        NR == 1 { for (i = 1; i <= NF; i++) { gsub(/"/, "", $i); head[i] = $i; if ($i == "Param: tableItems") t = i }; next }
        {
            for (i = 1; i <= NF; i++) gsub(/"/, "", $i)
            name = $1; sub(/^dev\.singletable\.benchmarks\./, "", name)
            stat = "mean"
            if (name ~ /:p[0-9.]+$/) { stat = name; sub(/^.*:/, "", stat); sub(/:p[0-9.]+$/, "", name) }
            if (stat != "mean" && stat != "p0.50" && stat != "p0.99") next
            params = ""
            for (i = 8; i <= NF; i++) if ($i != "") params = params (params == "" ? "" : ", ") substr(head[i], 8) "=" $i
            error = ($6 == "NaN" || $6 == "") ? "" : sprintf("± %.3f", $6)
            printf "| %s | %s | %s | %s | %.3f | %s | %s |\n", name, params, ($2 == "sample" ? "sample" : "avgt"), (stat == "mean" ? "mean" : stat), $5, error, $7
            if (name ~ /QueryScale/ && stat == "mean") qm[$t] = $5
            if (name ~ /QueryScale/ && stat == "p0.50") qp[$t] = $5
        }
        END {
            if ((1000 in qp) && (1000000 in qp)) {
                printf "\nQuery one partition, 100k / 1k and 1M / 1k: p50 %.2f× and %.2f×, mean %.2f× and %.2f× (target: 1M within 2× of 1k).\n", qp[100000] / qp[1000], qp[1000000] / qp[1000], qm[100000] / qm[1000], qm[1000000] / qm[1000]
            }
        }' "$OUT/jmh.csv"
}

# the mean (p50 for sampled ones) of each benchmark both runs have, before beside after
jmh_compared() {
    awk -F, '
        { sub(/\r$/, ""); for (i = 1; i <= NF; i++) gsub(/"/, "", $i) }
        FNR == 1 { next }
        {
            name = $1; sub(/^dev\.singletable\.benchmarks\./, "", name)
            if (name ~ /:p/ && name !~ /:p0\.50$/) next
            if ($2 == "sample" && name !~ /:p0\.50$/) next
            params = ""
            for (i = 8; i <= NF; i++) if ($i != "") params = params (params == "" ? "" : ", ") $i
            key = name (params == "" ? "" : " (" params ")")
            if (FILENAME ~ /before/) before[key] = $5; else { after[key] = $5; unit[key] = $7; order[++n] = key }
        }
        END {
            for (k = 1; k <= n; k++) {
                key = order[k]
                if (key in before) printf "| %s | %.3f | %.3f | %s | %.2f× |\n", key, before[key], after[key], unit[key], after[key] / before[key]
            }
        }' "$OUT/jmh-before.csv" "$OUT/jmh.csv"
}

# --- memory ------------------------------------------------------------------------------------------------------
log "memory: MemoryFootprint 1000000"
java -Xmx4g -cp "$JAR" dev.singletable.benchmarks.MemoryFootprint 1000000 2>/dev/null | tail -1 >"$OUT/memory.txt"
cat "$OUT/memory.txt" >&2
if [ -n "$BEFORE_JAR" ]; then
    log "memory before: MemoryFootprint 1000000 on $BEFORE_COMMIT"
    java -Xmx4g -cp "$BEFORE_JAR" dev.singletable.benchmarks.MemoryFootprint 1000000 2>/dev/null | tail -1 \
        >"$OUT/memory-before.txt"
    cat "$OUT/memory-before.txt" >&2
fi
log "memory: ForkFootprint 100"
java -Xmx2g -cp "$JAR" dev.singletable.benchmarks.ForkFootprint 100 2>/dev/null | tail -1 >"$OUT/forks.txt"
cat "$OUT/forks.txt" >&2

# --- JUnit extension timings -------------------------------------------------------------------------------------
log "JUnit extension: ExtensionTimings"
mvn -B -q $MVN_FLAGS dependency:build-classpath -pl junit-extension -Dmdep.includeScope=test \
    -Dmdep.outputFile="$OUT/junit-cp.txt" >&2
(cd junit-extension && java -cp "target/test-classes:target/classes:$(cat "$OUT/junit-cp.txt")" \
    dev.singletable.junit.timing.ExtensionTimings) 2>/dev/null >"$OUT/extension-timings.txt"
cat "$OUT/extension-timings.txt" >&2

# --- RESULTS.md --------------------------------------------------------------------------------------------------
log "writing benchmarks/RESULTS.md"
field() { tr ' ' '\n' <"$OUT/$1" | sed -n "s/^$2=//p"; }
memory_row() { # the memory table's row of one MemoryFootprint run
    echo "| $(field "$1" items) | $(field "$1" avgItemBytes) B | $(awk "BEGIN { printf \"%.0f MB\", $(field "$1" tableSizeBytes) / 1048576 }") | $(field "$1" heldMB) MB | $(field "$1" heldBytesPerItem) B | $(field "$1" loadSeconds) s | $(field "$1" loadCpuSeconds) s | $(field "$1" gcSeconds) s |"
}
MEM_TOTAL="$(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo 2>/dev/null || echo unknown)"
CPU="$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || echo unknown)"
{
    echo "# Benchmark results"
    echo
    echo "Written by \`bash benchmarks/run-all.sh\` on $(date -u '+%Y-%m-%d %H:%M UTC'); commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)."
    echo
    echo "Machine: $(nproc) cores ($CPU), $MEM_TOTAL memory, $(java -version 2>&1 | head -1), $(uname -sr)."
    echo
    echo "$PEER_NOTE"
    echo
    echo "Figures are from one run on a shared 2-core machine: compare a target with its peer in the same table"
    echo "(the ratio), not absolute times across runs."
    echo
    echo "## Commands"
    echo
    echo '```'
    echo "mvn -B -q $MVN_FLAGS install -DskipTests"
    echo "java -cp benchmarks/target/benchmarks.jar $DRIVER ${PEER_ARGS[*]:+--peer http://127.0.0.1:PORT} --rounds $ROUNDS --ops $OPS"
    echo "java -cp benchmarks/target/benchmarks.jar $HTTP_COST ${PEER_ARGS[*]:+--peer http://127.0.0.1:PORT} $HTTP_FLAGS"
    echo "java -jar benchmarks/target/benchmarks.jar $JMH_FLAGS '$JMH_BENCHMARKS'"
    echo "java -Xmx4g -cp benchmarks/target/benchmarks.jar dev.singletable.benchmarks.MemoryFootprint 1000000"
    echo "java -Xmx2g -cp benchmarks/target/benchmarks.jar dev.singletable.benchmarks.ForkFootprint 100"
    if [ -n "$BEFORE_JAR" ]; then
        echo "BEFORE_REF=$BEFORE_REF: git archive $BEFORE_REF | tar -x -C before-src, with this tree's MemoryFootprint, EngineApiBenchmark and ResetBenchmark copied in;"
        echo "  (cd before-src && mvn -B -q package -pl benchmarks -am -DskipTests), then the JMH '$JMH_COMPARED' and MemoryFootprint runs above with before-src/benchmarks/target/benchmarks.jar"
    fi
    echo "mvn -B -q $MVN_FLAGS dependency:build-classpath -pl junit-extension -Dmdep.includeScope=test -Dmdep.outputFile=CP"
    echo "(cd junit-extension && java -cp target/test-classes:target/classes:\$(cat CP) dev.singletable.junit.timing.ExtensionTimings)"
    echo '```'
    echo
    echo "## Workload: the same SDK v2 client code against each target"
    echo
    echo "200 customers × (1 profile + 20 orders) seeded with BatchWriteItem, then each phase; targets interleaved"
    echo "round by round ($ROUNDS measured rounds of $OPS calls, Scan: $((OPS / 50 > 0 ? OPS / 50 : 1)) per round, after a warm-up round)."
    echo "One client thread; ops/s = calls / summed latency."
    echo
    cat "$OUT/workload.md"
    echo
    echo "## The HTTP server's own cost: raw keep-alive HTTP/1.1, no SDK"
    echo
    echo "The same pre-built requests (with the headers an SDK sends) over plain keep-alive connections: to the engine's"
    echo "endpoint, to the peer, and to two servers answering with the engine's response bytes prepared in advance — a"
    echo "thread per connection on blocking sockets (the floor: what moving these bytes costs) and the JDK's HttpServer"
    echo "(the engine's endpoint before). One connection: latency; 16: throughput, every client calling in a loop."
    echo "Client and servers share the machine's cores."
    echo
    cat "$OUT/http-server.md"
    echo
    echo "## JMH: engine hot paths and Query at scale"
    echo
    echo "Time per operation, \`$JMH_FLAGS\` (avgt: average time; sample: sampled latencies, mean and percentiles;"
    echo "error: 99.9% confidence half-width)."
    echo
    echo "| benchmark | parameters | mode | statistic | score | error | unit |"
    echo "|---|---|---|---|---:|---:|---|"
    jmh_table
    echo
    echo "## Memory: 1,000,000 items of ~300 bytes loaded with engine.load"
    echo
    echo "Heap per item target: at most 2× the item's DynamoDB size (600 B); load time (time spent in engine.load,"
    echo "the items being made outside it) target: under 3 s. The loading thread's CPU time and the collectors' time"
    echo "(as the JVM counts it) tell the work from waiting for a core on a busy machine."
    echo
    echo "| items | DynamoDB size per item | table size | heap held (after GC, minus baseline) | heap per item | load time | loading thread CPU | collectors |"
    echo "|---:|---:|---:|---:|---:|---:|---:|---:|"
    memory_row memory.txt
    echo
    echo "Raw: \`$(cat "$OUT/memory.txt")\`"
    echo
    echo "## Memory: forks of a table of 10,000 items with two GSIs, each fork written 10 times"
    echo
    echo "| table alone | forks | table and forks | per fork | per fork / table |"
    echo "|---:|---:|---:|---:|---:|"
    echo "| $(field forks.txt tableKB) KB | $(field forks.txt forks) | $(field forks.txt withForksKB) KB | $(field forks.txt perForkKB) KB | $(awk "BEGIN { printf \"%.2f%%\", 100 * $(field forks.txt perForkShareOfTable) }") |"
    echo
    echo "Raw: \`$(cat "$OUT/forks.txt")\`"
    if [ -n "$BEFORE_JAR" ]; then
        echo
        echo "## Before and after: $BEFORE_REF ($BEFORE_COMMIT) and this tree, in this run"
        echo
        echo "The 1M-item heap and load time:"
        echo
        echo "| tree | items | DynamoDB size per item | table size | heap held | heap per item | load time | loading thread CPU | collectors |"
        echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
        echo "| before ($BEFORE_COMMIT) $(memory_row memory-before.txt)"
        echo "| after $(memory_row memory.txt)"
        echo
        echo "JMH, \`$JMH_FLAGS\`: the mean (p50 for sampled benchmarks), after / before (below 1× is faster):"
        echo
        echo "| benchmark | before | after | unit | after / before |"
        echo "|---|---:|---:|---|---:|"
        jmh_compared
    fi
    echo
    echo "## Test overhead: the JUnit extension (ExtensionTimings)"
    echo
    echo '```'
    cat "$OUT/extension-timings.txt"
    echo '```'
} >"$RESULTS"
log "done: $RESULTS"

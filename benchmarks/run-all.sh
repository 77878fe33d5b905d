#!/usr/bin/env bash
# Builds the project, runs every benchmark and writes benchmarks/RESULTS.md.
#
#   bash benchmarks/run-all.sh
#
# - JMH micro-benchmarks of the engine's hot paths and Query latency at 1k / 100k / 1M items (short settings:
#   1 fork, 10 x 1 s warm-up, 5 x 1 s measurement: a call through the SDK client is still getting faster after 3 s;
#   Query at scale 30 x 1 s warm-up, as the JIT takes 10 to 20 s to settle after loading 1M items);
# - the workload driver against the in-memory transport, the engine's HTTP endpoint and dynalite (installed
#   with npm into benchmarks/target/peer and started on a free loopback port), when node and npm are present;
# - the HTTP server's own cost: raw keep-alive HTTP/1.1 against the engine, dynalite and a blocking-socket echo;
# - the in-memory call against the SDK's own floor (JMH SdkFloorBenchmark: engine transport vs a stub SdkHttpClient,
#   and its main: the same calls in CPU time, each transport in JVMs of its own taking turns);
# - a generated suite (GeneratedSuite: 50 classes x 10 tests) under Surefire, embedded, its floor (each also with
#   the README's JVM settings for short suites) and against dynalite, SUITE_ROUNDS (3) rounds in turns;
# - cold start: one test class in a fresh JVM (ColdStart), embedded, its SDK floor, and against dynalite;
# - heap held by 1M items of ~300 bytes and the time engine.load took for them; heap held by forks of a table;
# - a fork per test: making and dropping it against a rollback, reads and writes in a fork against a table;
# - the JUnit extension's timings (class setup, per-test reset);
# - with BEFORE_REF=<git ref>: the same JMH benchmarks of the store and the 1M-item heap and load time, built from
#   that ref (with this tree's MemoryFootprint, EngineApiBenchmark and ResetBenchmark, which use only the
#   engine's public API), beside this tree's, and the example's class's cold start on that ref's modules.
# Takes about 25 minutes on 2 cores (5 more with BEFORE_REF). Set MVN_FLAGS="" to let Maven go online
# (default: -o, offline).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
OUT="$ROOT/benchmarks/target/run-all"
RESULTS="$ROOT/benchmarks/RESULTS.md"
MVN_FLAGS="${MVN_FLAGS--o}"
ROUNDS="${ROUNDS:-5}"
OPS="${OPS:-100}"
JMH_FLAGS="${JMH_FLAGS:--f 1 -wi 10 -w 1s -i 5 -r 1s}"
JMH_BENCHMARKS='Expression|ItemSize|IndexMaintenance|EngineApi|ResetBenchmark|ForkBenchmark|SdkFloor'
# Query at scale warms up longer (see the header and QueryScaleBenchmark)
JMH_SCALE_FLAGS="${JMH_SCALE_FLAGS:--f 1 -wi 30 -w 1s -i 5 -r 1s}"
JMH_SCALE='QueryScale'
# what BEFORE_REF is compared on: the store's benchmarks that exist on both sides (and QueryScale)
JMH_COMPARED='IndexMaintenance|EngineApi|ResetBenchmark'
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
        package -pl benchmarks,junit-extension -am -DskipTests)
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

# --- a test run as users see it: the generated suite under Surefire -----------------------------------------------
# first, with the cold start, on a machine as a user's test run meets it: after the workload, HTTP and SDK floor runs
# below, the same suite took 10-16% longer in every mode, the floor's and the peer's included
SUITE_DIR="$ROOT/benchmarks/target/suite"
SUITE_FLAGS="${SUITE_FLAGS:---classes 50 --tests 10 --items 1000}"
log "suite: GeneratedSuite --out benchmarks/target/suite $SUITE_FLAGS"
# shellcheck disable=SC2086
java -cp "$JAR" dev.singletable.benchmarks.suite.GeneratedSuite --out "$SUITE_DIR" $SUITE_FLAGS >&2
(cd "$SUITE_DIR" && mvn -B -q $MVN_FLAGS test-compile >&2)
# one `mvn test` per mode and round, its wall time taken here; Surefire's reports kept per mode and round
suite_run() { # label, round, extra Maven arguments...
    local label="$1" round="$2"
    shift 2
    local start end
    # each run's own reports only: the floor's classes are others than the embedded run's
    rm -rf "$SUITE_DIR/target/surefire-reports"
    start="$(date +%s.%N)"
    (cd "$SUITE_DIR" && mvn -B -q $MVN_FLAGS test "$@" >"$OUT/suite-$label-$round.log" 2>&1) || {
        tail -40 "$OUT/suite-$label-$round.log" >&2
        exit 1
    }
    end="$(date +%s.%N)"
    rm -rf "$OUT/suite-reports-$label-$round"
    cp -r "$SUITE_DIR/target/surefire-reports" "$OUT/suite-reports-$label-$round"
    SUITE_RUNS+=("$label" "$OUT/suite-reports-$label-$round" "$(awk "BEGIN { print $end - $start }")")
}
# the modes take turns, round after round, so that a slow minute of the machine falls on all of them alike;
# SuiteReport gives each mode's round of median test time
SUITE_ROUNDS="${SUITE_ROUNDS:-3}"
# a short test JVM on few cores spends much of its CPU in the C2 compiler, and G1 grows its young generation into
# memory the OS supplies page by page on first touch: C1 only and the serial collector
QUICK_JVM="-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"
SUITE_RUNS=()
SUITE_REFERENCE=()
for round in $(seq 1 "$SUITE_ROUNDS"); do
    log "suite, round $round of $SUITE_ROUNDS: mvn test (embedded engine), then with $QUICK_JVM, the floor, the floor with $QUICK_JVM${PEER_URL:+, the peer}"
    suite_run embedded "$round"
    # the JVM settings the README suggests for a suite of short tests (QUICK_JVM, above)
    suite_run embedded-quick-jvm "$round" "-DargLine=$QUICK_JVM"
    # the floor: the same classes and calls on one SDK client whose HTTP client answers at once (no engine, no
    # extension), and it with the same settings, beside embedded-quick-jvm
    suite_run floor "$round" -Pfloor
    suite_run floor-quick-jvm "$round" -Pfloor "-DargLine=$QUICK_JVM"
    if [ -n "$PEER_URL" ]; then
        suite_run peer "$round" "-Dsingletable.endpoint=$PEER_URL"
        SUITE_REFERENCE=(--reference peer)
    fi
done
java -cp "$JAR" dev.singletable.benchmarks.suite.SuiteReport "${SUITE_REFERENCE[@]}" --out "$OUT/suite.md" \
    "${SUITE_RUNS[@]}" >&2

# --- cold start: one class in a fresh JVM -------------------------------------------------------------------------
COLD_RUNS="${COLD_RUNS:-7}"
mvn -B -q $MVN_FLAGS dependency:build-classpath -pl junit-extension -Dmdep.includeScope=test \
    -Dmdep.outputFile="$OUT/junit-cp.txt" >&2
JUNIT_CP="target/test-classes:target/classes:$(cat "$OUT/junit-cp.txt")"
cold_once() { # label, design directory, class path, JVM arguments and ColdStart's argument
    local label="$1" designs="$2" class_path="$3"
    shift 3
    (cd junit-extension && java -Dcoldstart.design="$designs/orders.table.yaml" \
        -Dcoldstart.fixtures="$designs/orders.fixtures.yaml" -cp "$class_path" "$@" 2>/dev/null) | sed "s/^/$label /"
}
cold_start() { # label, design directory, JVM arguments and ColdStart's argument
    local label="$1" designs="$2"
    shift 2
    for _ in $(seq 1 "$COLD_RUNS"); do
        cold_once "$label" "$designs" "$JUNIT_CP" "$@"
    done
}
# before and after: this tree's ColdStart on the before tree's modules, the same third-party jars; JVMs alternate
BEFORE_CP=""
if [ -n "$BEFORE_JAR" ]; then
    BEFORE_CP="target/test-classes"
    for module in junit-extension core engine fixtures-format; do
        BEFORE_CP="$BEFORE_CP:$BEFORE_SRC/$module/target/classes"
    done
    BEFORE_CP="$BEFORE_CP:$(tr ':' '\n' <"$OUT/junit-cp.txt" | grep -v '/dev/singletable/' | paste -sd:)"
fi
# the example's design has a multi-attribute index, which dynalite cannot create: the peer runs the Spring Boot
# example's design (single-attribute keys), and the embedded engine runs it too, for a like-for-like row
EXAMPLE=../examples/src/test/resources
SPRING_EXAMPLE=../examples/spring-boot-orders/src/test/resources
log "cold start: ColdStart x $COLD_RUNS (extension, floor${PEER_URL:+, extension and peer on the Spring Boot example design})"
{
    if [ -n "$BEFORE_CP" ]; then
        for _ in $(seq 1 "$COLD_RUNS"); do
            cold_once extension "$EXAMPLE" "$JUNIT_CP" dev.singletable.junit.timing.ColdStart extension
            cold_once extension-before "$EXAMPLE" "$BEFORE_CP" dev.singletable.junit.timing.ColdStart extension
        done
    else
        cold_start extension "$EXAMPLE" dev.singletable.junit.timing.ColdStart extension
    fi
    cold_start floor "$EXAMPLE" dev.singletable.junit.timing.ColdStart floor
    if [ -n "$PEER_URL" ]; then
        cold_start extension-spring-design "$SPRING_EXAMPLE" dev.singletable.junit.timing.ColdStart extension
        cold_start peer-spring-design "$SPRING_EXAMPLE" "-Dsingletable.endpoint=$PEER_URL" \
            dev.singletable.junit.timing.ColdStart extension
    fi
} >"$OUT/cold-start.txt"
cat "$OUT/cold-start.txt" >&2

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

# --- the SDK floor again, in CPU time: engine, stub and JSON floor each in JVMs of their own, taking turns -----------
SDK_FLOOR_ARGS="${SDK_FLOOR_ARGS:-20000 20000 3}"
log "SDK floor in CPU time: SdkFloorBenchmark main $SDK_FLOOR_ARGS"
# shellcheck disable=SC2086
java -cp "$JAR" dev.singletable.benchmarks.SdkFloorBenchmark $SDK_FLOOR_ARGS 2>"$OUT/sdk-floor-cpu-pairs.txt" \
    >"$OUT/sdk-floor-cpu.txt"
cat "$OUT/sdk-floor-cpu-pairs.txt" "$OUT/sdk-floor-cpu.txt" >&2

stop_peer

# --- JMH ---------------------------------------------------------------------------------------------------------
jmh_run() { # jar, benchmarks, name: the benchmarks into NAME.csv, then QueryScale with its longer warm-up into NAME-scale.csv
    local jar="$1" benchmarks="$2" name="$3"
    # shellcheck disable=SC2086
    java -jar "$jar" $JMH_FLAGS -rf csv -rff "$OUT/$name.csv" "$benchmarks" >"$OUT/$name.log" 2>&1 &&
        java -jar "$jar" $JMH_SCALE_FLAGS -rf csv -rff "$OUT/$name-scale.csv" "$JMH_SCALE" >>"$OUT/$name.log" 2>&1 || {
        tail -50 "$OUT/$name.log" >&2
        exit 1
    }
}
log "JMH: java -jar benchmarks/target/benchmarks.jar $JMH_FLAGS, and $JMH_SCALE_FLAGS for $JMH_SCALE"
jmh_run "$JAR" "$JMH_BENCHMARKS" jmh
if [ -n "$BEFORE_JAR" ]; then
    log "JMH before: java -jar benchmarks/target/run-all/before-src/benchmarks/target/benchmarks.jar"
    jmh_run "$BEFORE_JAR" "$JMH_COMPARED" jmh-before
fi

jmh_table() {
    # SampleTime benchmarks (QueryScale) also write percentile rows (name:p0.50, ...): the table keeps the mean,
    # p50 and p99; the scale ratios use p50 (robust on a noisy machine) and the mean. Each csv has its own columns.
    awk -F, '
        { sub(/\r$/, "") }
        FNR == 1 {
            split("", head); t = 0
            for (i = 1; i <= NF; i++) { gsub(/"/, "", $i); head[i] = $i; if ($i == "Param: tableItems") t = i }
            next
        }
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
        }' "$OUT/jmh.csv" "$OUT/jmh-scale.csv"
}

sdk_floor_table() {
    # SdkFloorBenchmark's medians by call and transport, and their ratio (the engine's share of an SDK call)
    awk -F, '
        { sub(/\r$/, ""); for (i = 1; i <= NF; i++) gsub(/"/, "", $i) }
        NR == 1 { for (i = 1; i <= NF; i++) if ($i == "Param: transport") t = i; next }
        $1 ~ /SdkFloorBenchmark\.[a-zA-Z]+:p0\.50$/ {
            name = $1; sub(/^.*SdkFloorBenchmark\./, "", name); sub(/:p0\.50$/, "", name)
            p50[name, $t] = $5; if (!(name in seen)) { seen[name] = 1; order[++n] = name }
        }
        $1 ~ /SdkFloorBenchmark\.[a-zA-Z]+$/ && $2 == "sample" { name = $1; sub(/^.*SdkFloorBenchmark\./, "", name); mean[name, $t] = $5 }
        END {
            for (i = 1; i <= n; i++) {
                c = order[i]
                printf "| %s | %.1f | %.1f | %.2f× | %.1f | %.1f |\n", c, p50[c, "engine"], p50[c, "stub"], p50[c, "engine"] / p50[c, "stub"], mean[c, "engine"], mean[c, "stub"]
            }
        }' "$OUT/jmh.csv"
}

cold_median() { # label, field
    grep "^$1 " "$OUT/cold-start.txt" | tr ' ' '\n' | sed -n "s/^$2=//p" | sort -g | awk '{ v[NR] = $1 }
        END { if (NR == 0) { print "—"; exit } printf "%.0f", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
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
        }' "$OUT/jmh-before.csv" "$OUT/jmh-before-scale.csv" "$OUT/jmh.csv" "$OUT/jmh-scale.csv"
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

# --- reads and writes in a fork against a table --------------------------------------------------------------------
log "forks: ForkCost 10 2000"
java -cp "$JAR" dev.singletable.benchmarks.ForkCost 10 2000 2>/dev/null >"$OUT/fork-cost.md"
cat "$OUT/fork-cost.md" >&2

# --- JUnit extension timings -------------------------------------------------------------------------------------
log "JUnit extension: ExtensionTimings"
(cd junit-extension && java -cp "$JUNIT_CP" dev.singletable.junit.timing.ExtensionTimings) 2>/dev/null \
    >"$OUT/extension-timings.txt"
cat "$OUT/extension-timings.txt" >&2

# --- RESULTS.md --------------------------------------------------------------------------------------------------
log "writing benchmarks/RESULTS.md"
field() { tr ' ' '\n' <"$OUT/$1" | sed -n "s/^$2=//p"; }
memory_row() { # the memory table's row of one MemoryFootprint run
    echo "| $(field "$1" items) | $(field "$1" avgItemBytes) B | $(awk "BEGIN { printf \"%.0f MB\", $(field "$1" tableSizeBytes) / 1048576 }") | $(field "$1" heldMB) MB | $(field "$1" heldBytesPerItem) B | $(field "$1" loadSeconds) s | $(field "$1" loadCpuSeconds) s | $(field "$1" loadThreadCpuSeconds) s | $(field "$1" gcSeconds) s |"
}
MEM_TOTAL="$(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo 2>/dev/null || echo unknown)"
CPU="$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || echo unknown)"
# how an idle core waits: on a VM whose idle vCPUs halt at once, a wake-up across cores costs tens of µs
IDLE_DRIVER="$(cat /sys/devices/system/cpu/cpuidle/current_driver 2>/dev/null || echo unknown)"
HALT_POLL_NS="$(cat /sys/module/haltpoll/parameters/guest_halt_poll_ns 2>/dev/null || true)"
IDLE="cpuidle driver $IDLE_DRIVER${HALT_POLL_NS:+, guest_halt_poll_ns=$HALT_POLL_NS}"
{
    echo "# Benchmark results"
    echo
    echo "Written by \`bash benchmarks/run-all.sh\` on $(date -u '+%Y-%m-%d %H:%M UTC'); commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)."
    echo
    echo "Machine: $(nproc) cores ($CPU), $MEM_TOTAL memory, $(java -version 2>&1 | head -1), $(uname -sr), $IDLE."
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
    echo "java -cp benchmarks/target/benchmarks.jar dev.singletable.benchmarks.SdkFloorBenchmark $SDK_FLOOR_ARGS"
    echo "java -cp benchmarks/target/benchmarks.jar dev.singletable.benchmarks.suite.GeneratedSuite --out benchmarks/target/suite $SUITE_FLAGS"
    echo "(cd benchmarks/target/suite && mvn -B -q $MVN_FLAGS test-compile && time mvn -B -q $MVN_FLAGS test && time mvn -B -q $MVN_FLAGS test -DargLine=\"$QUICK_JVM\" && time mvn -B -q $MVN_FLAGS test -Pfloor && time mvn -B -q $MVN_FLAGS test -Pfloor -DargLine=\"$QUICK_JVM\"${PEER_URL:+ && time mvn -B -q $MVN_FLAGS test -Dsingletable.endpoint=http://127.0.0.1:PORT})   # $SUITE_ROUNDS rounds"
    echo "java -cp benchmarks/target/benchmarks.jar dev.singletable.benchmarks.suite.SuiteReport ${PEER_URL:+--reference peer }embedded REPORTS SECONDS embedded-quick-jvm REPORTS SECONDS floor REPORTS SECONDS floor-quick-jvm REPORTS SECONDS${PEER_URL:+ peer REPORTS SECONDS} ...   # each label once per round"
    echo "(cd junit-extension && java -Dcoldstart.design=DIR/orders.table.yaml -Dcoldstart.fixtures=DIR/orders.fixtures.yaml \\"
    echo "    -cp target/test-classes:target/classes:\$(cat CP) [-Dsingletable.endpoint=http://127.0.0.1:PORT] dev.singletable.junit.timing.ColdStart extension|floor)   # $COLD_RUNS JVMs each; DIR: $EXAMPLE, or $SPRING_EXAMPLE with and without the peer"
    echo "java -jar benchmarks/target/benchmarks.jar $JMH_FLAGS '$JMH_BENCHMARKS'"
    echo "java -jar benchmarks/target/benchmarks.jar $JMH_SCALE_FLAGS '$JMH_SCALE'"
    echo "java -Xmx4g -cp benchmarks/target/benchmarks.jar dev.singletable.benchmarks.MemoryFootprint 1000000"
    echo "java -Xmx2g -cp benchmarks/target/benchmarks.jar dev.singletable.benchmarks.ForkFootprint 100"
    echo "java -cp benchmarks/target/benchmarks.jar dev.singletable.benchmarks.ForkCost 10 2000"
    if [ -n "$BEFORE_JAR" ]; then
        echo "BEFORE_REF=$BEFORE_REF: git archive $BEFORE_REF | tar -x -C before-src, with this tree's MemoryFootprint, EngineApiBenchmark and ResetBenchmark copied in;"
        echo "  (cd before-src && mvn -B -q package -pl benchmarks,junit-extension -am -DskipTests), then the JMH '$JMH_COMPARED' and '$JMH_SCALE' and MemoryFootprint runs above with before-src/benchmarks/target/benchmarks.jar,"
        echo "  and ColdStart extension with -cp target/test-classes:before-src/{junit-extension,core,engine,fixtures-format}/target/classes:(CP without this project's jars), alternating with this tree's"
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
    echo "One connection's latency depends on where the kernel runs the client's thread and the server's. On one core,"
    echo "each exchange hands the core from one to the other; on two, each wakes the other core, which on a virtual"
    echo "machine whose idle vCPUs halt at once adds tens of µs to an exchange (this machine: $IDLE)."
    echo "The kernel may move either thread at any moment and keep them apart until the connection ends, so a p50 can"
    echo "double from one run to the next. To see the servers' own cost without it, let idle vCPUs poll before they halt"
    echo "(\`guest_halt_poll_ns\` above 0, where the haltpoll driver runs) or run the benchmark on one core (\`taskset -c 0\`)."
    echo
    cat "$OUT/http-server.md"
    echo
    echo "## The in-memory call against the SDK's own floor (JMH SdkFloorBenchmark)"
    echo
    echo "The same SDK v2 client calls through the engine's in-memory transport and through a stub \`SdkHttpClient\` that"
    echo "answers each call at once with one of the engine's responses to that operation, recorded beforehand from"
    echo "calls like the benchmark's and handed out in turn, so that the SDK parses answers that vary as the engine's do"
    echo "(both clients from \`engine.clientBuilder()\`). Sampled latency, \`$JMH_FLAGS\`; engine ÷ stub at the median is"
    echo "the engine's share of a call. These are wall-clock samples of one JVM per call and transport, run one after the"
    echo "other: on a shared machine they move by tens of percent from run to run, so the targets are judged on the"
    echo "CPU-time table below, whose JVMs take turns."
    echo
    echo "| call | engine p50 µs | stub p50 µs | engine ÷ stub (p50) | engine mean µs | stub mean µs |"
    echo "|---|---:|---:|---:|---:|---:|"
    sdk_floor_table
    echo
    echo "The same calls in CPU time of the calling thread (\`SdkFloorBenchmark $SDK_FLOOR_ARGS\`: warm-up rounds, measured"
    echo "rounds, pairs; a round calls each of the five once). Each transport runs in a JVM of its own, as in a user's"
    echo "test JVM: one JVM calling both would make the SDK's call sites see two HTTP clients and compile differently."
    echo "The JVMs of a set (engine, stub, and the JSON floor: the stub plus Jackson alone reading each request and"
    echo "writing its response, the least any engine answering the SDK in DynamoDB's JSON pays) take turns in batches"
    echo "of 200 rounds, so that all meet the same machine. The median over sets of each JVM's median, in µs, each"
    echo "set's ratio, and the JSON floor's ratio: of the engine's share, that part is the JSON exchange, the rest ours."
    echo "The engine's share is then split in two: the median time of a call inside the engine, from its request log"
    echo "(from the request's bytes reaching the engine to its answer's bytes: reading, serving, writing), and the rest"
    echo "(engine less stub less that): the in-memory transport handing the bytes over, and the SDK's own work costing"
    echo "more in the engine's JVM than in the stub's:"
    echo
    echo "| call | engine CPU p50 µs | stub CPU p50 µs | engine ÷ stub | per set | in the engine µs | the rest µs | JSON floor µs | JSON floor ÷ stub | target |"
    echo "|---|---:|---:|---:|---|---:|---:|---:|---:|---|"
    awk 'BEGIN { target["getItem"] = 1.15; target["putItem"] = 1.15; target["queryPartition"] = 1.3 }
        FNR == NR { for (i = 2; i <= NF; i++) if ($i ~ /^ratio=/) pairs[$3] = pairs[$3] (pairs[$3] == "" ? "" : ", ") substr($i, 7) "×"; next }
        {
            for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
            verdict = ($1 in target) ? sprintf("≤ %.2f× %s", target[$1], v["ratio"] <= target[$1] ? "✓" : "✗") : ""
            rest = v["engineCpuP50Us"] - v["stubCpuP50Us"] - v["handlerP50Us"]
            printf "| %s | %s | %s | %s× | %s | %s | %.1f | %s | %s× | %s |\n", $1, v["engineCpuP50Us"], v["stubCpuP50Us"], v["ratio"], pairs[$1], v["handlerP50Us"], rest, v["jsonCpuP50Us"], v["jsonRatio"], verdict
        }' "$OUT/sdk-floor-cpu-pairs.txt" "$OUT/sdk-floor-cpu.txt"
    echo
    echo "## A test run as users see it: the generated suite under Surefire"
    echo
    echo "GeneratedSuite (\`$SUITE_FLAGS\`): @SingleTableTest classes on a design with two GSIs and 1,000 fixture items;"
    echo "each test a GetItem, a Query of the table, a Query of a GSI, a PutItem and a conditional UpdateItem, asserting"
    echo "each answer, the table reset before every test. \`mvn test\` on the embedded engine, and, with a peer,"
    echo "with \`singletable.endpoint\` at it (external mode: tables created there, reset by undoing what each test wrote)."
    echo "Test time is the sum of Surefire's class times; the wall time includes Maven's own start. The runs took turns"
    echo "for $SUITE_ROUNDS rounds; each row is its run's round of median test time."
    echo
    cat "$OUT/suite.md"
    echo
    if [ -n "$PEER_URL" ]; then
        echo "Target: the embedded run at least 75× faster than the peer's, and at most 3 s of test time."
    fi
    echo
    echo "\`floor\` (\`mvn test -Pfloor\`) runs the same classes, calls and assertions on plain JUnit with one SDK client,"
    echo "configured as the engine's in-memory clients are, whose HTTP client answers at once with responses prepared to"
    echo "the engine's size: what the SDK and JUnit cost running cold, without the engine and the extension."
    echo
    echo "\`embedded-quick-jvm\` and \`floor-quick-jvm\` are the same runs with \`-DargLine=\"$QUICK_JVM\"\`, the settings"
    echo "the README suggests for a suite of short tests: a test JVM that lives seconds spends much of its CPU in the JIT's"
    echo "second tier, and G1 grows its young generation into memory that the OS supplies page by page when first touched."
    echo
    echo "The second table comes from a launcher session listener in the suite (\`JvmTimes\`), which reads the JVM's"
    echo "management beans when the tests end: the CPU time of all the JVM's threads and of the thread that ran the tests,"
    echo "how long that thread was not running (uptime less its CPU time: waiting for a core or for another thread), the"
    echo "other threads' CPU time (the JIT's compilers, GC and helper threads), and the JIT's compiling (the summed time of"
    echo "its compilations, from CompilationMXBean, which counts time a compiler thread waited for a core too). On Linux it"
    echo "also reads the scheduler's statistics in /proc: of the time the test thread was not running, how long it was"
    echo "ready to run and waited for a core; of the other threads' CPU time, the JIT's compiler threads'. On 2 cores,"
    echo "CPU time that other threads use is time the test thread can spend waiting."
    echo
    echo "## Cold start: one test class in a fresh JVM"
    echo
    echo "ColdStart, $COLD_RUNS fresh JVMs each, medians: from the first callback of the class to its test method, and on"
    echo "to the answer of the test's first GetItem (so that work moved into the first call is counted). The example's"
    echo "design and fixtures. Floor: a test that builds an SDK client and makes one GetItem through a stub HTTP client"
    echo "(the SDK's own cold start, which any test of DynamoDB code pays). \`peer-spring-design\` is the class in external"
    echo "mode against dynalite, on the Spring Boot example's design (dynalite cannot create the example's multi-attribute"
    echo "index), beside \`extension-spring-design\`, the embedded engine on that design."
    if [ -n "$BEFORE_CP" ]; then
        echo "\`extension-before\` is the same class on the modules of $BEFORE_REF ($BEFORE_COMMIT), its JVMs taking turns"
        echo "with \`extension\`'s."
    fi
    echo
    echo "| run | first callback → test method ms | → first call answered ms | JVM start → first callback ms | JVM start → test method ms | process CPU to test method ms |"
    echo "|---|---:|---:|---:|---:|---:|"
    for label in extension extension-before floor extension-spring-design peer-spring-design; do
        if grep -q "^$label " "$OUT/cold-start.txt"; then
            echo "| $label | $(cold_median "$label" firstCallbackToTestMs) | $(cold_median "$label" firstCallbackToFirstAnswerMs) | $(cold_median "$label" jvmStartToFirstCallbackMs) | $(cold_median "$label" jvmStartToTestMs) | $(cold_median "$label" processCpuToTestMs) |"
        fi
    done
    echo
    echo "Target: the embedded class at most 300 ms from its first callback to its test method, without moving the cost"
    echo "ahead of the first callback (JVM start → test method). The class runs through the JUnit Platform launcher, as"
    echo "IDEs and build tools run it."
    echo
    echo "## JMH: engine hot paths and Query at scale"
    echo
    echo "Time per operation, \`$JMH_FLAGS\`; QueryScale \`$JMH_SCALE_FLAGS\`: after a load of 1,000,000 items its"
    echo "first 10 to 20 s of queries ran 10× slower than later ones (the JIT still compiling on 2 cores). avgt: average"
    echo "time; sample: sampled latencies, mean and percentiles; error: 99.9% confidence half-width."
    echo
    echo "| benchmark | parameters | mode | statistic | score | error | unit |"
    echo "|---|---|---|---|---:|---:|---|"
    jmh_table
    echo
    echo "## Memory: 1,000,000 items of ~300 bytes loaded with engine.load"
    echo
    echo "Heap per item target: at most 2× the item's DynamoDB size (600 B); load time (time spent in engine.load,"
    echo "the items being made outside it) target: under 3 s. The process's CPU time during the load (every thread: the"
    echo "two that read and write, the JIT, the collectors), the calling thread's share of it and the collectors' time"
    echo "(as the JVM counts it) tell the work from waiting for a core on a busy machine."
    echo
    echo "| items | DynamoDB size per item | table size | heap held (after GC, minus baseline) | heap per item | load time | process CPU | calling thread CPU | collectors |"
    echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    memory_row memory.txt
    echo
    echo "Raw: \`$(cat "$OUT/memory.txt")\`"
    echo
    echo "## Memory: forks of a table of 10,000 items with two GSIs, each fork written 10 times"
    echo
    echo "| table alone | forks | table and forks | per fork | per fork / table | after dropping the forks |"
    echo "|---:|---:|---:|---:|---:|---:|"
    echo "| $(field forks.txt tableKB) KB | $(field forks.txt forks) | $(field forks.txt withForksKB) KB | $(field forks.txt perForkKB) KB | $(awk "BEGIN { printf \"%.2f%%\", 100 * $(field forks.txt perForkShareOfTable) }") | $(field forks.txt afterDroppingForksKB) KB |"
    echo
    echo "Raw: \`$(cat "$OUT/forks.txt")\`"
    echo
    echo "## A fork per test: the reset, and reads and writes in a fork against a table"
    echo
    cat "$OUT/fork-cost.md"
    if [ -n "$BEFORE_JAR" ]; then
        echo
        echo "## Before and after: $BEFORE_REF ($BEFORE_COMMIT) and this tree, in this run"
        echo
        echo "The 1M-item heap and load time:"
        echo
        echo "| tree | items | DynamoDB size per item | table size | heap held | heap per item | load time | process CPU | calling thread CPU | collectors |"
        echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
        echo "| before ($BEFORE_COMMIT) $(memory_row memory-before.txt)"
        echo "| after $(memory_row memory.txt)"
        echo
        echo "JMH, \`$JMH_FLAGS\` (QueryScale \`$JMH_SCALE_FLAGS\`): the mean (p50 for sampled benchmarks), after / before"
        echo "(below 1× is faster):"
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

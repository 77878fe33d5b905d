#!/usr/bin/env bash
# Times a generated test suite as users run theirs (mvn test, Surefire, @SingleTableTest): 50 classes of 10 tests,
# each test five calls on a 2-GSI table of 1,000 fixture items (GeneratedSuite), in the ways a table can be reset
# and JUnit can schedule, side by side in one run, ROUNDS times each, interleaved:
#
#   bash benchmarks/run-suite.sh            # after mvn -B install -DskipTests
#
#   sequential        reset = PER_TEST, JUnit's parallel execution off
#   classes-parallel  reset = PER_TEST, parallel on, classes and methods concurrent (a class's tests take turns)
#   fork-sequential   reset = FORK, parallel off: a fork per test instead of a reset
#   fork-parallel     reset = FORK, parallel on, classes and methods concurrent (every test on its own fork)
#
# Prints one line per run (wall time, and CPU time of Maven and its test JVM as /usr/bin/time counts it), the median
# of each mode, and SuiteReport's table of the last round (sums of class times, per class and per test).
# Set CLASSES, TESTS, ITEMS, ROUNDS, MVN_FLAGS (default -o) to change them.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CLASSES="${CLASSES:-50}"
TESTS="${TESTS:-10}"
ITEMS="${ITEMS:-1000}"
ROUNDS="${ROUNDS:-3}"
MVN_FLAGS="${MVN_FLAGS--o}"
JAR="$ROOT/benchmarks/target/benchmarks.jar"
OUT="$ROOT/benchmarks/target/suite"
PARALLEL="-Djunit.jupiter.execution.parallel.enabled=true -Djunit.jupiter.execution.parallel.mode.default=concurrent"
MODES="sequential classes-parallel fork-sequential fork-parallel"
test -f "$JAR" || { echo "build first: mvn -B install -DskipTests" >&2; exit 1; }

for reset in PER_TEST FORK; do
    rm -rf "$OUT/$reset"
    java -cp "$JAR" dev.singletable.benchmarks.suite.GeneratedSuite --out "$OUT/$reset" --classes "$CLASSES" \
        --tests "$TESTS" --items "$ITEMS" --reset "$reset"
    # compile once, so that each timed run only runs the tests
    mvn -B -q $MVN_FLAGS -f "$OUT/$reset/pom.xml" test-compile
done

run() {
    local mode="$1" dir flags=""
    case "$mode" in
        sequential) dir=PER_TEST ;;
        classes-parallel) dir=PER_TEST; flags="$PARALLEL" ;;
        fork-sequential) dir=FORK ;;
        fork-parallel) dir=FORK; flags="$PARALLEL" ;;
    esac
    local start end cpu
    start="$(date +%s.%N)"
    # shellcheck disable=SC2086
    /usr/bin/time -f '%U %S' -o "$OUT/$mode.cpu" mvn -B -q $MVN_FLAGS -f "$OUT/$dir/pom.xml" surefire:test $flags \
        >"$OUT/$mode.log" 2>&1 || { echo "$mode failed: see $OUT/$mode.log" >&2; exit 1; }
    end="$(date +%s.%N)"
    cpu="$(awk '{ print $1 + $2 }' "$OUT/$mode.cpu")"
    rm -rf "$OUT/reports-$mode"
    cp -r "$OUT/$dir/target/surefire-reports" "$OUT/reports-$mode"
    LAST+=("$mode" "$OUT/reports-$mode" "$(awk "BEGIN { print $end - $start }")")
    printf '%-17s wall_s=%s cpu_s=%s\n' "$mode" "$(awk "BEGIN { printf \"%.1f\", $end - $start }")" "$cpu" \
        | tee -a "$OUT/results.txt"
}

: >"$OUT/results.txt"
echo "$CLASSES classes x $TESTS tests, $ITEMS items; $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg)"
for _ in $(seq 1 "$ROUNDS"); do
    LAST=()
    for mode in $MODES; do
        run "$mode"
    done
done
echo "median of $ROUNDS rounds:"
for mode in $MODES; do
    line="$mode"
    for key in wall_s cpu_s; do
        values="$(grep "^$mode " "$OUT/results.txt" | grep -o " $key=[0-9.]*" | cut -d= -f2 | sort -n)"
        count="$(echo "$values" | wc -l)"
        line="$line $key=$(echo "$values" | sed -n "$(( (count + 1) / 2 ))p")"
    done
    echo "$line"
done
echo "last round, from Surefire's reports:"
java -cp "$JAR" dev.singletable.benchmarks.suite.SuiteReport "${LAST[@]}"

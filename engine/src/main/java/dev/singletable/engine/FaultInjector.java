package dev.singletable.engine;

import dev.singletable.engine.model.Fault;
import dev.singletable.engine.model.Operation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Makes the engine fail chosen requests, so that retry and error handling in application code can be tested.
 * Rules are checked in the order they were added; the first that matches a request answers it.
 *
 * <pre>{@code
 * engine.faults().on("PutItem").onTable("app").times(2).respondWith(Fault.THROTTLING);
 * engine.faults().on("BatchWriteItem").respondWith(Fault.UNPROCESSED);   // every call, until cleared
 * engine.faults().on("Query").afterCalls(3).times(1).respondWith(Fault.INTERNAL_ERROR); // the 4th Query
 * }</pre>
 */
public final class FaultInjector {
    private final List<Rule> rules = new ArrayList<>();

    FaultInjector() {
    }

    /** Starts a rule for requests of one operation (as on the wire: {@code PutItem}, {@code Query}, …). */
    public RuleBuilder on(String operation) {
        return new RuleBuilder(operation);
    }

    /** Starts a rule for requests of any operation. */
    public RuleBuilder onAnyOperation() {
        return new RuleBuilder(null);
    }

    /** Removes every rule. */
    public synchronized void clear() {
        rules.clear();
    }

    /** Removes the rules made {@linkplain RuleBuilder#onTable for one table}, as when a test's table goes away. */
    public synchronized void clear(String tableName) {
        rules.removeIf(rule -> tableName.equals(rule.table));
    }

    /** The fault for a request, if a rule matches it; counts the request against the rules it matches. */
    synchronized Optional<Fault> match(Operation operation, String table) {
        for (Rule rule : rules) {
            if (rule.matches(operation.wireName(), table)) {
                rule.seen++;
                if (rule.seen > rule.skip && (rule.times < 0 || rule.seen <= rule.skip + rule.times)) {
                    return Optional.of(rule.fault);
                }
            }
        }
        return Optional.empty();
    }

    private synchronized void add(Rule rule) {
        rules.add(rule);
    }

    /** Describes which requests a fault applies to. */
    public final class RuleBuilder {
        private final String operation;
        private String table;
        private int skip;
        private int times = -1;

        private RuleBuilder(String operation) {
            this.operation = operation;
        }

        /** Only requests on this table. */
        public RuleBuilder onTable(String tableName) {
            this.table = tableName;
            return this;
        }

        /** Lets the first {@code calls} matching requests through before failing. */
        public RuleBuilder afterCalls(int calls) {
            if (calls < 0) {
                throw new IllegalArgumentException("afterCalls must not be negative, was " + calls);
            }
            this.skip = calls;
            return this;
        }

        /** Fails only this many matching requests (by default, every one until cleared). */
        public RuleBuilder times(int count) {
            if (count < 1) {
                throw new IllegalArgumentException("times must be at least 1, was " + count);
            }
            this.times = count;
            return this;
        }

        /** Adds the rule: matching requests are answered with the fault. */
        public void respondWith(Fault fault) {
            add(new Rule(operation, table, skip, times, fault));
        }
    }

    private static final class Rule {
        final String operation;
        final String table;
        final int skip;
        final int times;
        final Fault fault;
        int seen;

        Rule(String operation, String table, int skip, int times, Fault fault) {
            this.operation = operation;
            this.table = table;
            this.skip = skip;
            this.times = times;
            this.fault = fault;
        }

        boolean matches(String requestOperation, String requestTable) {
            return (operation == null || operation.equals(requestOperation))
                    && (table == null || table.equals(requestTable));
        }
    }
}

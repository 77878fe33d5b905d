package dev.singletable.core;

import dev.singletable.engine.model.Operation;
import dev.singletable.fixtures.SourceLocation;
import dev.singletable.fixtures.TableKey;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Why a {@link PatternCheck} falls short: one typed reason each, which every front end renders in its own words
 * and none judges again. Each one's {@code toString()} is the one-line wording of the command line.
 */
public sealed interface Shortfall {

    /**
     * The pattern takes parameters and the fixtures expect nothing of it, so it did not run.
     *
     * @param parameters the parameters it takes
     */
    record NotExercised(List<String> parameters) implements Shortfall {
        /** Copies the list. */
        public NotExercised {
            parameters = List.copyOf(parameters);
        }

        @Override
        public String toString() {
            return "not run: it takes " + parameters + " and the fixtures have no expect entry for it";
        }
    }

    /**
     * The endpoint refused or failed a request of the pattern.
     *
     * @param errorCode the error code, e.g. {@code ValidationException}, or the exception's simple class name
     *                  when the endpoint gave none
     * @param message   the error message
     */
    record EndpointError(String errorCode, String message) implements Shortfall {
        @Override
        public String toString() {
            return "failed: " + errorCode + ": " + message;
        }
    }

    /** The pattern ran, but the table's request log holds none of its requests: the log is not the client's. */
    record NoRequestRecorded() implements Shortfall {
        @Override
        public String toString() {
            return "no request recorded: the table's request log does not see this client's requests";
        }
    }

    /**
     * A request of the pattern is neither a Query nor a key lookup (see {@link Verification#isQueryOrKeyLookup}):
     * a Scan reads the whole table or index.
     *
     * @param operations    the operations that ran, each once, in order
     * @param itemsRead     items the requests read
     * @param itemsReturned items they returned
     */
    record NotAQuery(List<Operation> operations, int itemsRead, int itemsReturned) implements Shortfall {
        /** Copies the list. */
        public NotAQuery {
            operations = List.copyOf(operations);
        }

        @Override
        public String toString() {
            return "runs as " + operations.stream().map(Operation::wireName).collect(Collectors.joining("+"))
                    + ", not as a Query: it reads " + itemsRead
                    + " items to return " + itemsReturned;
        }
    }

    /**
     * A request of the pattern read another index (or the table) than the pattern declares.
     *
     * @param declared the index the pattern declares, empty for the table
     * @param read     the index a request read, empty for the table
     */
    record WrongIndex(Optional<String> declared, Optional<String> read) implements Shortfall {
        @Override
        public String toString() {
            return "reads " + where(read) + ", not " + where(declared);
        }

        /**
         * @param index an index name, empty for the table
         * @return {@code index GSI1} or {@code the table}
         */
        public static String where(Optional<String> index) {
            return index.map(i -> "index " + i).orElse("the table");
        }
    }

    /**
     * The pattern returned other keys than its expectation, or the same in another order.
     *
     * @param expected   the keys expected, in order
     * @param returned   the keys returned, in order
     * @param expectedAt where the expectation is written
     */
    record UnexpectedKeys(List<TableKey> expected, List<TableKey> returned, SourceLocation expectedAt)
            implements Shortfall {
        /** Copies the lists. */
        public UnexpectedKeys {
            expected = List.copyOf(expected);
            returned = List.copyOf(returned);
        }

        /** @return how the keys differ: missing, unexpected, or out of order */
        public KeyDifference difference() {
            return new KeyDifference(expected, returned);
        }

        @Override
        public String toString() {
            return "expected (" + expectedAt + ") " + keys(expected) + " but it returned " + keys(returned);
        }

        private static String keys(List<TableKey> keys) {
            return keys.stream().map(TableKey::toString).collect(Collectors.joining(", ", "[", "]"));
        }
    }
}

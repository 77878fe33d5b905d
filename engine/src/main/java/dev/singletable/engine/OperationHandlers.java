package dev.singletable.engine;

import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.ops.OperationHandler;
import dev.singletable.engine.internal.ops.control.ControlOperations;
import dev.singletable.engine.internal.ops.items.ItemOperations;
import dev.singletable.engine.internal.ops.reads.ReadOperations;
import dev.singletable.engine.internal.partiql.PartiqlOperations;
import dev.singletable.engine.internal.streams.ChangeStreams;
import dev.singletable.engine.internal.streams.StreamOperations;
import dev.singletable.engine.model.Operation;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Function;

/**
 * Every operation the engine serves, by the operation: the one place that knows them all. A handler is made on
 * the first request of its operation, so a JVM loads only the handlers of the calls it makes (a test class makes a
 * few of some thirty). Handlers keep no state of their own, so two threads that make one at once may each use
 * theirs.
 */
final class OperationHandlers implements Function<Operation, OperationHandler> {
    private final Database database;
    private final ChangeStreams streams;
    private final AtomicReferenceArray<OperationHandler> made =
            new AtomicReferenceArray<>(Operation.values().length);

    OperationHandlers(Database database, ChangeStreams streams) {
        this.database = database;
        this.streams = streams;
    }

    /** @return the operation's handler, or null for {@link Operation#UNKNOWN} */
    @Override
    public OperationHandler apply(Operation operation) {
        OperationHandler handler = made.get(operation.ordinal());
        if (handler == null) {
            handler = make(operation);
            made.set(operation.ordinal(), handler);
        }
        return handler;
    }

    private OperationHandler make(Operation operation) {
        OperationHandler handler = ControlOperations.handler(operation, database);
        if (handler == null) {
            handler = ItemOperations.handler(operation, database);
        }
        if (handler == null) {
            handler = ReadOperations.handler(operation, database);
        }
        if (handler == null) {
            handler = PartiqlOperations.handler(operation, database);
        }
        if (handler == null) {
            handler = StreamOperations.handler(operation, database, streams);
        }
        return handler;
    }
}

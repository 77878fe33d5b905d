package dev.singletable.engine.internal.ops;

import dev.singletable.engine.internal.protocol.Database;
import dev.singletable.engine.internal.protocol.Operation;
import java.util.Map;

/** TODO owner fills this. */
public final class ReadOperations {
    private ReadOperations() {
    }

    public static void register(Map<String, Operation> operations, Database database) {
    }
}

package dev.singletable.engine.internal.protocol;

import dev.singletable.engine.internal.ops.ControlPlane;
import dev.singletable.engine.internal.ops.ItemOperations;
import dev.singletable.engine.internal.ops.ReadOperations;
import dev.singletable.engine.internal.partiql.PartiqlOperations;
import dev.singletable.engine.internal.streams.StreamOperations;
import java.util.HashMap;
import java.util.Map;

/** Every operation the engine answers, by its X-Amz-Target name. */
public final class Operations {
    private Operations() {
    }

    public static Map<String, Operation> all(Database database) {
        Map<String, Operation> operations = new HashMap<>();
        ControlPlane.register(operations, database);
        ItemOperations.register(operations, database);
        ReadOperations.register(operations, database);
        StreamOperations.register(operations, database, database.streams());
        PartiqlOperations.register(operations, database);
        return operations;
    }
}

package dev.singletable.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.ops.OperationHandler;
import dev.singletable.engine.internal.streams.ChangeStreams;
import dev.singletable.engine.model.Operation;
import java.time.Clock;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class OperationHandlersTest {
    private final OperationHandlers handlers = new OperationHandlers(new Database(Clock.systemUTC()),
            new ChangeStreams(() -> 0.0));

    @Test
    void every_operation_but_unknown_has_a_handler_made_once() {
        Arrays.stream(Operation.values()).filter(operation -> operation != Operation.UNKNOWN).forEach(operation -> {
            OperationHandler handler = handlers.apply(operation);
            assertThat(handler).as(operation.wireName()).isNotNull();
            assertThat(handlers.apply(operation)).as(operation.wireName()).isSameAs(handler);
        });
    }

    @Test
    void an_operation_the_engine_does_not_serve_has_none() {
        assertThat(handlers.apply(Operation.UNKNOWN)).isNull();
    }
}

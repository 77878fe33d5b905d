package dev.singletable.engine.internal.log;

import dev.singletable.engine.model.Operation;
import java.util.Optional;

/**
 * The line of application code that issued a request: the first frame of the current thread outside the engine,
 * the SDK, the JDK, this toolkit and the test frameworks. Only Scans and PartiQL statements (which may scan)
 * look for it, since walking the stack costs more than serving a small request.
 */
public final class CallerFrame {
    private CallerFrame() {
    }

    /** @return whether requests of this operation carry the frame that issued them */
    public static boolean wanted(Operation operation) {
        return operation == Operation.SCAN || operation == Operation.EXECUTE_STATEMENT;
    }

    /** @return the first frame of the current thread's stack that is application code, if any */
    public static Optional<StackTraceElement> find() {
        return StackWalker.getInstance().walk(frames -> frames
                .filter(f -> !isInfrastructure(f.getClassName()))
                .findFirst()
                .map(StackWalker.StackFrame::toStackTraceElement));
    }

    private static boolean isInfrastructure(String className) {
        return className.startsWith("dev.singletable.") || className.startsWith("software.amazon.")
                || className.startsWith("java.") || className.startsWith("jdk.") || className.startsWith("sun.")
                || className.startsWith("org.junit.") || className.startsWith("org.assertj.");
    }
}

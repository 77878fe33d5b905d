package dev.singletable.engine.internal.protocol;

import dev.singletable.engine.model.Fault;
import dev.singletable.engine.model.Operation;
import java.util.Optional;

/** Decides whether a request is answered with an injected fault instead of being served. */
@FunctionalInterface
public interface FaultPolicy {
    /** The fault to answer a request with, if any: {@code table} is the first table it names, or null. */
    Optional<Fault> faultFor(Operation operation, String table);
}

package dev.singletable.engine.internal.protocol;

import dev.singletable.engine.Fault;
import java.util.Optional;

/** Decides whether a request is answered with an injected fault instead of being served. */
@FunctionalInterface
public interface FaultPolicy {
    FaultPolicy NONE = (operation, table) -> Optional.empty();

    Optional<Fault> faultFor(String operation, String table);
}

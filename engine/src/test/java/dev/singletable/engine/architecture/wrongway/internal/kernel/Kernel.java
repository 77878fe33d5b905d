package dev.singletable.engine.architecture.wrongway.internal.kernel;

import dev.singletable.engine.architecture.wrongway.internal.protocol.Wire;

/** A kernel that reaches up into the protocol: what the layer rules exist to refuse. */
public final class Kernel {
    public String describe() {
        return new Wire().format(this);
    }
}

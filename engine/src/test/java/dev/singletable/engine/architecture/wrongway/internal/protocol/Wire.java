package dev.singletable.engine.architecture.wrongway.internal.protocol;

import dev.singletable.engine.architecture.wrongway.internal.kernel.Kernel;

/** A protocol that uses the kernel, as it may. */
public final class Wire {
    public String format(Kernel kernel) {
        return "wire:" + kernel.hashCode();
    }
}

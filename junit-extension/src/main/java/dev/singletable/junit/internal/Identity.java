package dev.singletable.junit.internal;

/**
 * An object in a key, compared by identity: for an object that stands for something the run made once (a design
 * parsed from one text, a class's declaration), whose own {@code equals} and {@code hashCode} would walk all of its
 * records or an annotation's members on every lookup, and whose record classes take a cold JVM milliseconds to set
 * up for their first such call.
 */
public final class Identity {
    private final Object value;

    /** @param value the object the key stands for */
    public Identity(Object value) {
        this.value = value;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Identity identity && identity.value == value;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(value);
    }
}

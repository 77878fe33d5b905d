package dev.singletable.engine.internal.storage;

/**
 * A key attribute: its name and its declared type (S, N or B). Its {@code equals} and {@code hashCode} are written
 * out: a record's generated ones bootstrap through {@code ObjectMethods}, which a cold JVM's first CreateTable
 * would pay for.
 */
public record KeyDef(String name, String type) {
    @Override
    public boolean equals(Object other) {
        return other instanceof KeyDef key && name.equals(key.name) && type.equals(key.type);
    }

    @Override
    public int hashCode() {
        return 31 * name.hashCode() + type.hashCode();
    }
}

package dev.singletable.engine.internal.storage;

/** A key attribute: its name and its declared type (S, N or B). */
public record KeyDef(String name, String type) {
}

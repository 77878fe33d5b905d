package dev.singletable.junit.internal.warmup.plain;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** A class without a table, only ever discovered. */
@Tag("test-case")
public class NoTable {
    @Test
    void adds() {
    }
}

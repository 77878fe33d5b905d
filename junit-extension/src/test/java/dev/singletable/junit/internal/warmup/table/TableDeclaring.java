package dev.singletable.junit.internal.warmup.table;

import dev.singletable.junit.SingleTableTest;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** A class with a table, only ever discovered: what a selection of its package or id holds. */
@Tag("test-case")
@SingleTableTest(design = "orders.table.yaml")
public class TableDeclaring {
    @Test
    void reads() {
    }

    @Nested
    class Inner {
        @Test
        void readsToo() {
        }
    }
}

package dev.singletable.junit;

/** When a {@link SingleTableTest} table returns to the state its fixtures gave it. */
public enum Reset {
    /**
     * Before every test, by undoing what the tests before it changed; a reset costs what they changed, not the
     * size of the table. Writes of {@code @BeforeAll} methods count as fixture state. The tests of the class run
     * one at a time ({@code @SingleTableTest} declares a JUnit resource lock per class for it).
     */
    PER_TEST,
    /** Never: the tests of a class share their changes, in execution order, one test at a time. */
    PER_CLASS,
    /**
     * Every test gets a fork of the class's table at its fixture state: a table of its own, under its own name
     * ({@code SingleTable.name()}), made in constant time by sharing what the class's table holds (copy-on-write:
     * a test pays only for what it writes), dropped after the test. Its request log and Scan guard see only its
     * fork, so the tests of the class may run at the same time, with no reset at all. Writes of
     * {@code @BeforeAll} methods count as fixture state; a test that writes to the class's table itself (a name
     * kept from {@code @BeforeAll}) fails, as every later fork would start from its writes. Fault rules scoped
     * with {@code onTable(table.name())} end with the test; unscoped rules would reach the tests running beside
     * it. On an external endpoint, which cannot fork, the tests of the class take turns on its table instead,
     * reset as with {@link #PER_TEST}; a Spring test, whose application context is built with the class's table,
     * cannot use forks.
     */
    FORK
}

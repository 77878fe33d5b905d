package dev.singletable.junit;

/** When a {@link SingleTableTest} table returns to the state its fixtures gave it. */
public enum Reset {
    /**
     * Before every test, by undoing what the tests before it changed; a reset costs what they changed, not the
     * size of the table. Writes of {@code @BeforeAll} methods count as fixture state. The tests of the class
     * must run one at a time.
     */
    PER_TEST,
    /** Never: the tests of a class share their changes, in execution order. */
    PER_CLASS
}

package dev.singletable.assertions.internal;

import dev.singletable.junit.AccessPatternCall;
import dev.singletable.junit.SingleTable;
import java.lang.reflect.Field;

/**
 * The table an access pattern call belongs to. Assertions on a call need the table's design (to know which
 * attributes are the table's keys) and its request log (to see what application code sends).
 */
public final class CallTable {

    private static final Field TABLE = tableField();

    private CallTable() {
    }

    /**
     * @param call an access pattern call
     * @return the table it runs against
     */
    public static SingleTable of(AccessPatternCall call) {
        try {
            return (SingleTable) TABLE.get(call);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read the table of " + call, e);
        }
    }

    // AccessPatternCall keeps its table private and has no accessor yet; read the field until it offers one.
    private static Field tableField() {
        try {
            Field field = AccessPatternCall.class.getDeclaredField("table");
            field.setAccessible(true);
            return field;
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException("AccessPatternCall has no table field; this version of"
                    + " singletable-assertions does not match singletable-junit", e);
        }
    }
}

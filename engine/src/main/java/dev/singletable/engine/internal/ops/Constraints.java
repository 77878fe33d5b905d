package dev.singletable.engine.internal.ops;

import dev.singletable.engine.internal.DynamoException;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects shape-constraint failures of one request so they are reported together, as DynamoDB's front end
 * (Coral) does: {@code 2 validation errors detected: Value … at '…' failed to satisfy constraint: …; Value …}.
 */
public final class Constraints {
    /** Coral stops listing after ten failures. */
    private static final int MAX_REPORTED = 10;

    /** Made at the first failure: nearly every request has none. */
    private List<String> failures;

    /** Records one failure; a null {@code value} renders as a bare {@code null}, anything else quoted. */
    public void fail(Object value, String path, String constraint) {
        if (failures == null) {
            failures = new ArrayList<>();
        }
        if (failures.size() < MAX_REPORTED) {
            String rendered = value == null ? "null" : "'" + value + "'";
            failures.add("Value " + rendered + " at '" + path + "' failed to satisfy constraint: " + constraint);
        }
    }

    public void notNull(Object value, String path) {
        if (value == null) {
            fail(null, path, "Member must not be null");
        }
    }

    /** A string's length (in characters) within {@code min..max}. */
    public void length(String value, String path, int min, int max) {
        if (value == null) {
            return;
        }
        if (value.length() < min) {
            fail(value, path, "Member must have length greater than or equal to " + min);
        } else if (value.length() > max) {
            fail(value, path, "Member must have length less than or equal to " + max);
        }
    }

    /** Each string of a list within {@code min..max} characters; the list is reported whole, as Coral does. */
    public void memberLengths(List<String> values, String path, int min, int max) {
        if (values != null && values.stream().anyMatch(v -> v.length() < min || v.length() > max)) {
            fail(values, path, "Member must satisfy constraint: [Member must have length less than or equal to " + max
                    + ", Member must have length greater than or equal to " + min + "]");
        }
    }

    public void enumValue(String value, String path, List<String> allowed) {
        if (value != null && !allowed.contains(value)) {
            fail(value, path, "Member must satisfy enum value set: " + allowed);
        }
    }

    /** A table or index name: 3..255 characters of {@code [a-zA-Z0-9_.-]}. */
    public void name(String value, String path) {
        notNull(value, path);
        length(value, path, 3, 255);
        if (value != null && !isName(value)) {
            fail(value, path, "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
        }
    }

    /**
     * Whether a name matches {@code [a-zA-Z0-9_.-]+}: every request that names a table checks its name, and a loop
     * over its characters costs a fraction of a regular expression's matcher.
     */
    static boolean isName(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean allowed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '_' || c == '.' || c == '-';
            if (!allowed) {
                return false;
            }
        }
        return true;
    }

    /** Throws the ValidationException listing every failure, if there was one. */
    public void check() {
        if (failures != null) {
            throw exception();
        }
    }

    /** The ValidationException listing every failure recorded so far (at least one). */
    DynamoException exception() {
        String count = failures.size() == 1 ? "1 validation error detected: "
                : failures.size() + " validation errors detected: ";
        return DynamoException.validation(count + String.join("; ", failures));
    }
}

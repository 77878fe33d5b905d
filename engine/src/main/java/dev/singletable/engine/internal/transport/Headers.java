package dev.singletable.engine.internal.transport;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A request's header fields in the order received; names compare ignoring case, as HTTP says. */
final class Headers {
    private final List<String> names = new ArrayList<>();
    private final List<String> values = new ArrayList<>();

    void add(String name, String value) {
        names.add(name);
        values.add(value);
    }

    /** The first value of a header, or null. */
    String first(String name) {
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).equalsIgnoreCase(name)) {
                return values.get(i);
            }
        }
        return null;
    }

    /** Every value of a header, in order. */
    List<String> all(String name) {
        List<String> all = new ArrayList<>(1);
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).equalsIgnoreCase(name)) {
                all.add(values.get(i));
            }
        }
        return all;
    }

    /** Whether a comma-separated header (Connection, Expect) lists a token. */
    boolean lists(String name, String token) {
        for (String value : all(name)) {
            for (String element : value.split(",")) {
                if (element.trim().toLowerCase(Locale.ROOT).equals(token)) {
                    return true;
                }
            }
        }
        return false;
    }
}

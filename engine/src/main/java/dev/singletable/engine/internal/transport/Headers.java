package dev.singletable.engine.internal.transport;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A request's header fields in the order received, kept as the bytes of their section: a value becomes a string
 * (ISO-8859-1, as received) only when asked for, since a request carries more fields than the endpoint reads. Names
 * are tokens, ASCII, and compare ignoring case, as HTTP says.
 */
final class Headers {
    private final byte[] section;
    /** Per field, four offsets into the section: name start and end, value start and end. */
    private final int[] spans;
    private final int count;

    Headers(byte[] section, int[] spans, int count) {
        this.section = section;
        this.spans = spans;
        this.count = count;
    }

    /** The first value of a header, or null. */
    String first(String name) {
        for (int i = 0; i < count; i++) {
            if (named(i, name)) {
                return value(i);
            }
        }
        return null;
    }

    /** Every value of a header, in order. */
    List<String> all(String name) {
        List<String> all = new ArrayList<>(1);
        for (int i = 0; i < count; i++) {
            if (named(i, name)) {
                all.add(value(i));
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

    private boolean named(int field, String name) {
        int from = spans[4 * field];
        if (spans[4 * field + 1] - from != name.length()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            int b = section[from + i];
            int c = name.charAt(i);
            if (b != c && !(isLetter(c) && (b | 0x20) == (c | 0x20))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isLetter(int c) {
        return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
    }

    private String value(int field) {
        int from = spans[4 * field + 2];
        return new String(section, from, spans[4 * field + 3] - from, StandardCharsets.ISO_8859_1);
    }
}

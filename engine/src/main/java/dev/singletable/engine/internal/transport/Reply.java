package dev.singletable.engine.internal.transport;

import java.util.ArrayList;
import java.util.List;

/**
 * One HTTP response as the endpoint writes it: status, header fields in order, body, and whether the connection
 * closes after it. Content-Length and Date are added when written.
 */
final class Reply {
    private final int status;
    private final byte[] body;
    private final List<String> names = new ArrayList<>(8);
    private final List<String> values = new ArrayList<>(8);
    private boolean close;

    Reply(int status, byte[] body) {
        this.status = status;
        this.body = body;
    }

    Reply header(String name, String value) {
        names.add(name);
        values.add(value);
        return this;
    }

    /** Closes the connection after this reply (and says so in a Connection header). */
    Reply closing() {
        close = true;
        return this;
    }

    int status() {
        return status;
    }

    byte[] body() {
        return body;
    }

    boolean closes() {
        return close;
    }

    int headerCount() {
        return names.size();
    }

    String name(int i) {
        return names.get(i);
    }

    String value(int i) {
        return values.get(i);
    }
}

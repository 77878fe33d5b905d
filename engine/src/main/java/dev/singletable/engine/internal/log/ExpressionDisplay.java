package dev.singletable.engine.internal.log;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.model.ExpressionKind;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Renders a request's expressions for people: {@code #names} and {@code :values} replaced by what they stand for. */
public final class ExpressionDisplay {
    private static final Pattern PLACEHOLDER = Pattern.compile("[#:][A-Za-z0-9_]+");

    private ExpressionDisplay() {
    }

    /**
     * {@link #resolve} of a request, deferred until the log's reader asks, holding only the members it reads: a log
     * keeps thousands of entries, and each holding its whole body (a PutItem's item, as a tree) would be memory, and
     * work for the garbage collector, that nobody reads.
     */
    public static Supplier<Map<ExpressionKind, String>> resolveLater(JsonNode request) {
        if (request == null || !request.isObject()) {
            return Map::of;
        }
        ObjectNode kept = null;
        for (ExpressionKind kind : ExpressionKind.values()) {
            JsonNode text = request.get(kind.parameter());
            if (text != null && text.isTextual()) {
                kept = kept == null ? JsonNodeFactory.instance.objectNode() : kept;
                kept.set(kind.parameter(), text);
            }
        }
        if (kept == null) {
            return Map::of;
        }
        for (String member : List.of("ExpressionAttributeNames", "ExpressionAttributeValues")) {
            JsonNode value = request.get(member);
            if (value != null) {
                kept.set(member, value);
            }
        }
        JsonNode expressions = kept;
        return () -> resolve(expressions);
    }

    /** The expressions of a request (its JSON body) by kind, with names and values substituted. */
    public static Map<ExpressionKind, String> resolve(JsonNode request) {
        Map<ExpressionKind, String> resolved = new EnumMap<>(ExpressionKind.class);
        if (request == null || !request.isObject()) {
            return resolved;
        }
        JsonNode names = request.path("ExpressionAttributeNames");
        JsonNode values = request.path("ExpressionAttributeValues");
        for (ExpressionKind kind : ExpressionKind.values()) {
            JsonNode text = request.get(kind.parameter());
            if (text != null && text.isTextual()) {
                resolved.put(kind, substitute(text.textValue(), names, values));
            }
        }
        return resolved;
    }

    private static String substitute(String expression, JsonNode names, JsonNode values) {
        Matcher m = PLACEHOLDER.matcher(expression);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String token = m.group();
            JsonNode replacement = (token.charAt(0) == '#' ? names : values).get(token);
            m.appendReplacement(out, Matcher.quoteReplacement(replacement == null ? token : render(replacement)));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static String render(JsonNode node) {
        if (node.isTextual()) {
            return node.textValue(); // an attribute name
        }
        JsonNode s = node.get("S");
        if (s != null && s.isTextual()) {
            return "\"" + s.textValue() + "\"";
        }
        JsonNode n = node.get("N");
        if (n != null && n.isTextual()) {
            return n.textValue();
        }
        return node.toString();
    }
}

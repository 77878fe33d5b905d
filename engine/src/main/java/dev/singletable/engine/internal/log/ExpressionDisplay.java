package dev.singletable.engine.internal.log;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.engine.model.ExpressionKind;
import java.util.EnumMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Renders a request's expressions for people: {@code #names} and {@code :values} replaced by what they stand for. */
public final class ExpressionDisplay {
    private static final Pattern PLACEHOLDER = Pattern.compile("[#:][A-Za-z0-9_]+");

    private ExpressionDisplay() {
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

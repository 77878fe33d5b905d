package dev.singletable.core.internal;

import dev.singletable.fixtures.KeyTemplate;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads parameter values back out of a key value a template produced: {@code CUSTOMER#{customerId}} and
 * {@code CUSTOMER#42} give {@code customerId=42}. The values are text in the form the template renders again to
 * the same key (a {@code %x} placeholder's hexadecimal text is converted to decimal).
 */
public final class TemplateParameters {

    private TemplateParameters() {
    }

    /**
     * @param template a key template
     * @param value    a key value as text
     * @return the parameters, or empty when the template cannot have produced the value
     */
    public static Optional<Map<String, String>> extract(KeyTemplate template, String value) {
        List<String[]> placeholders = new ArrayList<>();
        StringBuilder regex = new StringBuilder();
        StringBuilder literal = new StringBuilder();
        String source = template.source();
        for (int i = 0; i < source.length(); i++) {
            char c = source.charAt(i);
            if ((c == '{' || c == '}') && i + 1 < source.length() && source.charAt(i + 1) == c) {
                literal.append(c);
                i++;
            } else if (c == '{') {
                int end = source.indexOf('}', i);
                String body = source.substring(i + 1, end);
                int colon = body.indexOf(':');
                String name = (colon < 0 ? body : body.substring(0, colon)).strip();
                String format = colon < 0 ? null : body.substring(colon + 1).strip();
                regex.append(Pattern.quote(literal.toString())).append('(').append(regexOf(format)).append(')');
                literal.setLength(0);
                placeholders.add(new String[] {name, format});
                i = end;
            } else {
                literal.append(c);
            }
        }
        regex.append(Pattern.quote(literal.toString()));
        Matcher matcher = Pattern.compile(regex.toString(), Pattern.DOTALL).matcher(value);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        Map<String, String> parameters = new LinkedHashMap<>();
        for (int group = 1; group <= placeholders.size(); group++) {
            String[] placeholder = placeholders.get(group - 1);
            String text = textOf(placeholder[1], matcher.group(group));
            String earlier = parameters.putIfAbsent(placeholder[0], text);
            if (earlier != null && !earlier.equals(text)) {
                return Optional.empty();
            }
        }
        return Optional.of(parameters);
    }

    private static String regexOf(String format) {
        if (format == null || format.endsWith("s")) {
            return ".*?";
        }
        return switch (format) {
            case "date" -> "\\d{4}-\\d{2}-\\d{2}";
            case "instant" -> "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z";
            default -> format.endsWith("f") ? "[-+ ]?[\\d,]*(?:\\.\\d*)?" : "[-+ ]?[\\d,a-fA-F]+";
        };
    }

    private static String textOf(String format, String text) {
        if (format == null || format.equals("date") || format.equals("instant") || format.endsWith("s")) {
            return text;
        }
        String digits = text.strip().replace(",", "");
        return format.endsWith("x") || format.endsWith("X") ? new BigInteger(digits, 16).toString() : digits;
    }
}

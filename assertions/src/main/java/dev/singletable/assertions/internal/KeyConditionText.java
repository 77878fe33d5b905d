package dev.singletable.assertions.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads the values out of a key condition as the request log displays it, names and values substituted:
 * {@code GSI1PK = "STATUS#OPEN" AND GSI1SK BETWEEN "2026-01-01" AND "2026-02-01"}. Strings are shown in double
 * quotes, numbers bare.
 */
public final class KeyConditionText {

    /*
     * condition  := comparison ( AND comparison )?
     * comparison := name op value | name BETWEEN value AND value | begins_with ( name , value )
     */
    private final List<String> tokens;

    private KeyConditionText(String text) {
        this.tokens = tokenize(text);
    }

    /**
     * @param text     the displayed key condition
     * @param attribute a key attribute name
     * @return the values compared with that attribute, in order (one, or two for {@code BETWEEN}), strings
     *         unquoted; empty when the condition does not mention the attribute
     */
    public static Optional<List<String>> valuesOf(String text, String attribute) {
        return new KeyConditionText(text).find(attribute);
    }

    private Optional<List<String>> find(String attribute) {
        for (int i = 0; i < tokens.size(); i++) {
            String token = tokens.get(i);
            if (token.equals("begins_with") && matches(i + 1, "(") && matches(i + 2, attribute) && matches(i + 3, ",")
                    && i + 4 < tokens.size()) {
                return Optional.of(List.of(unquote(tokens.get(i + 4))));
            }
            if (token.equals(attribute) && (i == 0 || !tokens.get(i - 1).equals("("))) {
                if (matches(i + 1, "BETWEEN") && matches(i + 3, "AND") && i + 4 < tokens.size()) {
                    return Optional.of(List.of(unquote(tokens.get(i + 2)), unquote(tokens.get(i + 4))));
                }
                if (i + 2 < tokens.size() && List.of("=", "<", "<=", ">", ">=").contains(tokens.get(i + 1))) {
                    return Optional.of(List.of(unquote(tokens.get(i + 2))));
                }
            }
        }
        return Optional.empty();
    }

    private boolean matches(int index, String expected) {
        return index < tokens.size() && tokens.get(index).equalsIgnoreCase(expected);
    }

    private static List<String> tokenize(String text) {
        List<String> tokens = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '"') {
                // Displayed strings are not escaped: a string ends at the quote that ends the token.
                int end = i + 1;
                while (end < text.length() && !(text.charAt(end) == '"' && endsToken(text, end + 1))) {
                    end++;
                }
                tokens.add(text.substring(i, Math.min(end + 1, text.length())));
                i = end + 1;
            } else if (c == '(' || c == ')' || c == ',') {
                tokens.add(String.valueOf(c));
                i++;
            } else if (c == '<' || c == '>' || c == '=') {
                boolean twoChars = i + 1 < text.length() && text.charAt(i + 1) == '=';
                tokens.add(text.substring(i, i + (twoChars ? 2 : 1)));
                i += twoChars ? 2 : 1;
            } else {
                int end = i;
                while (end < text.length() && !Character.isWhitespace(text.charAt(end))
                        && "(),<>=".indexOf(text.charAt(end)) < 0) {
                    end++;
                }
                tokens.add(text.substring(i, end));
                i = end;
            }
        }
        return tokens;
    }

    private static boolean endsToken(String text, int index) {
        return index >= text.length() || Character.isWhitespace(text.charAt(index)) || text.charAt(index) == ')'
                || text.charAt(index) == ',';
    }

    /**
     * @param displayed a value as the request log displays it: a string with or without double quotes
     * @return the text without the quotes
     */
    public static String unquote(String displayed) {
        return displayed.length() >= 2 && displayed.startsWith("\"") && displayed.endsWith("\"")
                ? displayed.substring(1, displayed.length() - 1) : displayed;
    }
}

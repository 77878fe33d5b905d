package dev.singletable.engine.internal.partiql;

import dev.singletable.engine.internal.DynamoException;
import java.util.ArrayList;
import java.util.List;

/** Splits a PartiQL statement into tokens. */
final class Lexer {
    private Lexer() {
    }

    static List<Token> tokens(String text) {
        List<Token> tokens = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            int start = i;
            if (Character.isWhitespace(c)) {
                i++;
            } else if (Character.isLetter(c) || c == '_') {
                while (i < text.length() && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_')) {
                    i++;
                }
                tokens.add(new Token(Token.Kind.NAME, text.substring(start, i), start));
            } else if (Character.isDigit(c)) {
                while (i < text.length() && (Character.isDigit(text.charAt(i)) || text.charAt(i) == '.'
                        || text.charAt(i) == 'e' || text.charAt(i) == 'E'
                        || ((text.charAt(i) == '-' || text.charAt(i) == '+') && (text.charAt(i - 1) == 'e'
                        || text.charAt(i - 1) == 'E')))) {
                    i++;
                }
                tokens.add(new Token(Token.Kind.NUMBER, text.substring(start, i), start));
            } else if (c == '\'' || c == '"') {
                StringBuilder value = new StringBuilder();
                i++;
                while (true) {
                    if (i >= text.length()) {
                        throw DynamoException.validation("Statement wasn't well formed, can't be processed: "
                                + "Unterminated " + (c == '\'' ? "string" : "quoted name") + " at position " + (start + 1));
                    }
                    char d = text.charAt(i++);
                    if (d == c) {
                        if (i < text.length() && text.charAt(i) == c) {
                            value.append(c); // a doubled quote stands for one
                            i++;
                            continue;
                        }
                        break;
                    }
                    value.append(d);
                }
                tokens.add(new Token(c == '\'' ? Token.Kind.STRING : Token.Kind.QUOTED_NAME, value.toString(), start));
            } else {
                String two = i + 1 < text.length() ? text.substring(i, i + 2) : "";
                Token.Kind kind;
                int length = 1;
                switch (two) {
                    case "<<" -> {
                        kind = Token.Kind.LSET;
                        length = 2;
                    }
                    case ">>" -> {
                        kind = Token.Kind.RSET;
                        length = 2;
                    }
                    case "<=", ">=", "<>", "!=" -> {
                        kind = Token.Kind.COMPARATOR;
                        length = 2;
                    }
                    default -> kind = single(c, start);
                }
                i += length;
                tokens.add(new Token(kind, text.substring(start, i), start));
            }
        }
        tokens.add(new Token(Token.Kind.END, "", text.length()));
        return tokens;
    }

    private static Token.Kind single(char c, int offset) {
        return switch (c) {
            case '*' -> Token.Kind.STAR;
            case ',' -> Token.Kind.COMMA;
            case '.' -> Token.Kind.DOT;
            case ':' -> Token.Kind.COLON;
            case '(' -> Token.Kind.LPAREN;
            case ')' -> Token.Kind.RPAREN;
            case '[' -> Token.Kind.LBRACKET;
            case ']' -> Token.Kind.RBRACKET;
            case '{' -> Token.Kind.LBRACE;
            case '}' -> Token.Kind.RBRACE;
            case '=' -> Token.Kind.EQ;
            case '<', '>' -> Token.Kind.COMPARATOR;
            case '+' -> Token.Kind.PLUS;
            case '-' -> Token.Kind.MINUS;
            case '?' -> Token.Kind.PARAMETER;
            default -> throw DynamoException.validation("Statement wasn't well formed, can't be processed: "
                    + "Unexpected character '" + c + "' at position " + (offset + 1));
        };
    }
}

package dev.singletable.engine.internal.expr;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits an expression into tokens. It never fails: a character that starts no token becomes an UNKNOWN or
 * INVALID token, so that the parser can report it the way DynamoDB does.
 */
final class Lexer {
    private final String text;
    private int pos;

    private Lexer(String text) {
        this.text = text;
    }

    /** All tokens of the text, ending with one EOF token. */
    static List<Token> tokenize(String text) {
        return new Lexer(text).run();
    }

    private List<Token> run() {
        List<Token> tokens = new ArrayList<>();
        while (true) {
            skipWhitespace();
            if (pos >= text.length()) {
                tokens.add(new Token(Token.Kind.EOF, "", pos, pos));
                return tokens;
            }
            tokens.add(next());
        }
    }

    private void skipWhitespace() {
        while (pos < text.length() && " \t\r\n".indexOf(text.charAt(pos)) >= 0) {
            pos++;
        }
    }

    private Token next() {
        int start = pos;
        char c = text.charAt(pos);
        if (isWordStart(c)) {
            pos = endOfWord(pos + 1);
            return token(Token.Kind.IDENT, start);
        }
        if (isDigit(c)) {
            while (pos < text.length() && isDigit(text.charAt(pos))) {
                pos++;
            }
            return token(Token.Kind.INTEGER, start);
        }
        if ((c == '#' || c == ':') && pos + 1 < text.length() && isWordPart(text.charAt(pos + 1))) {
            pos = endOfWord(pos + 1);
            return token(c == '#' ? Token.Kind.NAME : Token.Kind.VALUE, start);
        }
        if (text.startsWith("<>", pos)) {
            return punctuation(Token.Kind.NE, 2);
        }
        if (text.startsWith("<=", pos)) {
            return punctuation(Token.Kind.LE, 2);
        }
        if (text.startsWith(">=", pos)) {
            return punctuation(Token.Kind.GE, 2);
        }
        Token.Kind kind = switch (c) {
            case '(' -> Token.Kind.LPAREN;
            case ')' -> Token.Kind.RPAREN;
            case '[' -> Token.Kind.LBRACKET;
            case ']' -> Token.Kind.RBRACKET;
            case ',' -> Token.Kind.COMMA;
            case '.' -> Token.Kind.DOT;
            case '=' -> Token.Kind.EQ;
            case '<' -> Token.Kind.LT;
            case '>' -> Token.Kind.GT;
            case '+' -> Token.Kind.PLUS;
            case '-' -> Token.Kind.MINUS;
            case '#', ':', '_' -> Token.Kind.UNKNOWN; // in the alphabet, but starting no token
            default -> Token.Kind.INVALID;
        };
        return punctuation(kind, Character.charCount(text.codePointAt(pos)));
    }

    private Token punctuation(Token.Kind kind, int length) {
        int start = pos;
        pos += length;
        return token(kind, start);
    }

    private Token token(Token.Kind kind, int start) {
        return new Token(kind, text.substring(start, pos), start, pos);
    }

    private int endOfWord(int from) {
        int end = from;
        while (end < text.length() && isWordPart(text.charAt(end))) {
            end++;
        }
        return end;
    }

    /** A bare name or function name starts with a letter; an underscore may only follow. */
    private static boolean isWordStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isWordPart(char c) {
        return isWordStart(c) || isDigit(c) || c == '_';
    }
}

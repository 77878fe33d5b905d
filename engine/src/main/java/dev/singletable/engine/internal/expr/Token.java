package dev.singletable.engine.internal.expr;

/** One lexical token of an expression, with its offsets in the source text (end exclusive). */
record Token(Kind kind, String text, int start, int end) {

    /** Token kinds; punctuation kinds carry their spelling for messages and canonical output. */
    enum Kind {
        IDENT, NAME, VALUE, INTEGER,
        LPAREN, RPAREN, LBRACKET, RBRACKET, COMMA, DOT,
        EQ, NE, LT, LE, GT, GE, PLUS, MINUS,
        /** A lone {@code #} or {@code :}: part of DynamoDB's alphabet, but no token of its own. */
        UNKNOWN,
        /** A character outside DynamoDB's alphabet, refused by its lexer before any parsing. */
        INVALID,
        EOF
    }

    /** Whether this is an identifier spelling the keyword, ignoring case as DynamoDB does. */
    boolean isKeyword(String keyword) {
        return kind == Kind.IDENT && text.equalsIgnoreCase(keyword);
    }

    /** The token as DynamoDB names it in a syntax error. */
    String display() {
        return kind == Kind.EOF ? "<EOF>" : text;
    }
}

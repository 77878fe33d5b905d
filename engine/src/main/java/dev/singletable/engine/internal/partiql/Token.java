package dev.singletable.engine.internal.partiql;

import java.util.Locale;

/** A PartiQL token with its offset in the statement. */
record Token(Kind kind, String text, int offset) {
    enum Kind {
        NAME, QUOTED_NAME, STRING, NUMBER, PARAMETER, STAR, COMMA, DOT, COLON, LPAREN, RPAREN, LBRACKET, RBRACKET,
        LBRACE, RBRACE, LSET, RSET, EQ, COMPARATOR, PLUS, MINUS, END
    }

    boolean is(Kind expected) {
        return kind == expected;
    }

    /** Whether this is the bare word {@code keyword}, in any case. */
    boolean keyword(String keyword) {
        return kind == Kind.NAME && text.toUpperCase(Locale.ROOT).equals(keyword);
    }
}

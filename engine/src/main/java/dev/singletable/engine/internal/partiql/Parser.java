package dev.singletable.engine.internal.partiql;

import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.value.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A recursive-descent parser for DynamoDB's PartiQL subset. Grammar (keywords case-insensitive):
 * <pre>
 * statement  := select | insert | update | delete
 * select     := SELECT ('*' | path (',' path)*) FROM name ['.' name] [WHERE expr] [ORDER BY path [ASC|DESC]]
 * insert     := INSERT INTO name VALUE map
 * update     := UPDATE name (SET path '=' value (',' path '=' value)* | REMOVE path (',' path)*)+ WHERE expr
 *               [RETURNING (ALL|MODIFIED) (OLD|NEW) '*']
 * delete     := DELETE FROM name WHERE expr [RETURNING ALL OLD '*']
 * expr       := and (OR and)*        and := not (AND not)*        not := NOT not | predicate
 * predicate  := '(' expr ')' | function '(' operand (',' operand)* ')' | path IS [NOT] MISSING
 *             | operand (('=' | '<>' | '!=' | '<' | '<=' | '>' | '>=') operand | BETWEEN operand AND operand
 *                        | IN '[' operand (',' operand)* ']')
 * value      := operand [('+' | '-') operand]
 * operand    := path | '?' | 'string' | number | TRUE | FALSE | NULL | '[' … ']' | '{' 'key' ':' value, … '}'
 *             | '<<' operand, … '>>'
 * path       := name ('.' name | '[' integer ']')*        name := bare | "quoted"
 * </pre>
 */
final class Parser {
    private final List<Token> tokens;
    private int position;
    private int parameters;

    private Parser(List<Token> tokens) {
        this.tokens = tokens;
    }

    /** Parses one statement; returns it with the number of {@code ?} parameters it has. */
    static Parsed parse(String statement) {
        Parser parser = new Parser(Lexer.tokens(statement));
        Ast.Statement parsed = parser.statement();
        if (!parser.peek().is(Token.Kind.END)) {
            throw parser.unexpected();
        }
        return new Parsed(parsed, parser.parameters);
    }

    record Parsed(Ast.Statement statement, int parameters) {
    }

    private Ast.Statement statement() {
        Token first = next();
        if (first.keyword("SELECT")) {
            return select();
        } else if (first.keyword("INSERT")) {
            expectKeyword("INTO");
            String table = name();
            expectKeyword("VALUE");
            return new Ast.Insert(table, operand());
        } else if (first.keyword("UPDATE")) {
            return update();
        } else if (first.keyword("DELETE")) {
            expectKeyword("FROM");
            String table = name();
            expectKeyword("WHERE");
            Ast.Expr where = expr();
            return new Ast.Delete(table, where, returning());
        }
        position--;
        throw unexpected();
    }

    private Ast.Select select() {
        List<Ast.Path> projection = new ArrayList<>();
        if (peek().is(Token.Kind.STAR)) {
            next();
        } else {
            do {
                projection.add(path());
            } while (accept(Token.Kind.COMMA));
        }
        expectKeyword("FROM");
        String table = name();
        String index = null;
        if (accept(Token.Kind.DOT)) {
            index = name();
        }
        Ast.Expr where = null;
        if (acceptKeyword("WHERE")) {
            where = expr();
        }
        Ast.Path orderBy = null;
        boolean descending = false;
        if (acceptKeyword("ORDER")) {
            expectKeyword("BY");
            orderBy = path();
            if (acceptKeyword("DESC")) {
                descending = true;
            } else {
                acceptKeyword("ASC");
            }
        }
        return new Ast.Select(projection, table, index, where, orderBy, descending);
    }

    private Ast.Update update() {
        String table = name();
        List<Ast.Assignment> sets = new ArrayList<>();
        List<Ast.Path> removes = new ArrayList<>();
        while (true) {
            if (acceptKeyword("SET")) {
                do {
                    Ast.Path path = path();
                    expect(Token.Kind.EQ);
                    sets.add(new Ast.Assignment(path, value()));
                } while (accept(Token.Kind.COMMA));
            } else if (acceptKeyword("REMOVE")) {
                do {
                    removes.add(path());
                } while (accept(Token.Kind.COMMA));
            } else {
                break;
            }
        }
        if (sets.isEmpty() && removes.isEmpty()) {
            throw unexpected();
        }
        expectKeyword("WHERE");
        Ast.Expr where = expr();
        return new Ast.Update(table, sets, removes, where, returning());
    }

    private String returning() {
        if (!acceptKeyword("RETURNING")) {
            return null;
        }
        String scope = next().text().toUpperCase(Locale.ROOT);
        String image = next().text().toUpperCase(Locale.ROOT);
        expect(Token.Kind.STAR);
        String returning = scope + " " + image;
        if (!List.of("ALL OLD", "ALL NEW", "MODIFIED OLD", "MODIFIED NEW").contains(returning)) {
            throw DynamoException.validation("Statement wasn't well formed, can't be processed: "
                    + "Invalid returning clause: RETURNING " + returning + " *");
        }
        return returning;
    }

    private Ast.Expr expr() {
        Ast.Expr left = and();
        while (acceptKeyword("OR")) {
            left = new Ast.Or(left, and());
        }
        return left;
    }

    private Ast.Expr and() {
        Ast.Expr left = not();
        while (acceptKeyword("AND")) {
            left = new Ast.And(left, not());
        }
        return left;
    }

    private Ast.Expr not() {
        if (acceptKeyword("NOT")) {
            return new Ast.Not(not());
        }
        return predicate();
    }

    private Ast.Expr predicate() {
        if (accept(Token.Kind.LPAREN)) {
            Ast.Expr inner = expr();
            expect(Token.Kind.RPAREN);
            return inner;
        }
        Token token = peek();
        if (token.is(Token.Kind.NAME) && tokens.get(position + 1).is(Token.Kind.LPAREN)) {
            String name = next().text().toLowerCase(Locale.ROOT);
            if (!List.of("begins_with", "contains", "attribute_type").contains(name)) {
                throw DynamoException.validation("Statement wasn't well formed, can't be processed: "
                        + "Unsupported function name: " + token.text());
            }
            expect(Token.Kind.LPAREN);
            List<Ast.Operand> arguments = new ArrayList<>();
            do {
                arguments.add(operand());
            } while (accept(Token.Kind.COMMA));
            expect(Token.Kind.RPAREN);
            if (arguments.size() != 2) {
                throw DynamoException.validation("Statement wasn't well formed, can't be processed: "
                        + "Incorrect number of arguments for function " + name);
            }
            return new Ast.Function(name, arguments);
        }
        Ast.Operand left = operand();
        if (acceptKeyword("IS")) {
            boolean negated = acceptKeyword("NOT");
            expectKeyword("MISSING");
            if (!(left instanceof Ast.PathOperand p)) {
                throw unexpected();
            }
            return new Ast.Missing(p.path(), negated);
        }
        if (acceptKeyword("BETWEEN")) {
            Ast.Operand low = operand();
            expectKeyword("AND");
            return new Ast.Between(left, low, operand());
        }
        if (acceptKeyword("IN")) {
            expect(Token.Kind.LBRACKET);
            List<Ast.Operand> candidates = new ArrayList<>();
            do {
                candidates.add(operand());
            } while (accept(Token.Kind.COMMA));
            expect(Token.Kind.RBRACKET);
            return new Ast.In(left, candidates);
        }
        Token operator = next();
        if (!operator.is(Token.Kind.COMPARATOR) && !operator.is(Token.Kind.EQ)) {
            position--;
            throw unexpected();
        }
        String symbol = operator.text().equals("!=") ? "<>" : operator.text();
        return new Ast.Compare(left, symbol, operand());
    }

    private Ast.Operand value() {
        Ast.Operand left = operand();
        if (peek().is(Token.Kind.PLUS) || peek().is(Token.Kind.MINUS)) {
            char operator = next().text().charAt(0);
            return new Ast.Arithmetic(left, operator, operand());
        }
        return left;
    }

    private Ast.Operand operand() {
        Token token = next();
        switch (token.kind()) {
            case PARAMETER:
                return new Ast.Parameter(parameters++);
            case STRING:
                return new Ast.Literal(new Value.S(token.text()));
            case NUMBER:
                return new Ast.Literal(Value.N.of(token.text()));
            case MINUS:
                Token number = next();
                if (!number.is(Token.Kind.NUMBER)) {
                    position--;
                    throw unexpected();
                }
                return new Ast.Literal(Value.N.of("-" + number.text()));
            case LBRACKET: {
                List<Ast.Operand> elements = new ArrayList<>();
                if (!accept(Token.Kind.RBRACKET)) {
                    do {
                        elements.add(operand());
                    } while (accept(Token.Kind.COMMA));
                    expect(Token.Kind.RBRACKET);
                }
                return new Ast.ListLiteral(elements);
            }
            case LBRACE: {
                List<String> keys = new ArrayList<>();
                List<Ast.Operand> values = new ArrayList<>();
                if (!accept(Token.Kind.RBRACE)) {
                    do {
                        Token key = next();
                        if (!key.is(Token.Kind.STRING)) {
                            position--;
                            throw unexpected();
                        }
                        expect(Token.Kind.COLON);
                        keys.add(key.text());
                        values.add(operand());
                    } while (accept(Token.Kind.COMMA));
                    expect(Token.Kind.RBRACE);
                }
                return new Ast.MapLiteral(keys, values);
            }
            case LSET: {
                List<Ast.Operand> elements = new ArrayList<>();
                do {
                    elements.add(operand());
                } while (accept(Token.Kind.COMMA));
                expect(Token.Kind.RSET);
                return new Ast.SetLiteral(elements);
            }
            case NAME:
                if (token.keyword("TRUE") || token.keyword("FALSE")) {
                    return new Ast.Literal(new Value.Bool(token.keyword("TRUE")));
                }
                if (token.keyword("NULL")) {
                    return new Ast.Literal(Value.Null.INSTANCE);
                }
                position--;
                return new Ast.PathOperand(path());
            case QUOTED_NAME:
                position--;
                return new Ast.PathOperand(path());
            default:
                position--;
                throw unexpected();
        }
    }

    private Ast.Path path() {
        List<Object> elements = new ArrayList<>();
        elements.add(name());
        while (true) {
            if (peek().is(Token.Kind.DOT) && isName(tokens.get(position + 1))) {
                next();
                elements.add(name());
            } else if (accept(Token.Kind.LBRACKET)) {
                Token index = next();
                if (!index.is(Token.Kind.NUMBER) || !index.text().matches("\\d+")) {
                    position--;
                    throw unexpected();
                }
                elements.add(Integer.parseInt(index.text()));
                expect(Token.Kind.RBRACKET);
            } else {
                return new Ast.Path(elements);
            }
        }
    }

    private static boolean isName(Token token) {
        return token.is(Token.Kind.NAME) || token.is(Token.Kind.QUOTED_NAME);
    }

    private String name() {
        Token token = next();
        if (!isName(token)) {
            position--;
            throw unexpected();
        }
        return token.text();
    }

    private Token peek() {
        return tokens.get(position);
    }

    private Token next() {
        Token token = tokens.get(position);
        if (!token.is(Token.Kind.END)) {
            position++;
        }
        return token;
    }

    private boolean accept(Token.Kind kind) {
        if (peek().is(kind)) {
            next();
            return true;
        }
        return false;
    }

    private void expect(Token.Kind kind) {
        if (!accept(kind)) {
            throw unexpected();
        }
    }

    private boolean acceptKeyword(String keyword) {
        if (peek().keyword(keyword)) {
            next();
            return true;
        }
        return false;
    }

    private void expectKeyword(String keyword) {
        if (!acceptKeyword(keyword)) {
            throw unexpected();
        }
    }

    private DynamoException unexpected() {
        Token token = peek();
        return DynamoException.validation("Statement wasn't well formed, can't be processed: "
                + (token.is(Token.Kind.END) ? "Unexpected end of statement"
                : "Unexpected token '" + token.text() + "' at position " + (token.offset() + 1)));
    }
}

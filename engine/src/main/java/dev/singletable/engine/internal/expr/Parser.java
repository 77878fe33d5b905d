package dev.singletable.engine.internal.expr;

import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.expr.Ast.Action;
import dev.singletable.engine.internal.expr.Ast.Node;
import dev.singletable.engine.internal.expr.Ast.Operand;
import dev.singletable.engine.internal.expr.Problems.Category;
import dev.singletable.engine.internal.value.Sizes;
import dev.singletable.engine.model.ExpressionKind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Recursive-descent parser for every expression kind, one method per rule, no backtracking. It reads the text
 * alone: {@code #name} and {@code :value} stay placeholders, bound per request by {@link Binder}. Syntax errors
 * and limits are thrown at once; the problems the text shows (reserved words, unknown functions, redundant
 * parentheses, repeated sections) are collected in {@link Problems} and reported, in DynamoDB's order among
 * those the bound tree shows, by {@link ExpressionContext}.
 *
 * <pre>
 * condition   ::= disjunction EOF
 * disjunction ::= conjunction ( OR conjunction )*
 * conjunction ::= negation ( AND negation )*
 * negation    ::= NOT negation | predicate
 * predicate   ::= primary [ comparator primary | BETWEEN primary AND primary
 *                         | IN '(' primary ( ',' primary )* ')' ]
 * primary     ::= '(' disjunction ')' | function | path | VALUE
 * function    ::= IDENT '(' argument ( ',' argument )* ')'      -- argument: primary, or operand in updates
 *
 * update      ::= clause+ EOF
 * clause      ::= SET assignment ( ',' assignment )*  | REMOVE path ( ',' path )*
 *               | ADD path VALUE ( ',' path VALUE )*    | DELETE path VALUE ( ',' path VALUE )*
 * assignment  ::= path '=' setValue
 * setValue    ::= operand [ ( '+' | '-' ) operand ]
 * operand     ::= function | path | VALUE
 *
 * projection  ::= path ( ',' path )* EOF
 *
 * path        ::= name ( '.' name | '[' INTEGER ']' )*
 * name        ::= IDENT | NAME
 * </pre>
 * A sub-expression of a condition is parsed as a {@link Node} and only then required to be an operand or a
 * condition, which keeps the grammar free of look-ahead: {@code (a) = :v} and {@code (a = :v)} start alike.
 */
final class Parser {
    static final int MAX_EXPRESSION_BYTES = 4096;
    static final int MAX_OPERATORS = 300;
    static final int MAX_PATH_DEPTH = 32;

    private static final Set<String> CONDITION_KEYWORDS = Set.of("AND", "OR", "NOT", "BETWEEN", "IN");
    private static final Set<String> UPDATE_KEYWORDS = Set.of("SET", "REMOVE", "ADD", "DELETE");
    private static final Set<String> CONDITION_FUNCTIONS =
            Set.of("attribute_exists", "attribute_not_exists", "attribute_type", "begins_with", "contains", "size");
    private static final Set<String> UPDATE_FUNCTIONS = Set.of("if_not_exists", "list_append");

    private final String text;
    private final ExpressionKind kind;
    private final List<Token> tokens;
    private final Problems problems;
    /** Nodes already wrapped in parentheses: wrapping one again is DynamoDB's "redundant parentheses". */
    private final Set<Node> parenthesised = Collections.newSetFromMap(new IdentityHashMap<>());
    private int index;
    private int operators;
    /** Conditions (comparisons, BETWEEN, IN, functions) read so far, for the order of problems. */
    private int conditions;
    /** Open parentheses, NOTs and function calls around the current token; bounds the recursion. */
    private int depth;

    private Parser(String text, ExpressionKind kind) {
        this.text = text;
        this.kind = kind;
        this.problems = new Problems(kind);
        this.tokens = Lexer.tokenize(text);
    }

    /**
     * A tree as parsed from one text, placeholders unbound, with the problems found while parsing (reserved words,
     * unknown functions, redundant parentheses, repeated sections), which depend on the text alone. Immutable but
     * for {@code checked}, so that one parse serves every request that writes the same text: the bindings (see
     * {@link Binder#signature}) whose bound trees passed every check, which a tree bound alike passes again.
     */
    record Parsed<T>(T tree, List<Problems.Problem> problems, Set<List<String>> checked) {
        /** Bindings kept per text, at most: a client rarely writes one text with more names or value types. */
        static final int MAX_CHECKED = 16;

        Parsed(T tree, List<Problems.Problem> problems) {
            this(tree, List.copyOf(problems), ConcurrentHashMap.newKeySet());
        }

        /** Whether a tree bound with this signature (null: one that must be checked) passed the checks before. */
        boolean passed(List<String> signature) {
            return signature != null && checked.contains(signature);
        }

        /** Remembers that a tree bound with this signature passed the checks. */
        void pass(List<String> signature) {
            if (signature != null && checked.size() < MAX_CHECKED) {
                checked.add(signature);
            }
        }
    }

    /** Parses a condition, filter or key condition; a syntax error or a limit throws at once. */
    static Parsed<Ast.Cond> condition(String text, ExpressionKind kind) {
        Parser parser = start(text, kind);
        Ast.Cond cond = parser.condition();
        return parser.finish(cond);
    }

    /** Parses an update expression into its actions, in the order written. */
    static Parsed<List<Action>> update(String text) {
        Parser parser = start(text, ExpressionKind.UPDATE);
        List<Action> actions = parser.update();
        return parser.finish(List.copyOf(actions));
    }

    /** Parses a projection expression into its paths, in the order written. */
    static Parsed<List<Ast.Path>> projection(String text) {
        Parser parser = start(text, ExpressionKind.PROJECTION);
        List<Ast.Path> paths = parser.projection();
        return parser.finish(List.copyOf(paths));
    }

    private static Parser start(String text, ExpressionKind kind) {
        if (text.isEmpty()) {
            throw Problems.invalid(kind, "The expression can not be empty;");
        }
        int size = Sizes.utf8Length(text);
        if (size > MAX_EXPRESSION_BYTES) {
            throw Problems.invalid(kind,
                    "Expression size has exceeded the maximum allowed size; expression size: " + size);
        }
        Parser parser = new Parser(text, kind);
        parser.rejectInvalidCharacters();
        return parser;
    }

    /**
     * DynamoDB's lexer refuses a character outside its alphabet before parsing; its "near" is that character and
     * the one after it, unless that one is whitespace.
     */
    private void rejectInvalidCharacters() {
        for (Token token : tokens) {
            if (token.kind() == Token.Kind.INVALID) {
                int end = token.end();
                if (end < text.length() && " \t\r\n".indexOf(text.charAt(end)) < 0) {
                    end = text.offsetByCodePoints(end, 1);
                }
                throw Problems.invalid(kind, "Syntax error; token: \"" + token.text() + "\", near: \""
                        + text.substring(token.start(), end) + "\"");
            }
        }
    }

    private <T> Parsed<T> finish(T tree) {
        if (operators > MAX_OPERATORS) {
            throw Problems.invalid(kind, "The expression contains too many operators; operator count: " + operators);
        }
        return new Parsed<>(tree, problems.found());
    }

    // ---- conditions

    private Ast.Cond condition() {
        Ast.Cond cond = asCondition(disjunction());
        expect(Token.Kind.EOF);
        return cond;
    }

    private Node disjunction() {
        Node left = conjunction();
        while (peek().isKeyword("OR")) {
            Ast.Cond l = asCondition(left);
            advance();
            operators++;
            left = new Ast.Or(l, asCondition(conjunction()));
        }
        return left;
    }

    private Node conjunction() {
        Node left = negation();
        while (peek().isKeyword("AND")) {
            Ast.Cond l = asCondition(left);
            advance();
            operators++;
            left = new Ast.And(l, asCondition(negation()));
        }
        return left;
    }

    private Node negation() {
        if (peek().isKeyword("NOT")) {
            advance();
            operators++;
            descend();
            Ast.Not not = new Ast.Not(asCondition(negation()));
            depth--;
            return not;
        }
        return predicate();
    }

    private Node predicate() {
        Node left = primary();
        Ast.Comparator comparator = comparator(peek());
        if (comparator != null) {
            Operand l = asOperand(left);
            advance();
            operators++;
            return conditionRead(new Ast.Compare(comparator, l, asOperand(primary())));
        }
        if (peek().isKeyword("BETWEEN")) {
            Operand subject = asOperand(left);
            advance();
            operators++;
            Operand lower = asOperand(primary());
            if (!peek().isKeyword("AND")) {
                throw syntaxError();
            }
            advance();
            return conditionRead(new Ast.Between(subject, lower, asOperand(primary())));
        }
        if (peek().isKeyword("IN")) {
            Operand subject = asOperand(left);
            advance();
            operators++;
            expect(Token.Kind.LPAREN);
            List<Operand> candidates = new ArrayList<>();
            candidates.add(asOperand(primary()));
            while (accept(Token.Kind.COMMA)) {
                candidates.add(asOperand(primary()));
            }
            expect(Token.Kind.RPAREN);
            return conditionRead(new Ast.In(subject, candidates));
        }
        return left;
    }

    private Node primary() {
        Token token = peek();
        if (token.kind() == Token.Kind.LPAREN) {
            advance();
            descend();
            Node inner = disjunction();
            depth--;
            expect(Token.Kind.RPAREN);
            if (!parenthesised.add(inner)) {
                problems.report(Category.PARENTHESES, "The expression has redundant parentheses;");
            }
            return inner;
        }
        if (token.kind() == Token.Kind.VALUE) {
            return value();
        }
        if (token.kind() == Token.Kind.IDENT && peekAt(1).kind() == Token.Kind.LPAREN && !isKeyword(token)) {
            return function();
        }
        return path();
    }

    private static Ast.Comparator comparator(Token token) {
        return switch (token.kind()) {
            case EQ -> Ast.Comparator.EQ;
            case NE -> Ast.Comparator.NE;
            case LT -> Ast.Comparator.LT;
            case LE -> Ast.Comparator.LE;
            case GT -> Ast.Comparator.GT;
            case GE -> Ast.Comparator.GE;
            default -> null;
        };
    }

    /** A node where a condition must stand; otherwise the token after it is the syntax error. */
    private Ast.Cond asCondition(Node node) {
        if (node instanceof Ast.Call call) {
            return conditionRead(call);
        }
        if (node instanceof Ast.Cond cond) {
            return cond;
        }
        throw syntaxError();
    }

    /** Problems found from here on belong to the next condition. */
    private <T extends Ast.Cond> T conditionRead(T cond) {
        problems.atCondition(++conditions);
        return cond;
    }

    /** A node where an operand must stand; otherwise the token after it is the syntax error. */
    private Operand asOperand(Node node) {
        if (node instanceof Operand operand) {
            return operand;
        }
        throw syntaxError();
    }

    /**
     * Enters one more level of nesting. Past {@value #MAX_OPERATORS} levels an expression must have more operators
     * than allowed or doubly nested parentheses (each meaningful level adds an operator), so the parser stops
     * there, with the error DynamoDB reports, instead of recursing as deep as 4096 bytes allow.
     */
    private void descend() {
        if (++depth <= MAX_OPERATORS) {
            return;
        }
        int count = 0;
        for (int i = 0; i < tokens.size(); i++) {
            Token token = tokens.get(i);
            boolean call = token.kind() == Token.Kind.IDENT && tokens.get(Math.min(i + 1, tokens.size() - 1)).kind()
                    == Token.Kind.LPAREN;
            if (call || comparator(token) != null || token.kind() == Token.Kind.PLUS
                    || token.kind() == Token.Kind.MINUS || CONDITION_KEYWORDS.contains(upper(token))) {
                count++;
            }
        }
        throw Problems.invalid(kind, count > MAX_OPERATORS
                ? "The expression contains too many operators; operator count: " + count
                : "The expression has redundant parentheses;");
    }

    private static String upper(Token token) {
        return token.kind() == Token.Kind.IDENT ? token.text().toUpperCase(Locale.ROOT) : "";
    }

    // ---- functions, shared by conditions and updates

    private Ast.Call function() {
        Token name = advance();
        advance(); // '('
        operators++;
        boolean update = kind == ExpressionKind.UPDATE;
        if (!(update ? UPDATE_FUNCTIONS : CONDITION_FUNCTIONS).contains(name.text())
                && (update || !UPDATE_FUNCTIONS.contains(name.text()))) {
            problems.report(Category.UNKNOWN_FUNCTION, "Invalid function name; function: " + name.text());
        }
        List<Operand> args = new ArrayList<>();
        descend();
        do {
            args.add(update ? operand() : asOperand(primary()));
        } while (accept(Token.Kind.COMMA));
        depth--;
        expect(Token.Kind.RPAREN);
        return new Ast.Call(name.text(), args);
    }

    // ---- updates

    private List<Action> update() {
        List<Action> actions = new ArrayList<>();
        Set<String> sections = new LinkedHashSet<>();
        do {
            Token keyword = peek();
            String section = keyword.kind() == Token.Kind.IDENT ? keyword.text().toUpperCase(Locale.ROOT) : "";
            if (!UPDATE_KEYWORDS.contains(section)) {
                throw syntaxError();
            }
            advance();
            if (!sections.add(section)) {
                problems.report(Category.REPEATED_SECTION,
                        "The \"" + section + "\" section can only be used once in an update expression;");
            }
            do {
                actions.add(action(section));
            } while (accept(Token.Kind.COMMA));
        } while (peek().kind() != Token.Kind.EOF);
        return actions;
    }

    private Action action(String section) {
        Ast.Path path = path();
        return switch (section) {
            case "SET" -> {
                expect(Token.Kind.EQ);
                yield new Ast.SetAction(path, setValue());
            }
            case "REMOVE" -> new Ast.RemoveAction(path);
            case "ADD" -> new Ast.AddAction(path, requiredValue(), false);
            default -> new Ast.DeleteAction(path, requiredValue(), false);
        };
    }

    private Operand setValue() {
        Operand left = operand();
        Token token = peek();
        if (token.kind() == Token.Kind.PLUS || token.kind() == Token.Kind.MINUS) {
            advance();
            operators++;
            return new Ast.Arith(token.text().charAt(0), left, operand());
        }
        return left;
    }

    private Operand operand() {
        Token token = peek();
        if (token.kind() == Token.Kind.VALUE) {
            return value();
        }
        if (token.kind() == Token.Kind.IDENT && peekAt(1).kind() == Token.Kind.LPAREN && !isKeyword(token)) {
            return function();
        }
        return path();
    }

    private Ast.ValueRef requiredValue() {
        if (peek().kind() != Token.Kind.VALUE) {
            throw syntaxError();
        }
        return value();
    }

    // ---- projections

    private List<Ast.Path> projection() {
        List<Ast.Path> paths = new ArrayList<>();
        do {
            paths.add(path());
        } while (accept(Token.Kind.COMMA));
        expect(Token.Kind.EOF);
        return paths;
    }

    // ---- names, values and paths

    /** A {@code :value}, bound per request; the condition being read decides where an undefined one ranks. */
    private Ast.ValueRef value() {
        return new Ast.ValueRef(advance().text(), conditions);
    }

    private Ast.Path path() {
        Token first = peek();
        if (first.kind() != Token.Kind.IDENT && first.kind() != Token.Kind.NAME || isKeyword(first)) {
            throw syntaxError();
        }
        List<Ast.Step> steps = new ArrayList<>();
        StringBuilder written = new StringBuilder();
        steps.add(name(advance(), written));
        while (true) {
            if (accept(Token.Kind.DOT)) {
                Token token = peek();
                if (token.kind() != Token.Kind.IDENT && token.kind() != Token.Kind.NAME) {
                    throw syntaxError();
                }
                written.append('.');
                steps.add(name(advance(), written));
            } else if (accept(Token.Kind.LBRACKET)) {
                if (peek().kind() != Token.Kind.INTEGER) {
                    throw syntaxError();
                }
                Token number = advance();
                expect(Token.Kind.RBRACKET);
                written.append('[').append(number.text()).append(']');
                steps.add(new Ast.Index(listIndex(number)));
            } else {
                break;
            }
        }
        if (steps.size() > MAX_PATH_DEPTH) {
            throw Problems.invalid(kind,
                    "The document path has too many nesting levels; nesting levels: " + steps.size());
        }
        return new Ast.Path(steps, written.toString());
    }

    /** A step naming an attribute: a {@code #alias}, bound per request, or a bare name, which may not be reserved. */
    private Ast.Step name(Token token, StringBuilder written) {
        written.append(token.text());
        if (token.kind() == Token.Kind.NAME) {
            return new Ast.NameRef(token.text(), conditions);
        }
        if (ReservedWords.isReserved(token.text())) {
            problems.report(Category.RESERVED_WORD,
                    "Attribute name is a reserved keyword; reserved keyword: " + token.text());
        }
        return new Ast.Key(token.text());
    }

    private int listIndex(Token number) {
        String digits = number.text().replaceFirst("^0+(?=.)", "");
        if (digits.length() > 9) {
            throw Problems.invalid(kind, "List index is not within the allowable range; index: [" + digits + "]");
        }
        return Integer.parseInt(digits);
    }

    private boolean isKeyword(Token token) {
        String word = token.text().toUpperCase(Locale.ROOT);
        return token.kind() == Token.Kind.IDENT
                && (kind == ExpressionKind.UPDATE ? UPDATE_KEYWORDS : CONDITION_KEYWORDS).contains(word)
                && kind != ExpressionKind.PROJECTION;
    }

    // ---- tokens

    private Token peek() {
        return tokens.get(index);
    }

    private Token peekAt(int ahead) {
        return tokens.get(Math.min(index + ahead, tokens.size() - 1));
    }

    private Token advance() {
        Token token = tokens.get(index);
        if (token.kind() != Token.Kind.EOF) {
            index++;
        }
        return token;
    }

    private boolean accept(Token.Kind tokenKind) {
        if (peek().kind() == tokenKind) {
            advance();
            return true;
        }
        return false;
    }

    private void expect(Token.Kind tokenKind) {
        if (!accept(tokenKind)) {
            throw syntaxError();
        }
    }

    /**
     * A syntax error at the current token. DynamoDB shows the token and, as "near", the source from the token
     * before it to the token after it.
     */
    private DynamoException syntaxError() {
        Token token = peek();
        Token previous = index > 0 ? tokens.get(index - 1) : null;
        Token next = index + 1 < tokens.size() ? tokens.get(index + 1) : null;
        int from = previous != null ? previous.start() : token.start();
        int to;
        if (token.kind() == Token.Kind.EOF) {
            to = previous != null ? previous.end() : token.end();
        } else {
            to = next != null && next.kind() != Token.Kind.EOF ? next.end() : token.end();
        }
        return Problems.invalid(kind,
                "Syntax error; token: \"" + token.display() + "\", near: \"" + text.substring(from, to) + "\"");
    }
}

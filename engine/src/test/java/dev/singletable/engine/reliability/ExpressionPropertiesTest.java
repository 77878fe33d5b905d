package dev.singletable.engine.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.expr.ExpressionContext;
import dev.singletable.engine.internal.expr.KeySchema;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.model.ExpressionKind;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * Properties of the expression parser over expressions generated from DynamoDB's grammar: a valid
 * expression parses to the canonical form the generator predicts, and that form parses to itself; anything else
 * (random text, a valid expression with a few characters changed) is refused with a ValidationException and
 * never with another exception. Tries come from {@code jqwik.tries.default} (engine/pom.xml, raised by -Psoak).
 */
class ExpressionPropertiesTest {
    private static final Map<String, String> NAMES = Map.of("#a", "alpha", "#n", "name", "#st", "status",
            "#dot", "a.b", "#x", "x1");
    private static final Map<String, Value> VALUES = Map.ofEntries(
            Map.entry(":s", new Value.S("x")), Map.entry(":s2", new Value.S("y")),
            Map.entry(":n", Value.N.of(1)), Map.entry(":n2", Value.N.of(9)),
            Map.entry(":b", new Value.B(new byte[] {1, 2})), Map.entry(":t", new Value.S("N")),
            Map.entry(":l", new Value.L(List.of(Value.N.of(1)))),
            Map.entry(":ss", new Value.SS(Set.of("x", "y"))), Map.entry(":bool", new Value.Bool(true)));
    private static final List<String> BARE = List.of("a", "b", "c", "d1", "x_y", "Sort", "id", "email");
    private static final List<String> ALIASES = List.copyOf(NAMES.keySet());

    /** A generated expression: the text as a user might write it, the canonical form the parser must print. */
    record Gen(String text, String canonical, int precedence, boolean parenthesised, Set<String> roots) {
        static final int OR = 1;
        static final int AND = 2;
        static final int NOT = 3;
        static final int ATOM = 4;

        static Gen atom(String text, String canonical, Set<String> roots) {
            return new Gen(text, canonical, ATOM, false, roots);
        }

        /** This expression as an operand of an operator binding at least {@code precedence}. */
        String textAt(int precedence) {
            return this.precedence >= precedence ? text : "(" + text + ")";
        }

        @Override
        public String toString() {
            return text;
        }
    }

    // ---- properties -------------------------------------------------------------------------------------------

    @Property
    void should_print_a_generated_condition_in_its_predicted_canonical_form_and_reparse_it(
            @ForAll("conditions") Gen condition) {
        String canonical = context().parseCondition(condition.text(), ExpressionKind.CONDITION).canonical();

        assertThat(canonical).isEqualTo(condition.canonical());
        assertThat(context().parseCondition(canonical, ExpressionKind.FILTER).canonical()).isEqualTo(canonical);
    }

    @Property
    void should_print_a_generated_update_in_its_predicted_canonical_form_and_reparse_it(
            @ForAll("updates") Gen update) {
        String canonical = context().parseUpdate(update.text()).canonical();

        assertThat(canonical).isEqualTo(update.canonical());
        assertThat(context().parseUpdate(withoutArithmeticParentheses(canonical)).canonical()).isEqualTo(canonical);
    }

    /**
     * The canonical form of an update parenthesises {@code a + b}, which the UpdateExpression grammar has no
     * parentheses for (DynamoDB refuses {@code SET a = (b + :n)}); without them it is a valid expression again.
     */
    static String withoutArithmeticParentheses(String canonical) {
        StringBuilder out = new StringBuilder();
        java.util.Deque<Boolean> kept = new java.util.ArrayDeque<>();
        for (int i = 0; i < canonical.length(); i++) {
            char c = canonical.charAt(i);
            if (c == '(') {
                boolean call = i > 0 && (Character.isLetterOrDigit(canonical.charAt(i - 1))
                        || canonical.charAt(i - 1) == '_');
                kept.push(call);
                if (!call) {
                    continue;
                }
            } else if (c == ')' && !kept.pop()) {
                continue;
            }
            out.append(c);
        }
        return out.toString();
    }

    @Property
    void should_print_a_generated_projection_in_its_predicted_canonical_form_and_reparse_it(
            @ForAll("projections") Gen projection) {
        String canonical = context().parseProjection(projection.text()).canonical();

        assertThat(canonical).isEqualTo(projection.canonical());
        assertThat(context().parseProjection(canonical).canonical()).isEqualTo(canonical);
    }

    @Property
    void should_refuse_random_text_only_with_a_validation_exception(@ForAll("randomTexts") String text) {
        assertEveryKindRefusesOnlyWithValidation(text);
    }

    @Property
    void should_refuse_a_mutated_expression_only_with_a_validation_exception(
            @ForAll("mutatedExpressions") String text) {
        assertEveryKindRefusesOnlyWithValidation(text);
    }

    private static void assertEveryKindRefusesOnlyWithValidation(String text) {
        for (ExpressionKind kind : ExpressionKind.values()) {
            try {
                parse(kind, text);
            } catch (DynamoException e) {
                assertThat(e.type()).as("%s of %s", kind, text).isEqualTo("ValidationException");
                assertThat(e.getMessage()).as("%s of %s", kind, text).isNotBlank();
            }
            // any other throwable escapes and fails the property with the input that caused it
        }
    }

    private static void parse(ExpressionKind kind, String text) {
        ExpressionContext context = context();
        switch (kind) {
            case CONDITION, FILTER -> context.parseCondition(text, kind);
            case KEY_CONDITION -> context.parseKeyCondition(text, new KeySchema(List.of(new KeySchema.Attribute("a", "S")),
                    List.of(new KeySchema.Attribute("b", "N"))));
            case UPDATE -> context.parseUpdate(text);
            case PROJECTION -> context.parseProjection(text);
        }
    }

    private static ExpressionContext context() {
        return ExpressionContext.of(NAMES, VALUES);
    }

    // ---- generators: paths and operands -----------------------------------------------------------------------

    private static Arbitrary<String> root() {
        return Arbitraries.oneOf(Arbitraries.of(BARE), Arbitraries.of(ALIASES));
    }

    /** The attribute a path's first element stands for, to keep paths apart where DynamoDB requires it. */
    private static String resolved(String root) {
        return NAMES.getOrDefault(root, root);
    }

    private static Arbitrary<String> pathSuffix() {
        Arbitrary<String> element = Arbitraries.oneOf(
                root().map(name -> "." + name),
                Arbitraries.integers().between(0, 30).map(index -> "[" + index + "]"));
        return element.list().ofMaxSize(3).map(elements -> String.join("", elements));
    }

    /** A document path, as a one-root {@link Gen}. */
    private static Arbitrary<Gen> path() {
        return Combinators.combine(root(), pathSuffix())
                .as((root, suffix) -> Gen.atom(root + suffix, root + suffix, Set.of(resolved(root))));
    }

    private static Arbitrary<Gen> value(String... placeholders) {
        return Arbitraries.of(placeholders).map(v -> Gen.atom(v, v, Set.of()));
    }

    /** Separators between tokens: DynamoDB accepts any amount of white space. */
    private static Arbitrary<String> space() {
        return Arbitraries.of(" ", " ", " ", "  ", "\t", "\n");
    }

    private static Arbitrary<String> keyword(String word) {
        return Arbitraries.of(word, word.toLowerCase(), word.charAt(0) + word.substring(1).toLowerCase());
    }

    /** Two operands that DynamoDB accepts side by side: never the same attribute twice. */
    private static boolean distinct(Gen... operands) {
        List<String> roots = new ArrayList<>();
        for (Gen operand : operands) {
            for (String root : operand.roots()) {
                if (roots.contains(root)) {
                    return false;
                }
                roots.add(root);
            }
        }
        return true;
    }

    // ---- generators: conditions -------------------------------------------------------------------------------

    @Provide
    Arbitrary<Gen> conditions() {
        return Arbitraries.recursive(this::predicate, this::compound, 0, 4);
    }

    private Arbitrary<Gen> predicate() {
        return Arbitraries.oneOf(comparison(), between(), in(), function());
    }

    private Arbitrary<Gen> comparison() {
        Arbitrary<String> ordering = Arbitraries.of("<", "<=", ">", ">=");
        Arbitrary<String> equality = Arbitraries.of("=", "<>");
        Arbitrary<Gen> size = path().map(p -> Gen.atom("size(" + p.text() + ")", "size(" + p.canonical() + ")",
                p.roots()));
        Arbitrary<Gen> scalar = Arbitraries.oneOf(path(), size, value(":s", ":n", ":b"));
        Arbitrary<Gen> any = Arbitraries.oneOf(path(), size, value(":s", ":n", ":b", ":l", ":ss", ":bool"));
        Arbitrary<Gen> ordered = Combinators.combine(scalar, ordering, scalar, space(), space())
                .as(ExpressionPropertiesTest::compare);
        Arbitrary<Gen> equal = Combinators.combine(any, equality, any, space(), space())
                .as(ExpressionPropertiesTest::compare);
        return Arbitraries.oneOf(ordered, equal).filter(g -> g != null);
    }

    /** A comparison with a path on at least one side, never the same attribute on both (null: none). */
    private static Gen compare(Gen left, String op, Gen right, String s1, String s2) {
        if (left.roots().isEmpty() && right.roots().isEmpty() || !distinct(left, right)) {
            return null;
        }
        return Gen.atom(left.text() + s1 + op + s2 + right.text(),
                "(" + left.canonical() + " " + op + " " + right.canonical() + ")", union(left, right));
    }

    private Arbitrary<Gen> between() {
        Arbitrary<List<Gen>> bounds = Arbitraries.oneOf(
                Arbitraries.just(List.of(Gen.atom(":n", ":n", Set.of()), Gen.atom(":n2", ":n2", Set.of()))),
                Arbitraries.just(List.of(Gen.atom(":s", ":s", Set.of()), Gen.atom(":s2", ":s2", Set.of()))),
                Combinators.combine(path(), value(":n")).as(List::of));
        return Combinators.combine(path(), bounds, keyword("BETWEEN"), keyword("AND"), space())
                .as((subject, b, between, and, s) -> distinct(subject, b.get(0), b.get(1))
                        ? Gen.atom(subject.text() + s + between + " " + b.get(0).text() + " " + and + s
                                + b.get(1).text(),
                                "(" + subject.canonical() + " BETWEEN " + b.get(0).canonical() + " AND "
                                        + b.get(1).canonical() + ")", union(subject, b.get(0), b.get(1)))
                        : null)
                .filter(g -> g != null);
    }

    private Arbitrary<Gen> in() {
        Arbitrary<List<Gen>> candidates = value(":s", ":s2", ":n", ":n2", ":b", ":l", ":bool").list()
                .ofMinSize(1).ofMaxSize(6);
        return Combinators.combine(path(), keyword("IN"), candidates, space())
                .as((subject, in, list, s) -> Gen.atom(
                        subject.text() + s + in + s + "(" + joined(list, Gen::text, "," + s) + ")",
                        "(" + subject.canonical() + " IN (" + joined(list, Gen::canonical, ", ") + "))",
                        subject.roots()));
    }

    private Arbitrary<Gen> function() {
        Arbitrary<Gen> onePath = Combinators.combine(
                Arbitraries.of("attribute_exists", "attribute_not_exists"), path())
                .as((name, p) -> call(name, p));
        Arbitrary<Gen> pathAndValue = Combinators.combine(
                Arbitraries.of("begins_with", "contains"), path(), value(":s", ":b"))
                .as((name, p, v) -> call(name, p, v));
        Arbitrary<Gen> type = path().map(p -> call("attribute_type", p, Gen.atom(":t", ":t", Set.of())));
        Arbitrary<Gen> containsPath = Combinators.combine(path(), path())
                .as((p, q) -> distinct(p, q) ? call("contains", p, q) : null).filter(g -> g != null);
        return Arbitraries.oneOf(onePath, pathAndValue, type, containsPath);
    }

    private static Gen call(String name, Gen... args) {
        List<Gen> list = List.of(args);
        return Gen.atom(name + "(" + joined(list, Gen::text, ", ") + ")",
                name + "(" + joined(list, Gen::canonical, ", ") + ")", union(args));
    }

    private Arbitrary<Gen> compound(Arbitrary<Gen> inner) {
        Arbitrary<Gen> and = Combinators.combine(inner, keyword("AND"), inner, space())
                .as((l, k, r, s) -> binary(l, k, r, s, "AND", Gen.AND));
        Arbitrary<Gen> or = Combinators.combine(inner, keyword("OR"), inner, space())
                .as((l, k, r, s) -> binary(l, k, r, s, "OR", Gen.OR));
        Arbitrary<Gen> not = Combinators.combine(keyword("NOT"), inner, space())
                .as((k, c, s) -> new Gen(k + s + c.textAt(Gen.NOT), "(NOT " + c.canonical() + ")", Gen.NOT, false,
                        c.roots()));
        // one pair of parentheses around anything is allowed; a second pair right around it is not
        Arbitrary<Gen> parenthesised = inner.map(c -> c.parenthesised() ? c
                : new Gen("(" + c.text() + ")", c.canonical(), Gen.ATOM, true, c.roots()));
        return Arbitraries.oneOf(and, or, not, parenthesised);
    }

    /** A left-associative binary operator: the right operand needs parentheses at equal precedence. */
    private static Gen binary(Gen left, String keyword, Gen right, String space, String op, int precedence) {
        return new Gen(left.textAt(precedence) + space + keyword + space + right.textAt(precedence + 1),
                "(" + left.canonical() + " " + op + " " + right.canonical() + ")", precedence, false,
                union(left, right));
    }

    // ---- generators: updates and projections ------------------------------------------------------------------

    @Provide
    Arbitrary<Gen> updates() {
        Arbitrary<Gen> operand = Arbitraries.oneOf(path(), value(":s", ":n", ":l", ":bool"),
                Combinators.combine(path(), value(":n", ":s")).as((p, v) -> call("if_not_exists", p, v)),
                Combinators.combine(path(), value(":l")).as((p, v) -> call("list_append", p, v)),
                Combinators.combine(value(":l"), path()).as((v, p) -> call("list_append", v, p)));
        Arbitrary<Gen> number = Arbitraries.oneOf(path(), value(":n"),
                Combinators.combine(path(), value(":n")).as((p, v) -> call("if_not_exists", p, v)));
        Arbitrary<Gen> arithmetic = Combinators.combine(number, Arbitraries.of("+", "-"), number, space())
                .as((l, op, r, s) -> new Gen(l.text() + s + op + s + r.text(),
                        "(" + l.canonical() + " " + op + " " + r.canonical() + ")", Gen.ATOM, false, Set.of()));
        Arbitrary<Gen> set = Combinators.combine(path(), Arbitraries.oneOf(operand, arithmetic), space())
                .as((p, v, s) -> action(p, p.text() + s + "=" + s + v.text(), p.canonical() + " = " + v.canonical()));
        Arbitrary<Gen> remove = path().map(p -> action(p, p.text(), p.canonical()));
        Arbitrary<Gen> add = Combinators.combine(path(), value(":n", ":ss"))
                .as((p, v) -> action(p, p.text() + " " + v.text(), p.canonical() + " " + v.canonical()));
        Arbitrary<Gen> delete = Combinators.combine(path(), value(":ss"))
                .as((p, v) -> action(p, p.text() + " " + v.text(), p.canonical() + " " + v.canonical()));
        List<Arbitrary<Gen>> clauses = List.of(clause("SET", set), clause("REMOVE", remove), clause("ADD", add),
                clause("DELETE", delete));
        return Arbitraries.subsetOf(0, 1, 2, 3).ofMinSize(1)
                .flatMap(chosen -> Combinators.combine(chosen.stream().map(clauses::get).toList()).as(list -> list))
                .flatMap(list -> Arbitraries.shuffle(list))
                .map(ExpressionPropertiesTest::update)
                .filter(g -> g != null);
    }

    /** One action; its roots are the attribute it writes, which no other action may touch. */
    private static Gen action(Gen path, String text, String canonical) {
        return new Gen(text, canonical, Gen.ATOM, false, path.roots());
    }

    /** A clause; its precedence field carries the clause's place in the canonical order. */
    private static Arbitrary<Gen> clause(String keyword, Arbitrary<Gen> action) {
        Arbitrary<List<Gen>> actions = action.list().ofMinSize(1).ofMaxSize(3)
                .uniqueElements(a -> a.roots().iterator().next());
        return Combinators.combine(keyword(keyword), actions, space()).as((k, list, s) -> new Gen(
                k + " " + joined(list, Gen::text, "," + s), keyword + " " + joined(list, Gen::canonical, ", "),
                List.of("SET", "REMOVE", "ADD", "DELETE").indexOf(keyword), false, union(list.toArray(Gen[]::new))));
    }

    /** Clauses in the order written; the canonical form lists them SET, REMOVE, ADD, DELETE. */
    private static Gen update(List<Gen> clauses) {
        List<String> roots = new ArrayList<>();
        for (Gen clause : clauses) {
            for (String root : clause.roots()) {
                roots.add(root);
            }
        }
        if (roots.size() != roots.stream().distinct().count()) {
            return null;
        }
        String canonical = clauses.stream().sorted((x, y) -> Integer.compare(x.precedence(), y.precedence()))
                .map(Gen::canonical).collect(Collectors.joining(" "));
        return new Gen(joined(clauses, Gen::text, " "), canonical, Gen.ATOM, false, Set.copyOf(roots));
    }

    @Provide
    Arbitrary<Gen> projections() {
        return path().list().ofMinSize(1).ofMaxSize(6)
                .filter(paths -> paths.stream().map(p -> p.roots().iterator().next()).distinct().count()
                        == paths.size())
                .flatMap(paths -> space().map(s -> Gen.atom(joined(paths, Gen::text, "," + s),
                        joined(paths, Gen::canonical, ", "), Set.of())));
    }

    // ---- generators: invalid input ----------------------------------------------------------------------------

    @Provide
    Arbitrary<String> randomTexts() {
        Arbitrary<String> grammarSoup = Arbitraries.strings().withChars("abAB#:._[]()<>=,+- 019\t\"'\\")
                .ofMaxLength(60);
        Arbitrary<String> unicode = Arbitraries.strings().all().ofMaxLength(40);
        Arbitrary<String> bytes = Arbitraries.bytes().array(byte[].class).ofMaxSize(60)
                .map(b -> new String(b, StandardCharsets.UTF_8));
        // around the 4096-byte limit, where the size check and deep nesting meet
        Arbitrary<String> nearLimit = Arbitraries.strings().withChars("a(").ofMinLength(4000).ofMaxLength(4200);
        return Arbitraries.frequencyOf(Tuple.of(4, grammarSoup), Tuple.of(3, unicode), Tuple.of(3, bytes),
                Tuple.of(1, nearLimit));
    }

    @Provide
    Arbitrary<String> mutatedExpressions() {
        Arbitrary<String> valid = Arbitraries.oneOf(conditions(), updates(), projections()).map(Gen::text);
        Arbitrary<Character> replacement = Arbitraries.oneOf(
                Arbitraries.of("#:.[]()<>=,+- 0123456789aANDORNOT_\"\u0000\uD800\u00e9".toCharArray()),
                Arbitraries.chars());
        Arbitrary<Mutation> mutation = Combinators.combine(Arbitraries.of(Edit.values()),
                Arbitraries.doubles().between(0, 1), replacement).as(Mutation::new);
        return Combinators.combine(valid, mutation.list().ofMinSize(1).ofMaxSize(4)).as((text, edits) -> {
            StringBuilder out = new StringBuilder(text);
            edits.forEach(edit -> edit.apply(out));
            return out.toString();
        });
    }

    enum Edit { INSERT, DELETE, REPLACE }

    record Mutation(Edit edit, double where, char with) {
        void apply(StringBuilder text) {
            int at = (int) (where * text.length());
            switch (edit) {
                case INSERT -> text.insert(at, with);
                case DELETE -> {
                    if (at < text.length()) {
                        text.deleteCharAt(at);
                    }
                }
                case REPLACE -> {
                    if (at < text.length()) {
                        text.setCharAt(at, with);
                    }
                }
            }
        }
    }

    // ---- helpers -----------------------------------------------------------------------------------------------

    private static Set<String> union(Gen... parts) {
        return java.util.Arrays.stream(parts).flatMap(p -> p.roots().stream()).collect(Collectors.toSet());
    }

    private static String joined(List<Gen> parts, Function<Gen, String> side, String separator) {
        return parts.stream().map(side).collect(Collectors.joining(separator));
    }
}

package dev.singletable.engine.internal.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.model.ExpressionKind;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Golden files under {@code src/test/resources/expr/}: each case is an expression ({@code > text}) followed by
 * its canonical form ({@code = text}) or DynamoDB's exact error ({@code ! message}). {@code @kind} switches the
 * expression kind, {@code @schema pk:S sk:N} the key schema of key conditions; {@code #} starts a comment. All
 * cases share the names and values of {@link #names()} and {@link #values()}.
 */
class GoldenExpressionsTest {

    @TestFactory
    Stream<DynamicTest> conditions() throws IOException {
        return cases("conditions.golden");
    }

    @TestFactory
    Stream<DynamicTest> keyConditions() throws IOException {
        return cases("key-conditions.golden");
    }

    @TestFactory
    Stream<DynamicTest> updates() throws IOException {
        return cases("updates.golden");
    }

    @TestFactory
    Stream<DynamicTest> projections() throws IOException {
        return cases("projections.golden");
    }

    static Map<String, String> names() {
        Map<String, String> names = new LinkedHashMap<>();
        names.put("#a", "a");
        names.put("#b", "b");
        names.put("#n", "name");
        names.put("#st", "status");
        names.put("#pk", "pk");
        names.put("#sk", "sk");
        names.put("#dot", "a.b");
        return names;
    }

    static Map<String, Value> values() {
        Map<String, Value> values = new LinkedHashMap<>();
        values.put(":s", new Value.S("abc"));
        values.put(":s2", new Value.S("abd"));
        values.put(":e", new Value.S(""));
        values.put(":t", new Value.S("SS"));
        values.put(":x", new Value.S("X"));
        values.put(":n", Value.N.of(1));
        values.put(":n2", Value.N.of(2));
        values.put(":b", new Value.B(new byte[] {1, 2}));
        values.put(":l", new Value.L(List.of(Value.N.of(1))));
        values.put(":m", new Value.M(Map.of("k", Value.N.of(1))));
        values.put(":ss", new Value.SS(Set.of("x")));
        values.put(":ns", new Value.NS(Set.of(new Value.N(BigDecimal.ONE))));
        values.put(":bs", new Value.BS(Set.of(new Value.B(new byte[] {1}))));
        values.put(":bool", new Value.Bool(true));
        values.put(":null", Value.Null.INSTANCE);
        for (int i = 0; i < 120; i++) {
            values.put(":v" + i, Value.N.of(i));
        }
        return values;
    }

    private Stream<DynamicTest> cases(String file) throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        ExpressionKind kind = ExpressionKind.CONDITION;
        KeySchema schema = schema("pk:S sk:S");
        String input = null;
        int inputLine = 0;
        List<String> lines = read(file);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("@kind ")) {
                kind = ExpressionKind.valueOf(line.substring(6).trim());
            } else if (line.startsWith("@schema ")) {
                schema = schema(line.substring(8).trim());
            } else if (line.startsWith("> ")) {
                input = line.substring(2);
                inputLine = i + 1;
            } else if (line.startsWith("= ") || line.startsWith("! ")) {
                String expression = input;
                String expected = line.substring(2);
                boolean error = line.startsWith("!");
                Function<String, String> parse = parser(kind, schema);
                tests.add(DynamicTest.dynamicTest(file + ":" + inputLine + " " + expression,
                        () -> check(parse, expression, expected, error)));
            }
        }
        return tests.stream();
    }

    private static void check(Function<String, String> parse, String expression, String expected, boolean error) {
        if (error) {
            assertThatThrownBy(() -> parse.apply(expression))
                    .isInstanceOf(DynamoException.class)
                    .hasMessage(expected);
        } else {
            assertThat(parse.apply(expression)).isEqualTo(expected);
        }
    }

    private static Function<String, String> parser(ExpressionKind kind, KeySchema schema) {
        return text -> {
            ExpressionContext context = ExpressionContext.of(names(), values());
            return switch (kind) {
                case CONDITION, FILTER -> context.parseCondition(unescape(text), kind).canonical();
                case KEY_CONDITION -> context.parseKeyCondition(unescape(text), schema).canonical();
                case UPDATE -> context.parseUpdate(unescape(text)).canonical();
                case PROJECTION -> context.parseProjection(unescape(text)).canonical();
            };
        };
    }

    /** Lets a golden line spell what a line cannot hold: {@code \n}, and {@code \e} for the empty expression. */
    private static String unescape(String text) {
        return text.equals("\\e") ? "" : text.replace("\\n", "\n");
    }

    /** {@code pk:S sk:N}, or for a key of several attributes {@code h1:S,h2:N r1:S,r2:B}; the sort key optional. */
    private static KeySchema schema(String spec) {
        String[] sides = spec.split(" ");
        return new KeySchema(attributes(sides[0]), sides.length == 1 ? List.of() : attributes(sides[1]));
    }

    private static List<KeySchema.Attribute> attributes(String side) {
        return Arrays.stream(side.split(",")).map(a -> a.split(":"))
                .map(a -> new KeySchema.Attribute(a[0], a[1])).toList();
    }

    private static List<String> read(String file) throws IOException {
        try (InputStream in = GoldenExpressionsTest.class.getResourceAsStream("/expr/" + file)) {
            assertThat(in).as(file).isNotNull();
            List<String> lines = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n", -1)) {
                lines.add(line.startsWith("#") ? "" : line);
            }
            return lines;
        }
    }
}

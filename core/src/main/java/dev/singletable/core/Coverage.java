package dev.singletable.core;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Which declared access patterns the application's requests served during a test run, and which of its reads no
 * declared pattern has the shape of — an undeclared access pattern means the design document is out of date.
 * Recorded by a {@link CoverageRecorder}; the JUnit extension writes it as JSON at the end of a run
 * ({@link #toJson()}), and {@code singletable report} reads it back ({@link #fromJson(String)}).
 *
 * @param table      the design's table name
 * @param design     where the design was read from, e.g. {@code orders.table.yaml}
 * @param patterns   every declared pattern, in declaration order, with what served it
 * @param undeclared the application's reads that match no declared pattern, grouped by shape, in order of first
 *                   appearance
 */
public record Coverage(String table, String design, List<PatternUse> patterns, List<UndeclaredRead> undeclared) {


    /**
     * A declared pattern and the application requests that had its shape.
     *
     * @param pattern  the pattern's name
     * @param index    {@code table} or the index it reads
     * @param requests how many application requests served it
     * @param tests    the tests in which they ran, as {@code Class.method()}, in order
     */
    public record PatternUse(String pattern, String index, int requests, List<String> tests) {

        /** Validates and copies. */
        public PatternUse {
            Objects.requireNonNull(pattern, "pattern");
            Objects.requireNonNull(index, "index");
            tests = List.copyOf(tests);
        }

        /** @return whether any application request served it */
        public boolean served() {
            return requests > 0;
        }
    }

    /**
     * Application reads of one shape that no declared pattern has.
     *
     * @param operation   {@code Query}, {@code Scan}, {@code GetItem}…
     * @param index       {@code table} or the index read
     * @param shape       what the reads ask, with the varying parts of key values left out, e.g.
     *                    {@code PK = "CUSTOMER#…" AND SK > "…"}; the operation and index alone when they have no
     *                    key condition
     * @param requests    how many there were
     * @param example     the key condition (or filter) of the first, values filled in; empty when it had neither
     * @param tests       the tests in which they ran, as {@code Class.method()}, in order
     * @param nearest     the declared pattern closest in shape, if any reads the same table or index
     * @param differences how the reads differ from the nearest pattern, one phrase each
     */
    public record UndeclaredRead(String operation, String index, String shape, int requests, String example,
            List<String> tests, Optional<String> nearest, List<String> differences) {

        /** Validates and copies. */
        public UndeclaredRead {
            Objects.requireNonNull(operation, "operation");
            Objects.requireNonNull(index, "index");
            Objects.requireNonNull(shape, "shape");
            Objects.requireNonNull(example, "example");
            tests = List.copyOf(tests);
            Objects.requireNonNull(nearest, "nearest");
            differences = List.copyOf(differences);
        }
    }

    /** Validates and copies. */
    public Coverage {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(design, "design");
        patterns = List.copyOf(patterns);
        undeclared = List.copyOf(undeclared);
    }

    /** @return the patterns no application request served */
    public List<PatternUse> unserved() {
        return patterns.stream().filter(p -> !p.served()).toList();
    }

    /** @return whether every declared pattern was served and no undeclared read was made */
    public boolean complete() {
        return unserved().isEmpty() && undeclared.isEmpty();
    }

    /**
     * @return the coverage in one line, as every front end says it: {@code 5 of 6 declared patterns served by the
     *         application, 1 undeclared read}
     */
    public String summary() {
        int undeclaredReads = undeclared.size();
        return (patterns.size() - unserved().size()) + " of " + patterns.size() + " declared "
                + (patterns.size() == 1 ? "pattern" : "patterns") + " served by the application, " + undeclaredReads
                + (undeclaredReads == 1 ? " undeclared read" : " undeclared reads");
    }

    /**
     * @return the coverage as a JSON document, which {@link #fromJson(String)} reads back equal: indented as a
     *         mapper's pretty printer indents, written with the streaming generator, as the extension writes it at
     *         the end of every run and setting up a mapper there cost more than the whole document
     */
    public String toJson() {
        StringWriter out = new StringWriter();
        try (JsonGenerator json = new JsonFactory().createGenerator(out).useDefaultPrettyPrinter()) {
            json.writeStartObject();
            json.writeStringField("table", table);
            json.writeStringField("design", design);
            json.writeBooleanField("complete", complete());
            json.writeNumberField("served", patterns.size() - unserved().size());
            json.writeNumberField("declared", patterns.size());
            json.writeArrayFieldStart("patterns");
            for (PatternUse use : patterns) {
                json.writeStartObject();
                json.writeStringField("pattern", use.pattern());
                json.writeStringField("index", use.index());
                json.writeNumberField("requests", use.requests());
                strings(json, "tests", use.tests());
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeArrayFieldStart("undeclared");
            for (UndeclaredRead read : undeclared) {
                json.writeStartObject();
                json.writeStringField("operation", read.operation());
                json.writeStringField("index", read.index());
                json.writeStringField("shape", read.shape());
                json.writeNumberField("requests", read.requests());
                json.writeStringField("example", read.example());
                strings(json, "tests", read.tests());
                json.writeStringField("nearest", read.nearest().orElse(null));
                strings(json, "differences", read.differences());
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory does not fail", e);
        }
        return out.toString();
    }

    private static void strings(JsonGenerator json, String field, List<String> values) throws IOException {
        json.writeArrayFieldStart(field);
        for (String value : values) {
            json.writeString(value);
        }
        json.writeEndArray();
    }

    /**
     * @param json a document {@link #toJson()} wrote
     * @return the coverage it holds
     * @throws IllegalArgumentException naming what is missing or malformed
     */
    public static Coverage fromJson(String json) {
        JsonNode root;
        try {
            root = Reader.JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a coverage file: " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException("not a coverage file: expected a JSON object");
        }
        List<PatternUse> patterns = new ArrayList<>();
        for (JsonNode node : array(root, "patterns")) {
            patterns.add(new PatternUse(text(node, "pattern"), text(node, "index"), number(node, "requests"),
                    texts(node, "tests")));
        }
        List<UndeclaredRead> undeclared = new ArrayList<>();
        for (JsonNode node : array(root, "undeclared")) {
            JsonNode nearest = node.get("nearest");
            undeclared.add(new UndeclaredRead(text(node, "operation"), text(node, "index"), text(node, "shape"),
                    number(node, "requests"), text(node, "example"), texts(node, "tests"),
                    nearest == null || nearest.isNull() ? Optional.empty() : Optional.of(nearest.asText()),
                    texts(node, "differences")));
        }
        return new Coverage(text(root, "table"), text(root, "design"), patterns, undeclared);
    }

    private static JsonNode array(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isArray()) {
            throw new IllegalArgumentException("not a coverage file: '" + field + "' is not a list");
        }
        return value;
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual()) {
            throw new IllegalArgumentException("not a coverage file: '" + field + "' is not a text");
        }
        return value.asText();
    }

    private static int number(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.canConvertToInt()) {
            throw new IllegalArgumentException("not a coverage file: '" + field + "' is not a whole number");
        }
        return value.asInt();
    }

    private static List<String> texts(JsonNode node, String field) {
        List<String> texts = new ArrayList<>();
        for (JsonNode element : array(node, field)) {
            texts.add(element.asText());
        }
        return texts;
    }

    /** Holds the mapper {@link #fromJson} reads with, made on its first use: writing needs none. */
    private static final class Reader {
        static final ObjectMapper JSON = new ObjectMapper();
    }
}

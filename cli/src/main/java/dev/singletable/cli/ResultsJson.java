package dev.singletable.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.util.List;

/** {@code verify}'s results as one JSON document, for CI scripts. */
final class ResultsJson {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ResultsJson() {
    }

    static void write(PrintWriter out, String table, String source, List<PatternResult> results) {
        ObjectNode root = JSON.createObjectNode();
        root.put("table", table);
        root.put("design", source);
        root.put("passed", results.stream().allMatch(PatternResult::passed));
        ArrayNode patterns = root.putArray("patterns");
        for (PatternResult r : results) {
            ObjectNode row = patterns.addObject();
            row.put("pattern", r.pattern());
            ObjectNode parameters = row.putObject("parameters");
            r.parameters().forEach((name, value) -> {
                if (value.n() != null) {
                    parameters.put(name, new BigDecimal(value.n()));
                } else {
                    parameters.put(name, Values.display(value));
                }
            });
            row.put("operation", r.operation());
            row.put("index", r.index());
            row.put("keyCondition", r.keyCondition());
            row.put("itemsRead", r.itemsRead());
            row.put("itemsReturned", r.itemsReturned());
            row.put("pages", r.pages());
            row.put("readUnits", r.readUnits());
            r.expected().ifPresentOrElse(ok -> row.put("expected", ok), () -> row.putNull("expected"));
            r.expectation().ifPresent(location -> row.put("expectation", location.toString()));
            row.put("passed", r.passed());
            ArrayNode problems = row.putArray("problems");
            r.problems().forEach(problems::add);
        }
        out.println(root.toPrettyString());
    }
}

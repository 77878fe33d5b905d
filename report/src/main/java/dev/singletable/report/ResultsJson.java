package dev.singletable.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.core.PatternCheck;
import dev.singletable.core.SparseIndex;
import dev.singletable.core.Verification;
import dev.singletable.fixtures.DynamoValues;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.util.List;

/** {@code verify}'s results as one JSON document, for CI scripts. */
final class ResultsJson {
    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ResultsJson() {
    }

    /** @return the document: the verdict, to which {@link InsightJson} adds the lint and the cost */
    static ObjectNode document(String table, String source, List<SparseIndex> sparse, Verification results) {
        ObjectNode root = JSON.createObjectNode();
        root.put("table", table);
        root.put("design", source);
        root.put("passed", results.passed());
        root.put("checks", results.checks().size());
        ArrayNode sparseIndexes = root.putArray("sparseIndexes");
        sparse.forEach(index -> sparseIndexes.addObject().put("index", index.index().name())
                .put("itemsHeld", index.itemsHeld()).put("fixtureItems", index.fixtureItems()));
        ArrayNode patterns = root.putArray("patterns");
        for (PatternCheck r : results.checks()) {
            ObjectNode row = patterns.addObject();
            row.put("pattern", r.pattern().name());
            ObjectNode parameters = row.putObject("parameters");
            r.parameters().forEach((name, value) -> {
                if (value.n() != null) {
                    parameters.put(name, new BigDecimal(value.n()));
                } else {
                    parameters.put(name, DynamoValues.text(value));
                }
            });
            row.put("operation", ResultsText.operation(r));
            row.put("index", ResultsText.index(r));
            row.put("keyCondition", r.keyConditionText().orElse(""));
            row.put("itemsRead", r.itemsRead());
            row.put("itemsReturned", r.itemsReturned());
            row.put("pages", r.pages());
            row.put("readUnits", r.readUnits());
            r.expectationMet().ifPresentOrElse(ok -> row.put("expected", ok), () -> row.putNull("expected"));
            r.expectation().ifPresent(e -> row.put("expectation", e.location().toString()));
            row.put("passed", r.passed());
            ArrayNode problems = row.putArray("problems");
            r.shortfalls().forEach(p -> problems.add(p.toString()));
        }
        return root;
    }

    static void write(PrintWriter out, ObjectNode document) {
        out.println(document.toPrettyString());
    }
}

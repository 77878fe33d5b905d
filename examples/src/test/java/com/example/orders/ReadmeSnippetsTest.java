package com.example.orders;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.core.DesignLint;
import dev.singletable.core.SingleTable;
import dev.singletable.core.Verification;
import dev.singletable.junit.SingleTableTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The README shows code from these tests, region by region ({@code // tag::name[]}), so it cannot go stale. */
class ReadmeSnippetsTest {
    private static final Pattern REGION = Pattern.compile("// tag::([\\w-]+)\\[]\\n(.*?)\\n[ \\t]*// end::\\1\\[]",
            Pattern.DOTALL);

    @Test
    void everyTaggedRegionIsQuotedInTheReadmeAsItIs() throws IOException {
        String readme = Files.readString(Path.of("README.md"));

        Map<String, String> regions = regions(Path.of("src/test/java/com/example/orders"));

        assertThat(regions).containsKeys("design-test", "repository-test", "per-test-fixtures", "scan-guard",
                "design-review", "multi-attribute-index");
        regions.forEach((name, code) -> assertThat(readme).as("README snippet " + name)
                .contains("```java\n" + code + "\n```"));
    }

    @Test
    void theProjectReadmeOpensWithTheDesignTestAsItIs() throws IOException {
        String readme = Files.readString(Path.of("../README.md"));

        String designTest = regions(Path.of("src/test/java/com/example/orders")).get("design-test");

        assertThat(readme).as("the project README's first example").contains("```java\n" + designTest + "\n```");
    }

    /** The README quotes what the design lint says about the example design; this keeps the quote true. */
    @Nested
    @SingleTableTest(design = "orders.table.yaml", fixtures = "orders.fixtures.yaml")
    class TheDesignLint {
        @Test
        void saysWhatTheReadmeQuotes(SingleTable table) throws IOException {
            String readme = Files.readString(Path.of("README.md"));

            assertThat(DesignLint.of(Verification.of(table))).isNotEmpty()
                    .allSatisfy(warning -> assertThat(readme).contains(warning.kind().label() + ": "
                            + warning.message()));
        }
    }

    private static Map<String, String> regions(Path sources) throws IOException {
        Map<String, String> regions = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(sources)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                Matcher region = REGION.matcher(Files.readString(file));
                while (region.find()) {
                    regions.put(region.group(1), region.group(2).stripIndent());
                }
            }
        }
        return regions;
    }
}

package dev.singletable.assertions;

import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.singletable.assertions.internal.Describe;
import dev.singletable.core.SingleTable;
import dev.singletable.fixtures.FixtureSource;
import dev.singletable.fixtures.TableDesign;
import software.amazon.awssdk.core.exception.SdkException;

/** Designs that differ from the table they describe, for failures the orders design cannot produce. */
final class Designs {

    private Designs() {
    }

    /** @return the orders design with one more access pattern, on an index GSI2 the table was not created with */
    static TableDesign withPatternOnMissingIndex() {
        String orders = FixtureSource.ofClasspath(Designs.class, "/orders.table.yaml").read();
        String yaml = orders.replace("indexes:\n", "indexes:\n  GSI2: { partition: email, projection: KEYS_ONLY }\n")
                .replaceAll("(?s)accessPatterns:.*", """
                        accessPatterns:
                          byEmail:
                            index: GSI2
                            query: { partition: "ada@example.com" }
                        """);
        return TableDesign.parse(yaml, "orders-gsi2.table.yaml");
    }

    /** @return the orders design with only its openOrders access pattern, which takes no parameter */
    static TableDesign withOnePattern() {
        String orders = FixtureSource.ofClasspath(Designs.class, "/orders.table.yaml").read();
        return TableDesign.parse(orders.replaceAll("(?s)accessPatterns:.*", """
                accessPatterns:
                  openOrders:
                    index: GSI1
                    query: { partition: "STATUS#OPEN" }
                """), "orders-open.table.yaml");
    }

    /** @return the orders design with only a pattern that names one item by its whole key */
    static TableDesign withProfilePattern() {
        String orders = FixtureSource.ofClasspath(Designs.class, "/orders.table.yaml").read();
        return TableDesign.parse(orders.replaceAll("(?s)accessPatterns:.*", """
                accessPatterns:
                  profile:
                    query: { partition: "CUSTOMER#{customerId}", sort: { equals: PROFILE } }
                """), "orders-profile.table.yaml");
    }

    /** @return the orders design with only a pattern it declares as a Scan of the table */
    static TableDesign withScanPattern() {
        String orders = FixtureSource.ofClasspath(Designs.class, "/orders.table.yaml").read();
        return TableDesign.parse(orders.replaceAll("(?s)accessPatterns:.*", """
                accessPatterns:
                  everything:
                    description: Every item (an export)
                    scan: true
                """), "orders-scan.table.yaml");
    }

    /** @return the orders design with its order numbers padded in the sort key, which the lint finds nothing in */
    static TableDesign withPaddedOrderNumbers() {
        String orders = FixtureSource.ofClasspath(Designs.class, "/orders.table.yaml").read();
        return TableDesign.parse(orders.replace("\"ORDER#{orderId}\"", "\"ORDER#{orderId:%08d}\""),
                "orders-padded.table.yaml");
    }

    /** @return the orders design with rates: open orders by date read 100 times a second, orders written 10 */
    static TableDesign withRates() {
        String orders = FixtureSource.ofClasspath(Designs.class, "/orders.table.yaml").read();
        return TableDesign.parse(orders.replace("    GSI1SK: \"{createdAt:date}\"\n", "    GSI1SK:"
                + " \"{createdAt:date}\"\n    rate: 10/s\n").replace("    order: descending\n", "    order: descending\n"
                        + "    rate: 100/s\n"), "orders-rates.table.yaml");
    }

    /**
     * @param table a table of {@link #withPatternOnMissingIndex()}
     * @return how the engine refuses the byEmail Query, as failure messages show it
     */
    static String missingIndexError(SingleTable table) {
        return Describe.error(catchThrowableOfType(SdkException.class, () -> table.accessPattern("byEmail").run()));
    }
}

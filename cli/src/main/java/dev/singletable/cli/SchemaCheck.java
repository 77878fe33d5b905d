package dev.singletable.cli;

import dev.singletable.fixtures.IndexDesign;
import dev.singletable.fixtures.KeyAttribute;
import dev.singletable.fixtures.TableDesign;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * How an existing table's keys differ from the design's: the table's and every index's key attributes and
 * types. Items written into a table of another shape would land where no access pattern finds them.
 */
final class SchemaCheck {
    private SchemaCheck() {
    }

    /** One line per difference; empty when the table has the design's keys and indexes. */
    static List<String> differences(TableDescription table, TableDesign design) {
        Map<String, String> types = table.attributeDefinitions().stream().collect(Collectors.toMap(
                AttributeDefinition::attributeName, AttributeDefinition::attributeTypeAsString));
        List<String> differences = new ArrayList<>();
        compare("the table's key", keys(table.keySchema(), types), keys(design.partitionKey(), design.sortKey()),
                differences);
        for (IndexDesign index : design.indexes()) {
            Optional<List<KeySchemaElement>> actual = Stream.concat(
                    table.globalSecondaryIndexes().stream().filter(i -> i.indexName().equals(index.name()))
                            .map(i -> i.keySchema()),
                    table.localSecondaryIndexes().stream().filter(i -> i.indexName().equals(index.name()))
                            .map(i -> i.keySchema())).findFirst();
            if (actual.isEmpty()) {
                differences.add("index " + index.name() + ": the table has no such index");
            } else {
                compare("index " + index.name(), keys(actual.get(), types),
                        keys(index.partitionKey(), index.sortKey()), differences);
            }
        }
        return differences;
    }

    private static void compare(String what, String actual, String designed, List<String> differences) {
        if (!actual.equals(designed)) {
            differences.add(what + ": the table has " + actual + ", the design has " + designed);
        }
    }

    private static String keys(List<KeySchemaElement> schema, Map<String, String> types) {
        return Stream.of(KeyType.HASH, KeyType.RANGE)
                .flatMap(type -> schema.stream().filter(k -> k.keyType() == type))
                .map(k -> k.attributeName() + " (" + types.getOrDefault(k.attributeName(), "?") + ")")
                .collect(Collectors.joining(", "));
    }

    private static String keys(KeyAttribute partition, Optional<KeyAttribute> sort) {
        return Stream.concat(Stream.of(partition), sort.stream()).map(k -> k.name() + " (" + k.type() + ")")
                .collect(Collectors.joining(", "));
    }
}

package dev.singletable.core.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.singletable.fixtures.IndexDesign;
import dev.singletable.fixtures.KeyAttribute;
import dev.singletable.fixtures.TableDesign;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;

/**
 * A design's CreateTable request in the JSON of DynamoDB's API — the request {@link TableDesign#toCreateTableRequest}
 * builds, member for member — for the embedded engine, which takes it as text: a cold JVM spends about 100 ms
 * loading the SDK's model classes of that request, which nothing else a test does needs.
 */
public final class CreateTableJson {
    private static final JsonFactory JSON = new JsonFactory();

    private CreateTableJson() {
    }

    /**
     * @param design the design
     * @param name   the physical table name
     * @return the request: on-demand billing, the key attributes, the key schema and every index
     */
    public static String of(TableDesign design, String name) {
        StringWriter text = new StringWriter();
        try (JsonGenerator json = JSON.createGenerator(text)) {
            json.writeStartObject();
            json.writeStringField("TableName", name);
            json.writeStringField("BillingMode", "PAY_PER_REQUEST");
            json.writeArrayFieldStart("AttributeDefinitions");
            for (KeyAttribute key : design.keyAttributes()) {
                json.writeStartObject();
                json.writeStringField("AttributeName", key.name());
                json.writeStringField("AttributeType", key.type().toString());
                json.writeEndObject();
            }
            json.writeEndArray();
            keySchema(json, List.of(design.partitionKey()), design.sortKey().stream().toList());
            // DynamoDB rejects an empty index list, so absent lists stay absent.
            indexes(json, "GlobalSecondaryIndexes", design.indexes().stream().filter(IndexDesign::isGlobal).toList());
            indexes(json, "LocalSecondaryIndexes", design.indexes().stream().filter(i -> !i.isGlobal()).toList());
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("writing to a string failed", e);
        }
        return text.toString();
    }

    private static void indexes(JsonGenerator json, String member, List<IndexDesign> indexes) throws IOException {
        if (indexes.isEmpty()) {
            return;
        }
        json.writeArrayFieldStart(member);
        for (IndexDesign index : indexes) {
            json.writeStartObject();
            json.writeStringField("IndexName", index.name());
            keySchema(json, index.partitionKey(), index.sortKey());
            json.writeObjectFieldStart("Projection");
            json.writeStringField("ProjectionType", index.projection().toString());
            if (index.projection() == ProjectionType.INCLUDE) {
                json.writeArrayFieldStart("NonKeyAttributes");
                for (String attribute : index.nonKeyAttributes()) {
                    json.writeString(attribute);
                }
                json.writeEndArray();
            }
            json.writeEndObject();
            json.writeEndObject();
        }
        json.writeEndArray();
    }

    /** HASH elements for the partition key's attributes, then RANGE elements for the sort key's. */
    private static void keySchema(JsonGenerator json, List<KeyAttribute> partition, List<KeyAttribute> sort)
            throws IOException {
        json.writeArrayFieldStart("KeySchema");
        for (KeyAttribute key : partition) {
            keyElement(json, key, "HASH");
        }
        for (KeyAttribute key : sort) {
            keyElement(json, key, "RANGE");
        }
        json.writeEndArray();
    }

    private static void keyElement(JsonGenerator json, KeyAttribute key, String type) throws IOException {
        json.writeStartObject();
        json.writeStringField("AttributeName", key.name());
        json.writeStringField("KeyType", type);
        json.writeEndObject();
    }
}

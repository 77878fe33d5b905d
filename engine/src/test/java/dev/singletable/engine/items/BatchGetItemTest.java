package dev.singletable.engine.items;

import static dev.singletable.engine.AttributeValues.b;
import static dev.singletable.engine.AttributeValues.item;
import static dev.singletable.engine.AttributeValues.n;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/** BatchGetItem. */
class BatchGetItemTest extends ItemsTestBase {
    private BatchGetItemResponse batchGet(Map<String, KeysAndAttributes> requests) {
        return client.batchGetItem(b -> b.requestItems(requests));
    }

    private static KeysAndAttributes keys(List<Map<String, AttributeValue>> keys) {
        return KeysAndAttributes.builder().keys(keys).build();
    }

    @Test
    void should_answer_every_table_and_leave_missing_items_out() {
        put(SIMPLE, item("id", "a", "v", "1"));
        BatchGetItemResponse response = batchGet(Map.of(
                SIMPLE, keys(List.of(item("id", "a"), item("id", "missing"))),
                APP, keys(List.of(key("C#1", "P")))));
        assertThat(response.responses()).containsOnlyKeys(SIMPLE, APP);
        assertThat(response.responses().get(SIMPLE)).containsExactly(item("id", "a", "v", "1"));
        assertThat(response.responses().get(APP)).isEmpty();
        assertThat(response.hasUnprocessedKeys()).isTrue();
        assertThat(response.unprocessedKeys()).isEmpty();
    }

    @Test
    void should_apply_each_tables_projection() {
        put(SIMPLE, item("id", "a", "v", "1", "w", "2"));
        BatchGetItemResponse response = batchGet(Map.of(SIMPLE, KeysAndAttributes.builder().keys(item("id", "a"))
                .projectionExpression("#w").expressionAttributeNames(Map.of("#w", "w")).build()));
        assertThat(response.responses().get(SIMPLE)).containsExactly(item("w", "2"));
    }

    @Test
    void should_refuse_more_than_100_keys_in_all() {
        List<Map<String, AttributeValue>> simple = new ArrayList<>();
        List<Map<String, AttributeValue>> app = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            simple.add(item("id", "k" + i));
            app.add(key("C#1", "S" + i));
        }
        assertValidation(() -> batchGet(Map.of(SIMPLE, keys(simple), APP, keys(app))),
                "Too many items requested for the BatchGetItem call");
    }

    @Test
    void should_refuse_more_than_100_keys_for_one_table() {
        List<Map<String, AttributeValue>> many = new ArrayList<>();
        for (int i = 0; i < 101; i++) {
            many.add(item("id", "k" + i));
        }
        assertValidation(() -> batchGet(Map.of(SIMPLE, keys(many))), "1 validation error detected: Value at "
                + "'RequestItems.simple.member.Keys' failed to satisfy constraint: Member must have length less than or "
                + "equal to 100");
    }

    @Test
    void should_refuse_duplicate_keys() {
        assertValidation(() -> batchGet(Map.of(NUMBERS, keys(List.of(item("n", n("2"), "b", b(1)),
                        item("n", n("2.00"), "b", b(1)))))), "Provided list of item keys contains duplicates");
    }

    @Test
    void should_refuse_missing_request_items() {
        assertValidation(() -> client.batchGetItem(b -> b.requestItems(Map.of())),
                "The requestItems parameter is required for BatchGetItem");
    }

    @Test
    void should_refuse_a_key_that_does_not_match_the_schema() {
        assertValidation(() -> batchGet(Map.of(APP, keys(List.of(item("PK", "C#1"))))),
                "The provided key element does not match the schema");
    }

    @Test
    void should_answer_a_missing_table_with_resource_not_found() {
        assertRefused(() -> batchGet(Map.of("missing", keys(List.of(item("id", "a"))))),
                ResourceNotFoundException.class, "ResourceNotFoundException", "Requested resource not found");
    }

    @Test
    void should_return_keys_beyond_16_mb_as_unprocessed_with_their_options() {
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        for (int batch = 0; batch < 2; batch++) {
            List<WriteRequest> writes = new ArrayList<>();
            for (int i = 0; i < 25; i++) {
                String id = "big" + (batch * 25 + i);
                keys.add(item("id", id));
                writes.add(WriteRequest.builder().putRequest(PutRequest.builder()
                        .item(item("id", id, "p", "x".repeat(400_000))).build()).build());
            }
            client.batchWriteItem(b -> b.requestItems(Map.of(SIMPLE, writes)));
        }
        BatchGetItemResponse response = batchGet(Map.of(SIMPLE, KeysAndAttributes.builder().keys(keys)
                .consistentRead(true).build()));
        int returned = response.responses().get(SIMPLE).size();
        KeysAndAttributes unprocessed = response.unprocessedKeys().get(SIMPLE);
        assertThat(returned).isEqualTo(41); // 41 items of ~400 KB fit in 16 MB
        assertThat(unprocessed.keys()).hasSize(50 - returned);
        assertThat(unprocessed.consistentRead()).isTrue();
    }
}

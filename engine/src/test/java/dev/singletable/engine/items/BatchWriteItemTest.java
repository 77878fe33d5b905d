package dev.singletable.engine.items;

import static dev.singletable.engine.AttributeValues.b;
import static dev.singletable.engine.AttributeValues.item;
import static dev.singletable.engine.AttributeValues.n;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/** BatchWriteItem. */
class BatchWriteItemTest extends ItemsTestBase {
    private static WriteRequest putRequest(Map<String, AttributeValue> item) {
        return WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build();
    }

    private static WriteRequest deleteRequest(Map<String, AttributeValue> key) {
        return WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(key).build()).build();
    }

    private BatchWriteItemResponse batch(Map<String, List<WriteRequest>> requests) {
        return client.batchWriteItem(b -> b.requestItems(requests));
    }

    @Test
    void should_put_and_delete_over_several_tables_and_answer_empty_unprocessed_items() {
        put(SIMPLE, item("id", "old"));
        BatchWriteItemResponse response = batch(Map.of(
                SIMPLE, List.of(putRequest(item("id", "new")), deleteRequest(item("id", "old")),
                        deleteRequest(item("id", "never"))),
                APP, List.of(putRequest(key("C#1", "P")))));
        assertThat(response.hasUnprocessedItems()).isTrue();
        assertThat(response.unprocessedItems()).isEmpty();
        assertThat(get(SIMPLE, item("id", "new"))).isNotNull();
        assertThat(get(SIMPLE, item("id", "old"))).isNull();
        assertThat(get(APP, key("C#1", "P"))).isNotNull();
    }

    @Test
    void should_accept_25_requests_and_refuse_26_in_one_table() {
        List<WriteRequest> requests = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            requests.add(putRequest(item("id", "i" + i)));
        }
        batch(Map.of(SIMPLE, requests));
        requests.add(putRequest(item("id", "i25")));
        assertThat(validationMessage(() -> batch(Map.of(SIMPLE, requests))))
                .startsWith("1 validation error detected: Value '{simple=[com.amazonaws.dynamodb.v20120810.WriteRequest@")
                .endsWith("]}' at 'requestItems' failed to satisfy constraint: Map value must satisfy constraint: "
                        + "[Member must have length less than or equal to 25, Member must have length greater than or "
                        + "equal to 1]");
    }

    @Test
    void should_refuse_more_than_25_requests_over_several_tables() {
        Map<String, List<WriteRequest>> requests = new LinkedHashMap<>();
        List<WriteRequest> simple = new ArrayList<>();
        List<WriteRequest> app = new ArrayList<>();
        for (int i = 0; i < 13; i++) {
            simple.add(putRequest(item("id", "i" + i)));
            app.add(putRequest(key("C#1", "S" + i)));
        }
        requests.put(SIMPLE, simple);
        requests.put(APP, app);
        assertValidation(() -> batch(requests), "Too many items requested for the BatchWriteItem call");
    }

    @Test
    void should_refuse_an_empty_request_list() {
        assertValidation(() -> batch(Map.of(SIMPLE, List.of())), "1 validation error detected: Value "
                + "'{simple=[]}' at 'requestItems' failed to satisfy constraint: Map value must satisfy constraint: [Member must have length less than or equal "
                + "to 25, Member must have length greater than or equal to 1]");
    }

    @Test
    void should_refuse_missing_request_items() {
        assertValidation(() -> client.batchWriteItem(b -> b.requestItems(Map.of())),
                "The requestItems parameter is required for BatchWriteItem");
    }

    @Test
    void should_refuse_two_requests_on_one_key_compared_as_numbers() {
        assertValidation(() -> batch(Map.of(NUMBERS, List.of(putRequest(item("n", n("1"), "b", b(1))),
                        deleteRequest(item("n", n("1.0"), "b", b(1)))))),
                "Provided list of item keys contains duplicates");
    }

    @Test
    void should_accept_one_key_in_two_tables() {
        batch(Map.of(SIMPLE, List.of(putRequest(item("id", "same"))),
                APP, List.of(putRequest(item("PK", "same", "SK", "same")))));
        assertThat(get(SIMPLE, item("id", "same"))).isNotNull();
    }

    @Test
    void should_reject_the_whole_batch_for_one_bad_key() {
        assertValidation(() -> batch(Map.of(SIMPLE, List.of(putRequest(item("id", "good")),
                        putRequest(item("id", n("1")))))),
                "One or more parameter values were invalid: Type mismatch for key id expected: S actual: N");
    }

    @Test
    void should_reject_the_whole_batch_for_a_missing_table() {
        assertRefused(() -> batch(Map.of(SIMPLE, List.of(putRequest(item("id", "good"))),
                        "missing", List.of(putRequest(item("id", "x"))))),
                ResourceNotFoundException.class, "ResourceNotFoundException", "Requested resource not found");
    }

    @Test
    void should_reject_the_whole_batch_for_an_oversized_item() {
        assertValidation(() -> batch(Map.of(SIMPLE, List.of(putRequest(item("id", "good")),
                        putRequest(item("id", "big", "p", "x".repeat(409_600)))))),
                "Item size has exceeded the maximum allowed size");
    }

    @Test
    void should_report_item_collection_metrics_per_table_with_an_lsi() {
        BatchWriteItemResponse response = client.batchWriteItem(b -> b.returnItemCollectionMetrics("SIZE")
                .requestItems(Map.of(EVENTS, List.of(putRequest(item("PK", "E#1", "at", n("1")))),
                        SIMPLE, List.of(putRequest(item("id", "x"))))));
        assertThat(response.itemCollectionMetrics()).containsOnlyKeys(EVENTS);
        assertThat(response.itemCollectionMetrics().get(EVENTS).get(0).itemCollectionKey())
                .isEqualTo(item("PK", "E#1"));
    }
}

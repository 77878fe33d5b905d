package dev.singletable.engine.items;

import static dev.singletable.engine.AttributeValues.item;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/** TransactGetItems. */
class TransactGetItemsTest extends ItemsTestBase {
    private static TransactGetItem getOf(String table, Map<String, AttributeValue> key) {
        return TransactGetItem.builder().get(g -> g.tableName(table).key(key)).build();
    }

    @Test
    void should_answer_one_response_per_get_in_order() {
        put(SIMPLE, item("id", "a", "v", "1"));
        put(APP, item("PK", "C#1", "SK", "P", "w", "2"));
        TransactGetItemsResponse response = client.transactGetItems(b -> b.transactItems(
                getOf(APP, key("C#1", "P")), getOf(SIMPLE, item("id", "missing")), getOf(SIMPLE, item("id", "a"))));
        List<ItemResponse> responses = response.responses();
        assertThat(responses).hasSize(3);
        assertThat(responses.get(0).item()).isEqualTo(item("PK", "C#1", "SK", "P", "w", "2"));
        assertThat(responses.get(1).hasItem()).isFalse();
        assertThat(responses.get(2).item()).isEqualTo(item("id", "a", "v", "1"));
    }

    @Test
    void should_apply_a_projection_per_get() {
        put(SIMPLE, item("id", "a", "v", "1", "w", "2"));
        TransactGetItemsResponse response = client.transactGetItems(b -> b.transactItems(TransactGetItem.builder()
                .get(g -> g.tableName(SIMPLE).key(item("id", "a")).projectionExpression("w")).build()));
        assertThat(response.responses().get(0).item()).isEqualTo(item("w", "2"));
    }

    @Test
    void should_charge_two_read_units_per_item_split_as_reads() {
        put(SIMPLE, item("id", "a"));
        ConsumedCapacity consumed = client.transactGetItems(b -> b.returnConsumedCapacity("TOTAL").transactItems(
                getOf(SIMPLE, item("id", "a")), getOf(SIMPLE, item("id", "b")))).consumedCapacity().get(0);
        assertThat(consumed.capacityUnits()).isEqualTo(4.0);
        assertThat(consumed.readCapacityUnits()).isEqualTo(4.0);
        assertThat(consumed.writeCapacityUnits()).isNull();
    }

    @Test
    void should_cancel_with_a_validation_error_for_a_key_that_does_not_match() {
        TransactionCanceledException e = assertRefused(() -> client.transactGetItems(b -> b.transactItems(
                        getOf(SIMPLE, item("id", "a")), getOf(APP, item("PK", "C#1")))),
                TransactionCanceledException.class, "TransactionCanceledException",
                "Transaction cancelled, please refer cancellation reasons for specific reasons [None, ValidationError]");
        assertThat(e.cancellationReasons().get(1).message()).isEqualTo("The provided key element does not match the schema");
    }

    @Test
    void should_refuse_a_bad_projection_for_the_whole_request() {
        assertValidation(() -> client.transactGetItems(b -> b.transactItems(TransactGetItem.builder()
                        .get(g -> g.tableName(SIMPLE).key(item("id", "a")).projectionExpression("a,")).build())),
                "Invalid ProjectionExpression: Syntax error; token: \"<EOF>\", near: \",\"");
    }

    @Test
    void should_answer_a_missing_table_with_resource_not_found() {
        assertRefused(() -> client.transactGetItems(b -> b.transactItems(getOf("missing", item("id", "a")))),
                ResourceNotFoundException.class, "ResourceNotFoundException", "Requested resource not found");
    }

    @Test
    void should_refuse_an_empty_list_of_gets() {
        assertValidation(() -> client.transactGetItems(b -> b.transactItems(List.of())), "1 validation error "
                + "detected: Value '[]' at 'transactItems' failed to satisfy constraint: Member must have length "
                + "greater than or equal to 1");
    }
}

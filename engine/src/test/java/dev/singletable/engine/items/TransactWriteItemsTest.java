package dev.singletable.engine.items;

import static dev.singletable.engine.AttributeValues.item;
import static dev.singletable.engine.AttributeValues.n;
import static dev.singletable.engine.AttributeValues.s;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.IdempotentParameterMismatchException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/** TransactWriteItems. */
class TransactWriteItemsTest extends ItemsTestBase {
    private static TransactWriteItem put(Map<String, AttributeValue> item, String condition) {
        return TransactWriteItem.builder().put(p -> p.tableName(SIMPLE).item(item).conditionExpression(condition))
                .build();
    }

    private static TransactWriteItem check(String id, String condition) {
        return TransactWriteItem.builder().conditionCheck(c -> c.tableName(SIMPLE).key(item("id", id))
                .conditionExpression(condition).returnValuesOnConditionCheckFailure("ALL_OLD")).build();
    }

    private static TransactWriteItem delete(String id) {
        return TransactWriteItem.builder().delete(d -> d.tableName(SIMPLE).key(item("id", id))).build();
    }

    private static TransactWriteItem increment(String id) {
        return TransactWriteItem.builder().update(u -> u.tableName(SIMPLE).key(item("id", id))
                .updateExpression("ADD n :one").expressionAttributeValues(Map.of(":one", n("1")))).build();
    }

    private void transact(TransactWriteItem... items) {
        client.transactWriteItems(b -> b.transactItems(items));
    }

    private TransactionCanceledException assertCancelled(String message, TransactWriteItem... items) {
        return assertRefused(() -> transact(items), TransactionCanceledException.class,
                "TransactionCanceledException", message);
    }

    @Test
    void should_report_invalid_return_members_together() {
        assertValidation(() -> client.transactWriteItems(b -> b.transactItems(delete("a"))
                        .returnConsumedCapacity("BOGUS").returnItemCollectionMetrics("BOGUS2")),
                "2 validation errors detected: Value 'BOGUS' at 'returnConsumedCapacity' failed to satisfy constraint: "
                        + "Member must satisfy enum value set: [INDEXES, TOTAL, NONE]; Value 'BOGUS2' at "
                        + "'returnItemCollectionMetrics' failed to satisfy constraint: Member must satisfy enum value "
                        + "set: [SIZE, NONE]");
    }

    @Test
    void should_apply_every_action_together() {
        put(SIMPLE, item("id", "gone"));
        transact(put(item("id", "a"), null), delete("gone"), increment("c"), check("a2", "attribute_not_exists(id)"));
        assertThat(get(SIMPLE, item("id", "a"))).isNotNull();
        assertThat(get(SIMPLE, item("id", "gone"))).isNull();
        assertThat(get(SIMPLE, item("id", "c"))).isEqualTo(item("id", "c", "n", n("1")));
    }

    @Test
    void should_cancel_everything_with_one_reason_per_action_in_order() {
        put(SIMPLE, item("id", "taken", "v", "1"));
        TransactionCanceledException e = assertCancelled("Transaction cancelled, please refer cancellation reasons "
                        + "for specific reasons [None, ConditionalCheckFailed, None]",
                put(item("id", "a"), null), check("taken", "attribute_not_exists(id)"), increment("c"));
        List<CancellationReason> reasons = e.cancellationReasons();
        assertThat(reasons).extracting(CancellationReason::code).containsExactly("None", "ConditionalCheckFailed", "None");
        assertThat(reasons.get(0).message()).isNull();
        assertThat(reasons.get(1).message()).isEqualTo("The conditional request failed");
        assertThat(reasons.get(1).item()).isEqualTo(item("id", "taken", "v", "1"));
    }

    @Test
    void should_report_a_key_type_mismatch_as_a_validation_error_reason() {
        TransactionCanceledException e = assertCancelled("Transaction cancelled, please refer cancellation reasons "
                        + "for specific reasons [None, ValidationError]",
                put(item("id", "a"), null), put(item("id", n("1")), null));
        assertThat(e.cancellationReasons().get(1).message())
                .isEqualTo("One or more parameter values were invalid: Type mismatch for key id expected: S actual: N");
    }

    @Test
    void should_report_a_wrong_typed_index_key_as_a_validation_error_reason() {
        TransactionCanceledException e = assertCancelled("Transaction cancelled, please refer cancellation reasons "
                        + "for specific reasons [ValidationError]",
                TransactWriteItem.builder().put(p -> p.tableName(APP).item(item("PK", "C#1", "SK", "P", "score", "x")))
                        .build());
        assertThat(e.cancellationReasons().get(0).message()).isEqualTo("One or more parameter values were invalid: "
                + "Type mismatch for Index Key score Expected: N Actual: S IndexName: ByScore");
    }

    @Test
    void should_report_a_runtime_update_error_as_a_validation_error_reason() {
        put(SIMPLE, item("id", "c", "n", "text"));
        TransactionCanceledException e = assertCancelled("Transaction cancelled, please refer cancellation reasons "
                + "for specific reasons [None, ValidationError]", put(item("id", "a"), null), increment("c"));
        assertThat(e.cancellationReasons().get(1).message())
                .isEqualTo("An operand in the update expression has an incorrect data type");
    }

    @Test
    void should_refuse_an_empty_string_key_for_the_whole_request() {
        assertValidation(() -> transact(put(item("id", ""), null)), "One or more parameter values are not valid. "
                + "The AttributeValue for a key attribute cannot contain an empty string value. Key: id");
    }

    @Test
    void should_refuse_an_update_to_an_empty_index_key_for_the_whole_request() {
        assertValidation(() -> transact(put(item("id", "a"), null), TransactWriteItem.builder().update(u -> u
                        .tableName(APP).key(key("C#1", "P")).updateExpression("SET GSI1PK = :e")
                        .expressionAttributeValues(Map.of(":e", s("")))).build()),
                "One or more parameter values are not valid. The update expression attempted to update a secondary "
                        + "index key to a value that is not supported. The AttributeValue for a key attribute cannot "
                        + "contain an empty string value.");
    }

    @Test
    void should_refuse_two_actions_on_one_item() {
        assertValidation(() -> transact(put(item("id", "a"), null), increment("a")),
                "Transaction request cannot include multiple operations on one item");
    }

    @Test
    void should_refuse_an_empty_and_an_oversized_list_of_actions() {
        assertValidation(() -> client.transactWriteItems(b -> b.transactItems(List.of())), "1 validation error "
                + "detected: Value '[]' at 'transactItems' failed to satisfy constraint: Member must have length "
                + "greater than or equal to 1");
        List<TransactWriteItem> many = new ArrayList<>();
        for (int i = 0; i < 101; i++) {
            many.add(put(item("id", "i" + i), null));
        }
        assertThat(validationMessage(() -> client.transactWriteItems(b -> b.transactItems(many))))
                .startsWith("1 validation error detected: Value '[com.amazonaws.dynamodb.v20120810.TransactWriteItem@")
                .endsWith("]' at 'transactItems' failed to satisfy constraint: Member must have length less than or "
                        + "equal to 100");
    }

    @Test
    void should_refuse_a_condition_check_without_a_condition() {
        assertValidation(() -> transact(TransactWriteItem.builder().conditionCheck(c -> c.tableName(SIMPLE)
                        .key(item("id", "a"))).build()),
                "1 validation error detected: Value null at 'transactItems.1.member.conditionCheck.conditionExpression'"
                        + " failed to satisfy constraint: Member must not be null");
    }

    @Test
    void should_check_unused_values_per_action() {
        assertValidation(() -> transact(TransactWriteItem.builder().delete(d -> d.tableName(SIMPLE)
                        .key(item("id", "a")).conditionExpression("attribute_exists(id)")
                        .expressionAttributeValues(Map.of(":xyz", s("1")))).build()),
                "Value provided in ExpressionAttributeValues unused in expressions: keys: {:xyz}");
    }

    @Test
    void should_refuse_more_than_4_mb_of_items() {
        List<TransactWriteItem> big = new ArrayList<>();
        for (int i = 0; i < 11; i++) {
            big.add(put(item("id", "big" + i, "p", "x".repeat(390_000)), null));
        }
        assertValidation(() -> client.transactWriteItems(b -> b.transactItems(big)),
                "The aggregate size of the items in the transaction cannot exceed 4 MB");
        client.transactWriteItems(b -> b.transactItems(big.subList(0, 10)));
        assertThat(get(SIMPLE, item("id", "big9"))).isNotNull();
    }

    @Test
    void should_answer_a_missing_table_with_resource_not_found() {
        assertRefused(() -> transact(TransactWriteItem.builder().put(p -> p.tableName("missing")
                        .item(item("id", "a"))).build()),
                ResourceNotFoundException.class, "ResourceNotFoundException", "Requested resource not found");
    }

    @Test
    void should_not_run_a_request_twice_under_one_token() {
        client.transactWriteItems(b -> b.clientRequestToken("token-1").transactItems(increment("c")));
        client.transactWriteItems(b -> b.clientRequestToken("token-1").transactItems(increment("c")));
        assertThat(get(SIMPLE, item("id", "c")).get("n")).isEqualTo(n("1"));
    }

    @Test
    void should_refuse_another_request_under_a_used_token() {
        client.transactWriteItems(b -> b.clientRequestToken("token-1").transactItems(increment("c")));
        assertRefused(() -> client.transactWriteItems(b -> b.clientRequestToken("token-1")
                        .transactItems(increment("d"))),
                IdempotentParameterMismatchException.class, "IdempotentParameterMismatchException",
                "DynamoDB rejected the request because you retried a request with a different payload but with an "
                        + "idempotent token that was already used.");
    }

    @Test
    void should_run_a_request_again_once_its_token_is_ten_minutes_old() {
        client.transactWriteItems(b -> b.clientRequestToken("token-1").transactItems(increment("c")));
        engine.clock().advance(Duration.ofMinutes(10));
        client.transactWriteItems(b -> b.clientRequestToken("token-1").transactItems(increment("c")));
        assertThat(get(SIMPLE, item("id", "c")).get("n")).isEqualTo(n("2"));
    }

    @Test
    void should_refuse_a_token_longer_than_36_characters() {
        String token = "t".repeat(37);
        assertValidation(() -> client.transactWriteItems(b -> b.clientRequestToken(token)
                        .transactItems(increment("c"))), "1 validation error detected: Value '" + token
                        + "' at 'clientRequestToken' failed to satisfy constraint: Member must have length less than "
                        + "or equal to 36");
    }
}

package dev.singletable.engine.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.singletable.engine.EngineTest;
import dev.singletable.engine.model.Fault;
import dev.singletable.engine.model.Operation;
import dev.singletable.engine.model.RequestLogEntry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.RequestLimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingException;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingReason;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

class FaultInjectionTest extends EngineTest {

    @BeforeEach
    void start() {
        Tables.createOrders(client, "app");
    }

    @Test
    void should_let_the_sdk_retry_a_throttled_request_until_the_fault_is_spent() {
        engine.faults().on("PutItem").onTable("app").times(2).respondWith(Fault.THROTTLING);

        client.putItem(b -> b.tableName("app").item(Tables.item("CUSTOMER#1", "PROFILE")));

        List<RequestLogEntry> puts = engine.requestLog().entries(e -> e.operation() == Operation.PUT_ITEM);
        assertThat(puts).extracting(e -> e.errorType().orElse("ok"))
                .containsExactly("ThrottlingException", "ThrottlingException", "ok");
        assertThat(client.getItem(b -> b.tableName("app").key(Tables.key("CUSTOMER#1", "PROFILE"))).hasItem()).isTrue();
    }

    @Test
    void should_fail_with_the_typed_exception_once_retries_are_exhausted() {
        DynamoDbClient noRetries = noRetryClient();
        engine.faults().on("GetItem").respondWith(Fault.PROVISIONED_THROUGHPUT_EXCEEDED);

        assertThatThrownBy(() -> noRetries.getItem(b -> b.tableName("app").key(Tables.key("CUSTOMER#1", "PROFILE"))))
                .isInstanceOf(ProvisionedThroughputExceededException.class)
                .satisfies(e -> assertThat(((DynamoDbException) e).awsErrorDetails().errorMessage()).isEqualTo(
                        "The level of configured provisioned throughput for the table was exceeded. "
                                + "Consider increasing your provisioning level with the UpdateTable API."));
    }

    @Test
    void should_say_why_and_what_was_throttled_in_throttling_reasons() {
        DynamoDbClient noRetries = noRetryClient();
        engine.faults().on("GetItem").times(1).respondWith(Fault.PROVISIONED_THROUGHPUT_EXCEEDED);
        engine.faults().on("PutItem").times(1).respondWith(Fault.REQUEST_LIMIT_EXCEEDED);
        engine.faults().on("Query").times(1).respondWith(Fault.THROTTLING);
        String table = "arn:aws:dynamodb:us-east-1:000000000000:table/app";

        assertThatThrownBy(() -> noRetries.getItem(b -> b.tableName("app").key(Tables.key("CUSTOMER#1", "PROFILE"))))
                .isInstanceOfSatisfying(ProvisionedThroughputExceededException.class, e -> assertThat(e.throttlingReasons())
                        .containsExactly(reason("TableReadProvisionedThroughputExceeded", table)));
        assertThatThrownBy(() -> noRetries.putItem(b -> b.tableName("app").item(Tables.item("CUSTOMER#1", "A"))))
                .isInstanceOfSatisfying(RequestLimitExceededException.class, e -> assertThat(e.throttlingReasons())
                        .containsExactly(reason("TableWriteAccountLimitExceeded", table)));
        assertThatThrownBy(() -> noRetries.query(b -> b.tableName("app").indexName("GSI1")
                .keyConditionExpression("GSI1PK = :p").expressionAttributeValues(Map.of(":p", AttributeValue.fromS("x")))))
                .isInstanceOfSatisfying(ThrottlingException.class, e -> assertThat(e.throttlingReasons())
                        .containsExactly(reason("IndexReadMaxOnDemandThroughputExceeded", table + "/index/GSI1")));
    }

    private static ThrottlingReason reason(String reason, String resource) {
        return ThrottlingReason.builder().reason(reason).resource(resource).build();
    }

    @Test
    void should_fail_only_the_nth_call_of_an_operation() {
        engine.faults().on("PutItem").afterCalls(1).times(1).respondWith(Fault.TRANSACTION_CONFLICT);
        client.putItem(b -> b.tableName("app").item(Tables.item("CUSTOMER#1", "A")));

        DynamoDbClient noRetries = noRetryClient();
        assertThatThrownBy(() -> noRetries.putItem(b -> b.tableName("app").item(Tables.item("CUSTOMER#1", "B"))))
                .isInstanceOf(TransactionConflictException.class);
        noRetries.putItem(b -> b.tableName("app").item(Tables.item("CUSTOMER#1", "C")));

        assertThat(client.query(b -> b.tableName("app").keyConditionExpression("PK = :p")
                .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("CUSTOMER#1")))).count()).isEqualTo(2);
    }

    @Test
    void should_cancel_a_transaction_with_a_conflict_reason_and_write_nothing() {
        engine.faults().on("TransactWriteItems").respondWith(Fault.TRANSACTION_CONFLICT);

        assertThatThrownBy(() -> noRetryClient().transactWriteItems(b -> b.transactItems(
                t -> t.put(p -> p.tableName("app").item(Tables.item("CUSTOMER#1", "A"))),
                t -> t.put(p -> p.tableName("app").item(Tables.item("CUSTOMER#2", "A"))))))
                .isInstanceOfSatisfying(TransactionCanceledException.class, e -> {
                    assertThat(e.cancellationReasons()).extracting(r -> r.code())
                            .containsExactly("TransactionConflict", "None");
                    assertThat(e.awsErrorDetails().errorMessage()).isEqualTo(
                            "Transaction cancelled, please refer cancellation reasons for specific reasons "
                                    + "[TransactionConflict, None]");
                });
        assertThat(client.scan(b -> b.tableName("app")).count()).isZero();
    }

    @Test
    void should_return_every_batch_write_as_unprocessed_and_write_nothing() {
        engine.faults().on("BatchWriteItem").times(1).respondWith(Fault.UNPROCESSED);
        WriteRequest put = WriteRequest.builder().putRequest(PutRequest.builder()
                .item(Tables.item("CUSTOMER#1", "A")).build()).build();

        BatchWriteItemResponse first = client.batchWriteItem(b -> b.requestItems(Map.of("app", List.of(put))));
        assertThat(first.unprocessedItems()).containsOnlyKeys("app");
        assertThat(client.scan(b -> b.tableName("app")).count()).isZero();

        BatchWriteItemResponse retry = client.batchWriteItem(b -> b.requestItems(first.unprocessedItems()));
        assertThat(retry.unprocessedItems()).isEmpty();
        assertThat(client.scan(b -> b.tableName("app")).count()).isEqualTo(1);
    }

    @Test
    void should_answer_an_internal_error_with_status_500_and_forget_the_rule_when_cleared() {
        engine.faults().onAnyOperation().onTable("app").respondWith(Fault.INTERNAL_ERROR);
        assertThatThrownBy(() -> noRetryClient().getItem(b -> b.tableName("app").key(Tables.key("A", "B"))))
                .isInstanceOfSatisfying(DynamoDbException.class, e -> assertThat(e.statusCode()).isEqualTo(500));

        engine.faults().clear();
        assertThat(client.getItem(b -> b.tableName("app").key(Tables.key("A", "B"))).hasItem()).isFalse();
    }

    @Test
    void should_forget_the_rules_of_one_table_and_keep_the_others_when_that_table_is_cleared() {
        Tables.createOrders(client, "other");
        engine.faults().on("GetItem").onTable("app").respondWith(Fault.INTERNAL_ERROR);
        engine.faults().on("GetItem").onTable("other").respondWith(Fault.INTERNAL_ERROR);

        engine.faults().clear("app");

        assertThat(client.getItem(b -> b.tableName("app").key(Tables.key("A", "B"))).hasItem()).isFalse();
        assertThatThrownBy(() -> noRetryClient().getItem(b -> b.tableName("other").key(Tables.key("A", "B"))))
                .isInstanceOfSatisfying(DynamoDbException.class, e -> assertThat(e.statusCode()).isEqualTo(500));
    }

    private DynamoDbClient noRetryClient() {
        return transport.clientBuilder(engine).overrideConfiguration(c -> c.retryStrategy(r -> r.maxAttempts(1))).build();
    }
}

package dev.singletable.engine.items;

import static dev.singletable.engine.AttributeValues.item;
import static dev.singletable.engine.AttributeValues.n;
import static dev.singletable.engine.AttributeValues.s;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/** Secondary index keys on writes. */
class IndexKeysTest extends ItemsTestBase {
    private List<Map<String, AttributeValue>> queryGsi1(String partition) {
        return client.query(b -> b.tableName(APP).indexName("GSI1").keyConditionExpression("GSI1PK = :p")
                .expressionAttributeValues(Map.of(":p", s(partition)))).items();
    }

    @Test
    void should_leave_items_without_the_index_key_out_of_the_index() {
        put(APP, item("PK", "C#1", "SK", "O#1", "GSI1PK", "OPEN", "GSI1SK", "2026-01-05"));
        put(APP, item("PK", "C#1", "SK", "O#2", "GSI1PK", "OPEN"));
        assertThat(queryGsi1("OPEN")).extracting(i -> i.get("SK").s()).containsExactly("O#1");
    }

    @Test
    void should_index_many_items_under_one_index_key() {
        put(APP, item("PK", "C#1", "SK", "O#1", "GSI1PK", "OPEN", "GSI1SK", "same"));
        put(APP, item("PK", "C#2", "SK", "O#1", "GSI1PK", "OPEN", "GSI1SK", "same"));
        assertThat(queryGsi1("OPEN")).hasSize(2);
    }

    @Test
    void should_move_an_item_in_the_index_when_its_index_key_is_updated() {
        put(APP, item("PK", "C#1", "SK", "O#1", "GSI1PK", "OPEN", "GSI1SK", "1"));
        client.updateItem(b -> b.tableName(APP).key(key("C#1", "O#1")).updateExpression("SET GSI1PK = :s")
                .expressionAttributeValues(Map.of(":s", s("SHIPPED"))));
        assertThat(queryGsi1("OPEN")).isEmpty();
        assertThat(queryGsi1("SHIPPED")).hasSize(1);
    }

    @Test
    void should_keep_the_index_in_step_when_a_rewrite_keeps_changes_adds_or_drops_the_index_key() {
        put(APP, item("PK", "C#1", "SK", "O#1", "GSI1PK", "OPEN", "GSI1SK", "1", "score", n("1.50"), "note", "a"));
        ConsumedCapacity kept = client.putItem(b -> b.tableName(APP).returnConsumedCapacity("INDEXES")
                .item(item("PK", "C#1", "SK", "O#1", "GSI1PK", "OPEN", "GSI1SK", "1", "score", n("1.5"), "note", "b")))
                .consumedCapacity();
        assertThat(queryGsi1("OPEN")).extracting(i -> i.get("note").s()).containsExactly("b");
        assertThat(scores("1.5")).containsExactly("O#1");
        assertThat(kept.globalSecondaryIndexes()).as("the entry changed in GSI1, not in ByScore (1.50 is 1.5)")
                .containsOnlyKeys("GSI1");

        client.updateItem(b -> b.tableName(APP).key(key("C#1", "O#1")).updateExpression("SET note = :n")
                .expressionAttributeValues(Map.of(":n", s("c"))));
        assertThat(queryGsi1("OPEN")).extracting(i -> i.get("note").s()).containsExactly("c");

        put(APP, item("PK", "C#1", "SK", "O#1", "GSI1PK", "OPEN", "GSI1SK", "2", "score", n("2")));
        assertThat(queryGsi1("OPEN")).extracting(i -> i.get("GSI1SK").s()).containsExactly("2");
        assertThat(scores("1.5")).isEmpty();
        assertThat(scores("2")).containsExactly("O#1");

        put(APP, item("PK", "C#1", "SK", "O#1", "GSI1PK", "OPEN"));
        assertThat(queryGsi1("OPEN")).isEmpty();
        assertThat(scores("2")).isEmpty();
        put(APP, item("PK", "C#1", "SK", "O#1", "GSI1PK", "OPEN", "note", "still out"));
        assertThat(queryGsi1("OPEN")).isEmpty();

        client.updateItem(b -> b.tableName(APP).key(key("C#1", "O#1")).updateExpression("SET GSI1SK = :k, score = :s")
                .expressionAttributeValues(Map.of(":k", s("3"), ":s", n("3"))));
        assertThat(queryGsi1("OPEN")).extracting(i -> i.get("GSI1SK").s()).containsExactly("3");
        assertThat(scores("3")).containsExactly("O#1");
        client.updateItem(b -> b.tableName(APP).key(key("C#1", "O#1")).updateExpression("REMOVE GSI1PK"));
        assertThat(queryGsi1("OPEN")).isEmpty();
        assertThat(scores("3")).containsExactly("O#1");
    }

    private List<String> scores(String score) {
        return client.query(b -> b.tableName(APP).indexName("ByScore").keyConditionExpression("score = :s")
                .expressionAttributeValues(Map.of(":s", n(score)))).items().stream().map(i -> i.get("SK").s()).toList();
    }

    @Test
    void should_refuse_a_put_with_an_index_key_of_the_wrong_type() {
        assertValidation(() -> put(APP, item("PK", "C#1", "SK", "P", "GSI1PK", n("1"))), "One or more parameter "
                + "values were invalid: Type mismatch for Index Key GSI1PK Expected: S Actual: N IndexName: GSI1");
    }

    @Test
    void should_refuse_a_null_index_key() {
        assertValidation(() -> put(APP, item("PK", "C#1", "SK", "P", "score", AttributeValue.fromNul(true))),
                "One or more parameter values were invalid: Type mismatch for Index Key score Expected: N Actual: NULL "
                        + "IndexName: ByScore");
    }

    @Test
    void should_name_the_alphabetically_first_index_sharing_the_attribute() {
        assertValidation(() -> put(APP, item("PK", "C#1", "SK", "P", "owner", n("1"))), "One or more parameter "
                + "values were invalid: Type mismatch for Index Key owner Expected: S Actual: N IndexName: AlsoByOwner");
    }

    @Test
    void should_refuse_an_update_giving_an_index_key_the_wrong_type() {
        put(APP, item("PK", "C#1", "SK", "P"));
        assertValidation(() -> client.updateItem(b -> b.tableName(APP).key(key("C#1", "P"))
                        .updateExpression("SET score = :s").expressionAttributeValues(Map.of(":s", s("high")))),
                "One or more parameter values were invalid: Type mismatch for Index Key score Expected: N Actual: S "
                        + "IndexName: ByScore");
    }

    @Test
    void should_refuse_a_put_with_an_empty_index_key() {
        assertValidation(() -> put(APP, item("PK", "C#1", "SK", "P", "GSI1PK", "")), "One or more parameter values "
                + "are not valid. A value specified for a secondary index key is not supported. The AttributeValue for "
                + "a key attribute cannot contain an empty string value. IndexName: GSI1, IndexKey: GSI1PK");
    }

    @Test
    void should_refuse_an_update_to_an_empty_index_key_with_the_update_wording() {
        put(APP, item("PK", "C#1", "SK", "P"));
        assertValidation(() -> client.updateItem(b -> b.tableName(APP).key(key("C#1", "P"))
                        .updateExpression("SET GSI1SK = :e").expressionAttributeValues(Map.of(":e", s("")))),
                "One or more parameter values are not valid. The update expression attempted to update a secondary "
                        + "index key to a value that is not supported. The AttributeValue for a key attribute cannot "
                        + "contain an empty string value.");
    }

    @Test
    void should_refuse_an_oversized_index_sort_key() {
        assertValidation(() -> put(APP, item("PK", "C#1", "SK", "P", "GSI1PK", "g", "GSI1SK", "s".repeat(1025))),
                "One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size "
                        + "limit of 1024 bytes");
    }

    @Test
    void should_reject_the_whole_batch_for_one_bad_index_key() {
        assertValidation(() -> client.batchWriteItem(b -> b.requestItems(Map.of(APP, List.of(
                        WriteRequest.builder().putRequest(PutRequest.builder().item(key("C#1", "A")).build()).build(),
                        WriteRequest.builder().putRequest(PutRequest.builder()
                                .item(item("PK", "C#1", "SK", "B", "score", s("x"))).build()).build())))),
                "One or more parameter values were invalid: Type mismatch for Index Key score Expected: N Actual: S "
                        + "IndexName: ByScore");
    }

    @Test
    void should_accept_an_lsi_sort_key_and_refuse_the_wrong_type() {
        put(EVENTS, item("PK", "E#1", "at", n("1"), "kind", "click"));
        assertValidation(() -> put(EVENTS, item("PK", "E#1", "at", n("2"), "kind", n("3"))), "One or more parameter "
                + "values were invalid: Type mismatch for Index Key kind Expected: S Actual: N IndexName: ByKind");
    }
}

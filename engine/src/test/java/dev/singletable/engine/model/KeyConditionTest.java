package dev.singletable.engine.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The typed key condition and operation the request log hands out. */
class KeyConditionTest {

    private static AttributeCondition eq(String attribute, String value) {
        return new AttributeCondition(attribute, KeyOperator.EQ, List.of(AttributeValue.fromS(value)));
    }

    @Test
    void should_hold_a_key_of_several_attributes_with_the_range_on_the_last_sort_attribute() {
        AttributeCondition range = new AttributeCondition("created", KeyOperator.BETWEEN,
                List.of(AttributeValue.fromS("2026-01-01"), AttributeValue.fromS("2026-02-01")));
        KeyCondition condition = new KeyCondition(List.of(eq("tenant", "t1"), eq("region", "eu")),
                List.of(eq("status", "OPEN"), range));

        assertThat(condition.partitionAttribute()).isEqualTo("tenant");
        assertThat(condition.partitionValue()).isEqualTo(AttributeValue.fromS("t1"));
        assertThat(condition.sortCondition()).contains(range);
        assertThat(range.operand()).isEqualTo(AttributeValue.fromS("2026-01-01"));
    }

    @Test
    void should_have_no_sort_condition_when_it_reads_whole_partitions() {
        assertThat(KeyCondition.of(eq("PK", "A"), null).sortCondition()).isEmpty();
    }

    @Test
    void should_refuse_a_partition_key_compared_otherwise_than_by_equality() {
        AttributeCondition greater = new AttributeCondition("PK", KeyOperator.GT, List.of(AttributeValue.fromS("A")));

        assertThatThrownBy(() -> KeyCondition.of(greater, null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a partition key is compared with =, not GT");
        assertThatThrownBy(() -> new KeyCondition(List.of(), List.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a key condition names the partition key");
    }

    @Test
    void should_refuse_operands_the_operator_does_not_take() {
        assertThatThrownBy(() -> new AttributeCondition("SK", KeyOperator.BETWEEN, List.of(AttributeValue.fromS("A"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("BETWEEN takes 2 operand(s), got 1");
    }

    @Test
    void should_name_operations_as_the_wire_does_and_anything_else_unknown() {
        assertThat(Operation.ofWireName("TransactWriteItems")).isEqualTo(Operation.TRANSACT_WRITE_ITEMS);
        assertThat(Operation.ofWireName("GetRecords").isStreamsApi()).isTrue();
        assertThat(Operation.ofWireName("Query").isStreamsApi()).isFalse();
        assertThat(Operation.ofWireName("CreateBackup")).isEqualTo(Operation.UNKNOWN);
        assertThat(Operation.ofWireName("Unknown")).isEqualTo(Operation.UNKNOWN);
        assertThat(Operation.ofWireName(null)).isEqualTo(Operation.UNKNOWN);
    }
}

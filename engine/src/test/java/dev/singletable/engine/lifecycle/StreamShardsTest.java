package dev.singletable.engine.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.singletable.engine.EngineTest;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamDescription;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/** DescribeStream's shard paging and filter, and how the Streams API tells a malformed ARN from an unknown one. */
class StreamShardsTest extends EngineTest {
    /** Well formed, but no table has it. */
    static final String UNKNOWN_ARN = "arn:aws:dynamodb:us-east-1:000000000000:table/missing/stream/2026-03-01T10:00:00.000";
    static final String MALFORMED_ARN = "sdfadfsdfnlfkajakfgjalksfgklasjklasdjfklasdfasdfgasf";
    static final String UNKNOWN_SHARD = "shardId-00000000000000000001-00000001";

    DynamoDbStreamsClient streams;
    String arn;
    String shard;

    @BeforeEach
    void streamTable() {
        streams = transport.streamsClient(engine);
        Tables.createWithStream(client, "app", StreamViewType.KEYS_ONLY);
        arn = streams.listStreams(b -> b.tableName("app")).streams().get(0).streamArn();
        shard = streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards().get(0).shardId();
    }

    @Test
    void should_page_the_shards_and_return_none_after_the_last() {
        StreamDescription first = streams.describeStream(b -> b.streamArn(arn).limit(1)).streamDescription();
        StreamDescription afterLast = streams.describeStream(b -> b.streamArn(arn).exclusiveStartShardId(shard))
                .streamDescription();
        StreamDescription afterUnknown = streams.describeStream(b -> b.streamArn(arn)
                .exclusiveStartShardId("shardId-99999999999999999999-ffffffff")).streamDescription();

        assertThat(first.shards()).extracting(s -> s.shardId()).containsExactly(shard);
        assertThat(first.lastEvaluatedShardId()).isNull();
        assertThat(afterLast.shards()).isEmpty();
        assertThat(afterLast.lastEvaluatedShardId()).isNull();
        assertThat(afterUnknown.shards()).isEmpty();
    }

    @Test
    void should_refuse_a_limit_below_one_and_a_start_shard_id_of_the_wrong_length() {
        assertValidation("1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: "
                + "Member must have value greater than or equal to 1",
                () -> streams.describeStream(b -> b.streamArn(arn).limit(0)));
        assertValidation("1 validation error detected: Value 'shardId-1' at 'exclusiveStartShardId' failed to satisfy "
                + "constraint: Member must have length greater than or equal to 28",
                () -> streams.describeStream(b -> b.streamArn(arn).exclusiveStartShardId("shardId-1")));
    }

    @Test
    void should_list_no_children_of_a_shard_that_never_split() {
        StreamDescription children = streams.describeStream(b -> b.streamArn(arn)
                .shardFilter(f -> f.type("CHILD_SHARDS").shardId(shard))).streamDescription();

        assertThat(children.shards()).isEmpty();
        assertThat(children.streamArn()).isEqualTo(arn);
        assertNotFound("Requested resource not found: Shard does not exist", () -> streams.describeStream(b -> b
                .streamArn(arn).shardFilter(f -> f.type("CHILD_SHARDS").shardId(UNKNOWN_SHARD))));
    }

    @Test
    void should_refuse_a_shard_filter_without_a_valid_type_or_a_shard_id() {
        assertValidation("1 validation error detected: Value 'PARENT_SHARDS' at 'shardFilter.type' failed to satisfy "
                + "constraint: Member must satisfy enum value set: [CHILD_SHARDS]",
                () -> streams.describeStream(b -> b.streamArn(arn).shardFilter(f -> f.type("PARENT_SHARDS").shardId(shard))));
        assertValidation("1 validation error detected: Value null at 'shardFilter.type' failed to satisfy constraint: "
                + "Member must not be null",
                () -> streams.describeStream(b -> b.streamArn(arn).shardFilter(f -> f.shardId(shard))));
        assertValidation("1 validation error detected: Value null at 'shardFilter.shardId' failed to satisfy "
                + "constraint: Member must not be null",
                () -> streams.describeStream(b -> b.streamArn(arn).shardFilter(f -> f.type("CHILD_SHARDS"))));
        assertValidation("2 validation errors detected: Value null at 'shardFilter.type' failed to satisfy constraint: "
                + "Member must not be null; Value null at 'shardFilter.shardId' failed to satisfy constraint: "
                + "Member must not be null",
                () -> streams.describeStream(b -> b.streamArn(arn).shardFilter(f -> { })));
    }

    @Test
    void should_refuse_a_malformed_stream_arn_as_invalid() {
        assertValidation("Invalid StreamArn", () -> streams.describeStream(b -> b.streamArn(MALFORMED_ARN)));
        assertValidation("Invalid StreamArn", () -> streams.getShardIterator(b -> b.streamArn(MALFORMED_ARN)
                .shardId(shard).shardIteratorType(ShardIteratorType.LATEST)));
        assertValidation("Invalid StreamArn", () -> streams.listStreams(b -> b.exclusiveStartStreamArn(MALFORMED_ARN)));
        assertValidation("Invalid StreamArn", () -> streams.describeStream(b -> b.streamArn(arn.replace("/stream/", "/s/"))));
        assertValidation("1 validation error detected: Value 'arn:aws:dynamodb' at 'streamArn' failed to satisfy "
                + "constraint: Member must have length greater than or equal to 37",
                () -> streams.describeStream(b -> b.streamArn("arn:aws:dynamodb")));
    }

    @Test
    void should_refuse_a_well_formed_arn_of_a_stream_that_does_not_exist_as_not_found() {
        String message = "Requested resource not found: Stream: " + UNKNOWN_ARN + " not found";

        assertNotFound(message, () -> streams.describeStream(b -> b.streamArn(UNKNOWN_ARN)));
        assertNotFound(message, () -> streams.getShardIterator(b -> b.streamArn(UNKNOWN_ARN).shardId(shard)
                .shardIteratorType(ShardIteratorType.LATEST)));
        assertNotFound(message, () -> streams.listStreams(b -> b.exclusiveStartStreamArn(UNKNOWN_ARN)));
    }

    @Test
    void should_page_streams_after_one_that_exists() {
        assertThat(streams.listStreams(b -> b.exclusiveStartStreamArn(arn)).streams()).isEmpty();
    }

    private static void assertValidation(String message, ThrowingCallable call) {
        DynamoDbException error = catchThrowableOfType(DynamoDbException.class, call);
        assertThat(error).as("expected a ValidationException").isNotNull();
        assertThat(error.awsErrorDetails().errorCode()).isEqualTo("ValidationException");
        assertThat(error.awsErrorDetails().errorMessage()).isEqualTo(message);
    }

    private static void assertNotFound(String message, ThrowingCallable call) {
        ResourceNotFoundException error = catchThrowableOfType(ResourceNotFoundException.class, call);
        assertThat(error).as("expected a ResourceNotFoundException").isNotNull();
        assertThat(error.awsErrorDetails().errorMessage()).isEqualTo(message);
    }
}

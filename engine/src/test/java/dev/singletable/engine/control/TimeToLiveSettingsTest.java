package dev.singletable.engine.control;

import static dev.singletable.engine.control.ControlAssertions.assertError;
import static dev.singletable.engine.control.ControlAssertions.assertValidation;
import static dev.singletable.engine.control.ControlAssertions.singleTable;
import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.EngineTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveSpecification;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/** UpdateTimeToLive and DescribeTimeToLive; expiry itself is covered by the lifecycle tests. */
class TimeToLiveSettingsTest extends EngineTest {

    @BeforeEach
    void start() {
        client.createTable(singleTable("app").build());
    }

    private TimeToLiveSpecification update(boolean enabled, String attribute) {
        return client.updateTimeToLive(r -> r.tableName("app")
                .timeToLiveSpecification(t -> t.enabled(enabled).attributeName(attribute))).timeToLiveSpecification();
    }

    private TimeToLiveDescription describe() {
        return client.describeTimeToLive(r -> r.tableName("app")).timeToLiveDescription();
    }

    @Test
    void should_describe_ttl_as_disabled_on_a_new_table() {
        assertThat(describe().timeToLiveStatus()).isEqualTo(TimeToLiveStatus.DISABLED);
        assertThat(describe().attributeName()).isNull();
    }

    @Test
    void should_answer_an_enable_with_the_specification_given() {
        TimeToLiveSpecification answer = update(true, "expiresAt");

        assertThat(answer.enabled()).isTrue();
        assertThat(answer.attributeName()).isEqualTo("expiresAt");
    }

    @Test
    void should_describe_ttl_as_enabled_on_its_attribute() {
        update(true, "expiresAt");

        assertThat(describe().timeToLiveStatus()).isEqualTo(TimeToLiveStatus.ENABLED);
        assertThat(describe().attributeName()).isEqualTo("expiresAt");
    }

    @Test
    void should_disable_ttl() {
        update(true, "expiresAt");

        TimeToLiveSpecification answer = update(false, "expiresAt");

        assertThat(answer.enabled()).isFalse();
        assertThat(describe().timeToLiveStatus()).isEqualTo(TimeToLiveStatus.DISABLED);
    }

    @Test
    void should_refuse_to_enable_ttl_twice_even_on_another_attribute() {
        update(true, "expiresAt");

        assertValidation("TimeToLive is already enabled", () -> update(true, "other"));
        assertThat(describe().attributeName()).isEqualTo("expiresAt");
    }

    @Test
    void should_refuse_to_disable_ttl_that_is_not_enabled() {
        assertValidation("TimeToLive is already disabled", () -> update(false, "expiresAt"));
    }

    @Test
    void should_refuse_to_disable_ttl_on_another_attribute() {
        update(true, "expiresAt");

        assertValidation("TimeToLive is active on a different AttributeName: current AttributeName is expiresAt",
                () -> update(false, "other"));
        assertThat(describe().timeToLiveStatus()).isEqualTo(TimeToLiveStatus.ENABLED);
    }

    @Test
    void should_refuse_an_empty_attribute_name() {
        assertValidation("1 validation error detected: Value '' at 'timeToLiveSpecification.attributeName' failed to "
                + "satisfy constraint: Member must have length greater than or equal to 1", () -> update(true, ""));
    }

    @Test
    void should_require_the_specification() {
        assertValidation("1 validation error detected: Value null at 'timeToLiveSpecification' failed to satisfy "
                + "constraint: Member must not be null", () -> client.updateTimeToLive(r -> r.tableName("app")));
    }

    @Test
    void should_answer_ttl_requests_on_a_missing_table_with_its_name() {
        assertError(ResourceNotFoundException.class, "ResourceNotFoundException",
                "Requested resource not found: Table: missing not found",
                () -> client.describeTimeToLive(r -> r.tableName("missing")));
        assertError(ResourceNotFoundException.class, "ResourceNotFoundException",
                "Requested resource not found: Table: missing not found",
                () -> client.updateTimeToLive(r -> r.tableName("missing")
                        .timeToLiveSpecification(t -> t.enabled(true).attributeName("ttl"))));
    }
}

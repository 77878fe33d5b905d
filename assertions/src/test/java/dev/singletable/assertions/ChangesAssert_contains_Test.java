package dev.singletable.assertions;

import static dev.singletable.assertions.Expect.failureOf;
import static dev.singletable.assertions.SingleTableAssertions.assertThatChanges;
import static dev.singletable.assertions.error.ShouldContainChange.shouldContainChange;
import static org.assertj.core.api.BDDAssertions.then;

import dev.singletable.engine.Change;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class ChangesAssert_contains_Test {
    private static final Map<String, AttributeValue> ORDER = Map.of("PK", AttributeValue.fromS("CUSTOMER#42"),
            "SK", AttributeValue.fromS("ORDER#1"));
    private static final List<Change> CHANGES = List.of(change("INSERT"), change("MODIFY"));

    @Test
    void should_pass_when_the_changes_hold_the_event_for_the_key() {
        // WHEN/THEN
        assertThatChanges(CHANGES).containsInsertOf(ORDER).containsModifyOf(ORDER);
    }

    @Test
    void should_fail_when_the_key_was_not_removed() {
        // WHEN
        AssertionError error = failureOf(() -> assertThatChanges(CHANGES).containsRemoveOf(ORDER));
        // THEN
        then(error).hasMessage(shouldContainChange(CHANGES, "REMOVE", ORDER).create());
        then(error.getMessage()).contains("to contain:%n  REMOVE".formatted());
    }

    private static Change change(String eventName) {
        return new Change(eventName, ORDER, Optional.empty(), Optional.empty(), "000000000000000000001",
                Instant.EPOCH, false);
    }
}

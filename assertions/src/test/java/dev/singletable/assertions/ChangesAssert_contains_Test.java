package dev.singletable.assertions;

import static dev.singletable.assertions.Expect.failureOf;
import static dev.singletable.assertions.SingleTableAssertions.assertThatChanges;
import static dev.singletable.assertions.SingleTableAssertions.key;
import static dev.singletable.assertions.error.ShouldContainChange.shouldContainChange;
import static org.assertj.core.api.BDDAssertions.then;

import dev.singletable.engine.Change;
import dev.singletable.fixtures.TableDesign;
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

    @Test
    void should_pass_for_a_key_given_as_key_like_in_the_other_assertions() {
        // WHEN/THEN
        assertThatChanges(CHANGES).containsInsertOf(key("CUSTOMER#42", "ORDER#1")).containsModifyOf(key("CUSTOMER#42",
                "ORDER#1"));
    }

    @Test
    void should_fail_for_a_key_given_as_key_that_was_not_removed() {
        // WHEN
        AssertionError error = failureOf(() -> assertThatChanges(CHANGES).containsRemoveOf(key("CUSTOMER#42",
                "ORDER#1")));
        // THEN
        then(error).hasMessage(shouldContainChange(CHANGES, "REMOVE", key("CUSTOMER#42", "ORDER#1")).create());
        then(error.getMessage()).contains("to contain:%n  REMOVE (\"CUSTOMER#42\", \"ORDER#1\")%nbut found:%n  none"
                .formatted());
    }

    @Test
    void should_fail_for_a_key_with_the_values_of_another_item() {
        // WHEN
        AssertionError error = failureOf(() -> assertThatChanges(CHANGES).containsInsertOf(key("ORDER#1",
                "CUSTOMER#42")));
        // THEN
        then(error).hasMessageContaining("INSERT (\"ORDER#1\", \"CUSTOMER#42\")");
    }

    @Test
    void should_take_the_key_attribute_names_from_the_design() {
        TableDesign design = TableDesign.parse("table: users\nkey: { partition: id }\n", "users.table.yaml");
        List<Change> changes = List.of(new Change("INSERT", Map.of("id", AttributeValue.fromN("7")),
                Optional.empty(), Optional.empty(), "000000000000000000001", Instant.EPOCH, false));

        // WHEN/THEN numbers compare by value, as DynamoDB compares them
        assertThatChanges(changes).usingDesign(design).containsInsertOf(key(7.0));
        then(failureOf(() -> assertThatChanges(changes).containsInsertOf(key(7.0))))
                .hasMessageContaining("to contain:%n  INSERT (7.0)".formatted());
    }

    private static Change change(String eventName) {
        return new Change(eventName, ORDER, Optional.empty(), Optional.empty(), "000000000000000000001",
                Instant.EPOCH, false);
    }
}

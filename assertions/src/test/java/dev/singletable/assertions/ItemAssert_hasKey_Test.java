package dev.singletable.assertions;

import static dev.singletable.assertions.Expect.failureOf;
import static dev.singletable.assertions.SingleTableAssertions.assertThat;
import static dev.singletable.assertions.SingleTableAssertions.assertThatItems;
import static dev.singletable.assertions.SingleTableAssertions.key;
import static dev.singletable.assertions.error.ShouldHaveItemContent.shouldBeOfEntity;
import static dev.singletable.assertions.error.ShouldHaveItemContent.shouldContainKey;
import static dev.singletable.assertions.error.ShouldHaveItemContent.shouldHaveKey;
import static org.assertj.core.api.BDDAssertions.then;
import static org.assertj.core.api.BDDAssertions.thenThrownBy;

import dev.singletable.core.SingleTable;
import dev.singletable.fixtures.FixtureSource;
import dev.singletable.fixtures.TableDesign;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/** Keys and entities of items and of query results. */
class ItemAssert_hasKey_Test {

    private final SingleTable table = OrdersTable.seeded();
    private final Map<String, AttributeValue> order = table.fixtures().items().get(1).item();

    @Test
    void should_pass_when_the_item_has_the_key() {
        assertThat(order).hasKey("CUSTOMER#42", "ORDER#1001");
    }

    @Test
    void should_fail_showing_the_key_the_item_has() {
        // WHEN
        AssertionError error = failureOf(() -> assertThat(order).hasKey("CUSTOMER#42", "ORDER#1002"));
        // THEN
        then(error).hasMessage(shouldHaveKey(order, key("CUSTOMER#42", "ORDER#1002"),
                key("CUSTOMER#42", "ORDER#1001")).create());
    }

    @Test
    void should_take_the_key_attribute_names_from_the_design() {
        // GIVEN a design whose keys are pk and sk
        TableDesign lowerCase = TableDesign.parse("""
                table: sessions
                key: { partition: pk, sort: sk }
                """, "sessions.table.yaml");
        Map<String, AttributeValue> session = Map.of("pk", AttributeValue.fromS("USER#1"),
                "sk", AttributeValue.fromN("7"));
        // WHEN/THEN
        assertThat(session).usingDesign(lowerCase).hasKey("USER#1", 7);
    }

    @Test
    void should_pass_when_the_item_is_of_the_entity() {
        assertThat(order).isOfEntity(table.design(), "Order");
    }

    @Test
    void should_fail_naming_the_entity_the_keys_match() {
        // WHEN
        AssertionError error = failureOf(() -> assertThat(order).isOfEntity(table.design(), "Customer"));
        // THEN
        then(error).hasMessage(shouldBeOfEntity(order, "orders", "Customer", "Order").create());
    }

    @Test
    void should_fail_when_no_entity_matches() {
        // GIVEN
        Map<String, AttributeValue> address = table.fixtures().items().get(5).item();
        // WHEN
        AssertionError error = failureOf(() -> assertThat(address).isOfEntity(table.design(), "Customer"));
        // THEN
        then(error).hasMessage(shouldBeOfEntity(address, "orders", "Customer", null).create());
        then(error.getMessage()).endsWith(String.format("but its keys match:%n  no entity of design orders"));
    }

    @Test
    void should_refuse_an_entity_the_design_does_not_have() {
        thenThrownBy(() -> assertThat(order).isOfEntity(table.design(), "Invoice"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown entity 'Invoice'; known entities: Customer, Order");
    }

    @Test
    void should_pass_when_a_query_result_holds_an_item_with_the_key() {
        // GIVEN
        QueryResponse response = table.client().query(table.design().accessPattern("ordersOfCustomer")
                .toQueryRequest(table.name(), Map.of("customerId", 42)));
        // WHEN/THEN
        assertThat(response).hasKey("CUSTOMER#42", "ORDER#1002");
    }

    @Test
    void should_fail_listing_the_keys_of_the_items() {
        // GIVEN
        List<Map<String, AttributeValue>> items = table.accessPattern("openOrdersByDate").with("from", "2026-01-01")
                .with("to", "2026-02-01").run().items();
        // WHEN
        AssertionError error = failureOf(() -> assertThatItems(items).hasKey("CUSTOMER#42", "ORDER#1003"));
        // THEN
        then(error).hasMessage(shouldContainKey(List.of(key("CUSTOMER#42", "ORDER#1002"),
                key("CUSTOMER#42", "ORDER#1001")), key("CUSTOMER#42", "ORDER#1003")).create());
    }

    @Test
    void should_read_items_of_a_design_with_a_partition_key_only() {
        // GIVEN
        TableDesign sessions = TableDesign.parse(FixtureSource.ofString("sessions.table.yaml", """
                table: sessions
                key: { partition: id }
                """).read(), "sessions.table.yaml");
        List<Map<String, AttributeValue>> items = List.of(Map.of("id", AttributeValue.fromS("S1")));
        // WHEN
        AssertionError error = failureOf(() -> assertThatItems(items).usingDesign(sessions).hasKey("S2"));
        // THEN
        assertThatItems(items).usingDesign(sessions).hasKey("S1");
        assertThat(items.get(0)).usingDesign(sessions).hasKey("S1");
        then(error).hasMessage(shouldContainKey(List.of(key("S1")), key("S2")).create());
    }
}

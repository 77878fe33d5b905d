package dev.singletable.engine.reads;

import static dev.singletable.engine.AttributeValues.item;
import static dev.singletable.engine.AttributeValues.s;
import static dev.singletable.engine.reads.Items.attribute;
import static dev.singletable.engine.reads.Items.gsi;
import static dev.singletable.engine.reads.Items.hash;
import static dev.singletable.engine.reads.Items.padding;
import static dev.singletable.engine.reads.Items.projection;
import static dev.singletable.engine.reads.Items.range;
import static dev.singletable.engine.reads.Items.values;
import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.EngineTest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.pagination.sync.SdkIterable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * The SDK's paginators walk every page of results larger than DynamoDB's 1 MB page: 40 items of about
 * 30 KB, so a page holds the items read until 1 MB is crossed, the crossing one included.
 */
class PaginatorTest extends EngineTest {
    private static final int ORDERS = 40;
    private static final int PAD = 30_000;

    List<String> orders;

    @BeforeEach
    void start() {
        client.createTable(Items.onDemand("app").keySchema(hash("PK"), range("SK"))
                .attributeDefinitions(attribute("PK", "S"), attribute("SK", "S"), attribute("GSI1PK", "S"),
                        attribute("GSI1SK", "S"))
                .globalSecondaryIndexes(gsi("GSI1", "GSI1PK", "GSI1SK", projection(ProjectionType.ALL))).build());
        orders = IntStream.range(0, ORDERS).mapToObj(i -> String.format("ORDER#%04d", i)).toList();
        for (String order : orders) {
            client.putItem(b -> b.tableName("app").item(item("PK", "CUSTOMER#1", "SK", order,
                    "GSI1PK", "STATUS#OPEN", "GSI1SK", order, "pad", padding(PAD))));
        }
    }

    /** How many of the test's items a 1 MB page holds: until 1 MB is reached, the crossing item included. */
    private static int itemsPerPage() {
        int size = "PK".length() + "CUSTOMER#1".length() + "SK".length() + "ORDER#0000".length()
                + "GSI1PK".length() + "STATUS#OPEN".length() + "GSI1SK".length() + "ORDER#0000".length()
                + "pad".length() + PAD;
        return (1024 * 1024 + size - 1) / size;
    }

    private QueryRequest.Builder customerOrders() {
        return QueryRequest.builder().tableName("app").keyConditionExpression("PK = :c")
                .expressionAttributeValues(Map.of(":c", s("CUSTOMER#1")));
    }

    private QueryRequest.Builder openOrders() {
        return QueryRequest.builder().tableName("app").indexName("GSI1").keyConditionExpression("GSI1PK = :s")
                .expressionAttributeValues(Map.of(":s", s("STATUS#OPEN")));
    }

    private static List<Integer> pageSizes(SdkIterable<? extends Object> pages) {
        List<Integer> sizes = new ArrayList<>();
        for (Object page : pages) {
            sizes.add(page instanceof QueryResponse q ? q.count() : ((ScanResponse) page).count());
        }
        return sizes;
    }

    private static List<String> reversed(List<String> values) {
        List<String> reversed = new ArrayList<>(values);
        Collections.reverse(reversed);
        return reversed;
    }

    private List<String> sortKeys(Iterable<Map<String, AttributeValue>> items) {
        List<Map<String, AttributeValue>> all = new ArrayList<>();
        items.forEach(all::add);
        return values(all, "SK");
    }

    @Test
    void should_split_a_query_on_the_table_into_pages_of_1_MB() {
        assertThat(pageSizes(client.queryPaginator(customerOrders().build())))
                .containsExactly(itemsPerPage(), ORDERS - itemsPerPage());
        assertThat(sortKeys(client.queryPaginator(customerOrders().build()).items())).isEqualTo(orders);
    }

    @Test
    void should_split_a_query_on_a_global_index_into_pages_of_1_MB() {
        assertThat(pageSizes(client.queryPaginator(openOrders().build())))
                .containsExactly(itemsPerPage(), ORDERS - itemsPerPage());
        assertThat(sortKeys(client.queryPaginator(openOrders().build()).items())).isEqualTo(orders);
    }

    @Test
    void should_walk_every_page_of_Limit_items_backwards() {
        QueryRequest request = customerOrders().limit(7).scanIndexForward(false).build();

        assertThat(pageSizes(client.queryPaginator(request))).containsExactly(7, 7, 7, 7, 7, 5);
        assertThat(sortKeys(client.queryPaginator(request).items())).isEqualTo(reversed(orders));
    }

    @Test
    void should_walk_every_page_of_Limit_items_on_a_global_index() {
        QueryRequest request = openOrders().limit(10).build();

        assertThat(pageSizes(client.queryPaginator(request))).containsExactly(10, 10, 10, 10, 0);
        assertThat(sortKeys(client.queryPaginator(request).items())).isEqualTo(orders);
    }

    @Test
    void should_split_a_scan_of_the_table_into_pages_of_1_MB() {
        assertThat(pageSizes(client.scanPaginator(b -> b.tableName("app"))))
                .containsExactly(itemsPerPage(), ORDERS - itemsPerPage());
        assertThat(sortKeys(client.scanPaginator(b -> b.tableName("app")).items())).isEqualTo(orders);
    }

    @Test
    void should_split_a_scan_of_a_global_index_into_pages_of_1_MB_and_of_Limit_items() {
        assertThat(pageSizes(client.scanPaginator(b -> b.tableName("app").indexName("GSI1"))))
                .containsExactly(itemsPerPage(), ORDERS - itemsPerPage());
        assertThat(pageSizes(client.scanPaginator(b -> b.tableName("app").indexName("GSI1").limit(16))))
                .containsExactly(16, 16, 8);
    }
}

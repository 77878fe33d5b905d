package dev.singletable.spring;

import static dev.singletable.engine.model.Operation.GET_ITEM;
import static org.assertj.core.api.Assertions.assertThat;

import com.example.shop.Customer;
import com.example.shop.ShopApplication;
import com.example.shop.ShopRepository;
import dev.singletable.assertions.SingleTableAssertions;
import dev.singletable.core.SingleTable;
import dev.singletable.engine.RequestLog;
import dev.singletable.engine.model.RequestLogEntry;
import dev.singletable.junit.AllowScan;
import dev.singletable.junit.SingleTableTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The application's client beans — its own, and one an auto-configuration defines — reach the engine in-memory;
 * the table's physical name is in the application's property; the test's own fields and parameters are what
 * Spring and the extension each put there.
 */
@SpringBootTest(classes = ShopApplication.class)
@SingleTableTest(design = "/com/example/shop/shop.table.yaml", fixtures = "/com/example/shop/shop.fixtures.yaml",
        tableNameProperty = "shop.table-name")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClientBeansTest {
    @Autowired
    ShopRepository repository;

    @Autowired
    DynamoDbClient client;

    @Inject
    DynamoDbAsyncClient asyncClient;

    @Autowired
    DynamoDbEnhancedClient enhancedClient;

    @Value("${shop.table-name}")
    String tableName;

    @Test
    @Order(1)
    void the_application_reads_the_fixtures_through_its_beans_and_the_log_has_the_call(SingleTable table,
            RequestLog log) {
        assertThat(repository.customer("42").getName()).isEqualTo("Ada");
        assertThat(repository.ordersOf("42")).isEqualTo(2);

        assertThat(log.entries()).extracting(RequestLogEntry::operationName).containsExactly("GetItem", "Query");
        assertThat(log.entries()).allSatisfy(entry -> assertThat(entry.table()).contains(table.name()));
        SingleTableAssertions.assertThat(log).hasNoScans();
        SingleTableAssertions.assertThat(table).everyAccessPattern();
    }

    @Test
    @Order(2)
    void the_physical_name_is_in_the_property_the_application_reads(SingleTable table) {
        assertThat(tableName).isEqualTo(table.name());
        assertThat(repository.table()).isEqualTo(table.name());
    }

    @Test
    @Order(3)
    void autowired_and_injected_fields_and_parameters_hold_the_beans_views_of_the_engine_clients(SingleTable table,
            @Autowired DynamoDbClient parameter, DynamoDbClient extensions) {
        assertThat(parameter).isSameAs(client);
        assertThat(extensions).isSameAs(table.client());
        assertThat(EngineClients.isView(client)).isTrue();
        assertThat(EngineClients.isView(asyncClient)).isTrue();
        assertThat(client).isNotSameAs(table.client());
        assertThat(asyncClient.describeTable(r -> r.tableName(table.name())).join().table().itemCount())
                .isEqualTo(3L);
        assertThat(client.serviceClientConfiguration().endpointOverride()).hasValueSatisfying(endpoint ->
                assertThat(endpoint.getHost()).endsWith(".invalid"));
    }

    @Test
    @Order(4)
    void the_enhanced_client_is_rebuilt_over_the_engine_with_its_extensions(RequestLog log) {
        Customer grace = new Customer();
        grace.setPK("CUSTOMER#43");
        grace.setName("Grace");
        repository.save(grace);
        repository.save(repository.customer("43"));

        assertThat(repository.customer("43").getVersion()).isEqualTo(2L);
        assertThat(log.entries(e -> e.operation() == GET_ITEM)).hasSize(2);
        assertThat(enhancedClient.table("x", software.amazon.awssdk.enhanced.dynamodb.TableSchema.fromBean(
                Customer.class))).isNotNull();
    }

    @Test
    @Order(5)
    void writes_of_the_test_before_are_undone() {
        assertThat(repository.customer("43")).isNull();
    }

    @Test
    @Order(6)
    @AllowScan("the test reads the caller of a Scan")
    void a_scan_names_the_line_of_the_application_that_issued_it(RequestLog log) {
        repository.everything();

        assertThat(log.entries(RequestLogEntry::isScan)).singleElement().satisfies(scan -> assertThat(scan.caller())
                .hasValueSatisfying(frame -> assertThat(frame.getClassName()).isEqualTo(ShopRepository.class
                        .getName())));
    }
}

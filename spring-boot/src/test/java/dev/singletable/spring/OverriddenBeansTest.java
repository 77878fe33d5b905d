package dev.singletable.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mockingDetails;

import com.example.shop.ShopApplication;
import com.example.shop.ShopRepository;
import dev.singletable.core.SingleTable;
import dev.singletable.junit.SingleTableTest;
import java.net.URI;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.bean.override.convention.TestBean;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A client the test class replaces itself stays the test's: the extension neither points it at the engine nor
 * assigns the field. Every other client bean still reaches the engine.
 */
@SpringBootTest(classes = ShopApplication.class)
@SingleTableTest(design = "/com/example/shop/shop.table.yaml", fixtures = "/com/example/shop/shop.fixtures.yaml",
        tableNameProperty = "shop.table-name")
class OverriddenBeansTest {
    static final DynamoDbClient OWN = ShopApplication.client(URI.create("http://127.0.0.1:9"));

    @MockitoBean
    DynamoDbAsyncClient asyncClient;

    @TestBean(name = "dynamoDbClient")
    DynamoDbClient client;

    static DynamoDbClient dynamoDbClient() {
        return OWN;
    }

    @Test
    void the_mock_and_the_test_bean_stay_the_tests_and_the_enhanced_client_reaches_the_engine(
            @Autowired ApplicationContext context, @Autowired ShopRepository repository, SingleTable table) {
        assertThat(mockingDetails(asyncClient).isMock()).isTrue();
        assertThat(context.getBean(DynamoDbAsyncClient.class)).isSameAs(asyncClient);
        assertThat(client).isSameAs(OWN);
        assertThat(context.getBean("dynamoDbClient")).isSameAs(OWN);
        assertThat(repository.customer("42").getName()).isEqualTo("Ada");
        assertThat(table.requestLog().entries()).singleElement().satisfies(entry ->
                assertThat(entry.operationName()).isEqualTo("GetItem"));
    }
}

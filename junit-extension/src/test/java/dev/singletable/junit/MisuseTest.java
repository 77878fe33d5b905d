package dev.singletable.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.platform.testkit.engine.EventConditions.container;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.singletable.core.SingleTable;
import dev.singletable.engine.model.RequestLogEntry;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Misuse and bad input fail the class (or the test) early, naming the element, the rule and what was found. */
class MisuseTest {

    @Test
    void a_missing_design_is_named_with_the_places_searched() {
        assertClassFails(MissingDesign.class, "@SingleTableTest on " + MissingDesign.class.getName()
                + ": design 'missing.table.yaml' not found; looked for class path resources"
                + " 'dev/singletable/junit/missing.table.yaml' and 'missing.table.yaml' and file '"
                + Path.of("missing.table.yaml").toAbsolutePath() + "'");
    }

    @Test
    void a_design_that_does_not_parse_is_reported_with_file_line_and_column() {
        assertClassFails(BrokenDesign.class, "@SingleTableTest on " + BrokenDesign.class.getName()
                + ": design 'broken.table.yaml' is not valid: broken.table.yaml:4:42: index GSI1 has unknown"
                + " projection 'EVERYTHING'; expected ALL, KEYS_ONLY or { include: [a, b] }");
    }

    @Test
    void fixtures_that_do_not_match_the_design_are_reported_with_file_line_and_column() {
        assertClassFails(UnknownEntity.class, "@SingleTableTest on " + UnknownEntity.class.getName()
                + ": fixtures do not match design 'app': unknown-entity.yaml:5:13: item 2: unknown entity"
                + " 'Invoice';"
                + " known entities: Customer, Order");
    }

    @Test
    void a_missing_fixture_file_of_a_method_fails_that_test() {
        Kit.run(MissingMethodFixtures.class).testEvents().assertThatEvents().haveExactly(1, event(test("extra"),
                finishedWithFailure(instanceOf(ExtensionConfigurationException.class), message("@Fixtures on "
                        + MissingMethodFixtures.class.getName() + ".extra(): fixture file 'nowhere.yaml' not found;"
                        + " looked for class path resources 'dev/singletable/junit/nowhere.yaml' and 'nowhere.yaml'"
                        + " and file '" + Path.of("nowhere.yaml").toAbsolutePath() + "'"))));
    }

    @Test
    void an_annotation_and_a_field_cannot_both_declare_the_table() {
        assertClassFails(AnnotationAndField.class, AnnotationAndField.class.getName() + " declares its table 2"
                + " times: @SingleTableTest on " + AnnotationAndField.class.getName() + " and @RegisterExtension field "
                + AnnotationAndField.class.getName() + ".db; a test class has one table, so keep one of them");
    }

    @Test
    void two_fields_cannot_both_declare_the_table() {
        assertClassFails(TwoFields.class, TwoFields.class.getName() + " declares its table 2 times:"
                + " @RegisterExtension field " + TwoFields.class.getName() + ".first and @RegisterExtension field "
                + TwoFields.class.getName() + ".second; a test class has one table, so keep one of them");
    }

    @Test
    void the_extension_alone_without_a_declaration_says_how_to_declare_one() {
        assertClassFails(Undeclared.class, "SingleTableExtension is registered on " + Undeclared.class.getName()
                + " but nothing declares its table: annotate the class with @SingleTableTest(design = \"...\") or"
                + " register SingleTableExtension.builder().design(\"...\").build() in a @RegisterExtension field");
    }

    @Test
    void a_parameter_of_another_type_is_not_claimed() {
        Kit.run(UnknownParameter.class).testEvents().assertThatEvents().haveExactly(1, event(test("entry"),
                finishedWithFailure(instanceOf(ParameterResolutionException.class), message(m -> m.startsWith(
                        "No ParameterResolver registered for parameter [dev.singletable.engine.model.RequestLogEntry")))));
    }

    @Test
    void an_annotated_final_field_fails_the_class() {
        assertClassFails(FinalField.class, "@SingleTableResource field " + FinalField.class.getName() + ".client"
                + " is final; the extension assigns it, so it cannot be");
    }

    @Test
    void an_annotated_field_of_another_type_names_the_types_injected() {
        Kit.run(WrongFieldType.class).testEvents().assertThatEvents().haveExactly(1, event(test("never"),
                finishedWithFailure(instanceOf(ExtensionConfigurationException.class), message(
                        "@SingleTableResource field " + WrongFieldType.class.getName() + ".name is a java.lang.String;"
                                + " the extension injects SingleTable, DynamoDbClient, DynamoDbAsyncClient,"
                                + " DynamoDbEnhancedClient, RequestLog, URI, DynamoDbEngine, FaultInjector and"
                                + " EngineClock"))));
    }

    @Test
    void an_endpoint_that_is_not_an_http_url_is_named() {
        assertClassFails(Map.of("singletable.endpoint", "localhost:8000"), Valid.class,
                ExtensionConfigurationException.class, "configuration parameter singletable.endpoint is"
                        + " 'localhost:8000'; expected an http:// or https:// URL such as http://localhost:8000");
    }

    @Test
    void a_warm_up_setting_that_is_not_a_boolean_is_named() {
        assertClassFails(Map.of(SingleTableTest.WARM_UP_PROPERTY_NAME, "sometimes"), Valid.class,
                ExtensionConfigurationException.class, "configuration parameter singletable.warmUp is 'sometimes';"
                        + " expected true or false");
    }

    @Test
    void a_builder_without_a_design_cannot_build() {
        assertThatThrownBy(() -> SingleTableExtension.builder().fixtures("orders.yaml").build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("SingleTableExtension.builder() needs design(\"...\") before build()");
    }

    @Test
    void a_class_that_failed_leaves_no_table_behind_and_the_next_class_runs() {
        Kit.run(UnknownEntity.class, Valid.class).testEvents().assertThatEvents()
                .haveExactly(1, event(test("listsTables"), finishedSuccessfully()));

        assertThat(Valid.tables).isEqualTo("[app]");
    }

    private static void assertClassFails(Class<?> testClass, String message) {
        assertClassFails(testClass, ExtensionConfigurationException.class, message);
    }

    private static void assertClassFails(Class<?> testClass, Class<? extends Throwable> type, String message) {
        assertClassFails(Map.of(), testClass, type, message);
    }

    private static void assertClassFails(Map<String, String> configuration, Class<?> testClass,
            Class<? extends Throwable> type, String message) {
        Kit.run(configuration, testClass).containerEvents().assertThatEvents().haveExactly(1,
                event(container(testClass), finishedWithFailure(instanceOf(type), message(message))));
    }

    @Tag("test-case")
    @SingleTableTest(design = "missing.table.yaml")
    static class MissingDesign {
        @Test
        void never() {
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "broken.table.yaml")
    static class BrokenDesign {
        @Test
        void never() {
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", fixtures = "unknown-entity.yaml")
    static class UnknownEntity {
        @Test
        void never() {
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml")
    static class MissingMethodFixtures {
        @Test
        @Fixtures("nowhere.yaml")
        void extra() {
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml")
    static class AnnotationAndField {
        @RegisterExtension
        static SingleTableExtension db = SingleTableExtension.builder().design("orders.table.yaml").build();

        @Test
        void never() {
        }
    }

    @Tag("test-case")
    static class TwoFields {
        @RegisterExtension
        static SingleTableExtension first = SingleTableExtension.builder().design("orders.table.yaml").build();
        @RegisterExtension
        static SingleTableExtension second = SingleTableExtension.builder().design("orders.table.yaml").build();

        @Test
        void never() {
        }
    }

    @Tag("test-case")
    @ExtendWith(SingleTableExtension.class)
    static class Undeclared {
        @Test
        void never() {
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml")
    static class UnknownParameter {
        @Test
        void entry(RequestLogEntry entry) {
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml")
    static class FinalField {
        @SingleTableResource
        static final DynamoDbClient client = null;

        @Test
        void never() {
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml")
    static class WrongFieldType {
        @SingleTableResource
        String name;

        @Test
        void never() {
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml")
    static class Valid {
        static String tables;

        @Test
        void listsTables(SingleTable table) {
            tables = table.client().listTables().tableNames().toString();
        }
    }
}

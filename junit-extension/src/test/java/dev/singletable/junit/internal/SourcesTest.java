package dev.singletable.junit.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.TableDesign;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;

/** A run's sources parse a design or fixture file once, and again when its text changes. */
class SourcesTest {
    private static final String ELEMENT = "@SingleTableTest on SourcesTest";
    @TempDir
    Path dir;

    @Test
    void should_hand_every_class_of_a_run_the_same_parse_of_the_same_files() {
        Sources sources = new Sources();

        TableDesign design = sources.design(SourcesTest.class, "/orders.table.yaml", ELEMENT);
        Fixtures fixtures = sources.fixtures(SourcesTest.class, design, new String[] {"/orders.yaml"}, ELEMENT);

        assertThat(sources.design(SourcesTest.class, "/orders.table.yaml", ELEMENT)).isSameAs(design);
        assertThat(sources.fixtures(SourcesTest.class, design, new String[] {"/orders.yaml"}, ELEMENT))
                .isSameAs(fixtures);
        assertThat(new Sources().fixtures(SourcesTest.class, design, new String[] {"/orders.yaml"}, ELEMENT))
                .isNotSameAs(fixtures).satisfies(again -> assertThat(again.items()).isEqualTo(fixtures.items()));
    }

    @Test
    void should_hand_a_class_what_was_read_ahead_once_and_leave_failures_to_it() throws Exception {
        Sources sources = new Sources();
        Thread reader = sources.prefetch(SourcesTest.class, "/orders.table.yaml", List.of("/orders.yaml"))
                .orElseThrow();
        assertThat(sources.prefetch(SourcesTest.class, "/orders.table.yaml", List.of("/orders.yaml"))).isEmpty();
        reader.join();

        TableDesign design = sources.design(SourcesTest.class, "/orders.table.yaml", ELEMENT);
        Fixtures fixtures = sources.fixtures(SourcesTest.class, design, new String[] {"/orders.yaml"}, ELEMENT);
        assertThat(design.tableName()).isEqualTo("app");
        assertThat(fixtures.items()).isNotEmpty();
        assertThat(sources.fixtures(SourcesTest.class, design, new String[] {"/orders.yaml"}, ELEMENT))
                .isSameAs(fixtures);

        Path broken = dir.resolve("broken.table.yaml");
        Files.writeString(broken, "table: [\n");
        sources.prefetch(SourcesTest.class, broken.toString(), List.of()).orElseThrow().join();
        assertThatThrownBy(() -> sources.design(SourcesTest.class, broken.toString(), ELEMENT))
                .isInstanceOf(ExtensionConfigurationException.class).hasMessageStartingWith(ELEMENT + ": design '");
    }

    @Test
    void should_parse_a_file_again_when_its_text_changed_and_keep_no_failure() throws IOException {
        Sources sources = new Sources();
        TableDesign design = sources.design(SourcesTest.class, "/orders.table.yaml", ELEMENT);
        Path file = dir.resolve("customers.yaml");
        String[] names = {file.toString()};
        Files.writeString(file, "items:\n  - { entity: Customer, customerId: 1, email: a@example.com }\n");
        Fixtures one = sources.fixtures(SourcesTest.class, design, names, ELEMENT);

        Files.writeString(file, "items:\n  - { entity: Nobody, customerId: 1 }\n");
        assertThatThrownBy(() -> sources.fixtures(SourcesTest.class, design, names, ELEMENT))
                .isInstanceOf(ExtensionConfigurationException.class).hasMessageContaining("Nobody");
        Files.writeString(file, "items:\n  - { entity: Customer, customerId: 1, email: a@example.com }\n"
                + "  - { entity: Customer, customerId: 2, email: b@example.com }\n");

        assertThat(one.items()).hasSize(1);
        assertThat(sources.fixtures(SourcesTest.class, design, names, ELEMENT).items()).hasSize(2);
        Files.writeString(file, "items:\n  - { entity: Customer, customerId: 1, email: a@example.com }\n");
        assertThat(sources.fixtures(SourcesTest.class, design, names, ELEMENT)).isSameAs(one);
    }

    @Test
    void should_notice_a_file_written_again_with_the_same_size_and_time() throws IOException {
        Sources sources = new Sources();
        Path file = writeCustomer("a@example.com");
        FileTime written = Files.getLastModifiedTime(file);
        assertThat(emailRead(sources, file)).isEqualTo("a@example.com");

        // as a file system whose clock ticks coarsely would keep it: the same size, the same time
        writeCustomer("b@example.com");
        Files.setLastModifiedTime(file, written);

        assertThat(emailRead(sources, file)).isEqualTo("b@example.com");
    }

    @Test
    void should_notice_a_change_to_a_file_that_was_written_long_before_it_was_read() throws IOException {
        Sources sources = new Sources();
        Path file = writeCustomer("a@example.com");
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().minusSeconds(60)));
        Fixtures one = fixtures(sources, file);
        assertThat(fixtures(sources, file)).isSameAs(one);

        writeCustomer("b@example.com");

        assertThat(emailRead(sources, file)).isEqualTo("b@example.com");
    }

    /** Writes {@code customers.yaml}, one customer with this email: the same size whatever the email's letter. */
    private Path writeCustomer(String email) throws IOException {
        return Files.writeString(dir.resolve("customers.yaml"), "items:\n  - { entity: Customer, customerId: 1, email: "
                + email + " }\n");
    }

    private static Fixtures fixtures(Sources sources, Path file) {
        return sources.fixtures(SourcesTest.class, sources.design(SourcesTest.class, "/orders.table.yaml", ELEMENT),
                new String[] {file.toString()}, ELEMENT);
    }

    private static String emailRead(Sources sources, Path file) {
        return fixtures(sources, file).items().get(0).item().get("email").s();
    }
}

package dev.singletable.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.fixtures.Expectation;
import dev.singletable.fixtures.FixtureSource;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.TableDesign;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Expectations taken from sample data, so that an imported design is ready to verify. */
class SampleExpectationsTest {

    private static final TableDesign DESIGN = TableDesign.parse("""
            table: library
            key: { partition: PK, sort: SK }
            indexes:
              GSI1: { partition: GSI1PK, sort: GSI1SK }
            entities:
              Member: { PK: "MEMBER#{memberId}", SK: PROFILE }
              Loan: { PK: "MEMBER#{memberId}", SK: "LOAN#{day}#{bookId}", GSI1PK: "{GSI1PK}", GSI1SK: "{due}" }
            accessPatterns:
              member:
                query: { partition: "MEMBER#{memberId}", sort: { equals: PROFILE } }
              loansOfMember:
                query: { partition: "MEMBER#{memberId}", sort: { beginsWith: "LOAN#" } }
              overdue:
                index: GSI1
                query: { partition: OVERDUE }
              loansAfter:
                query: { partition: "MEMBER#{memberId}", sort: { gt: "LOAN#{day}" } }
                filter: "#due < :limit"
              everything:
                scan: true
            """, "library.table.yaml");

    private static Fixtures fixtures(String yaml) {
        return Fixtures.load(DESIGN, List.of(FixtureSource.ofString("library.fixtures.yaml", yaml)));
    }

    @Test
    void records_what_each_pattern_returns_for_parameters_a_sample_item_gives() {
        SampleExpectations recorded = SampleExpectations.record(fixtures("""
                items:
                  - { entity: Member, memberId: 7 }
                  - { entity: Loan, memberId: 7, day: 2026-01-05, bookId: b1, GSI1PK: OVERDUE, due: 2026-01-19 }
                  - { entity: Loan, memberId: 7, day: 2026-01-06, bookId: b2 }
                """));

        assertThat(recorded.expectations()).extracting(Expectation::accessPattern, Expectation::parameters,
                Expectation::keys).containsExactly(
                        org.assertj.core.groups.Tuple.tuple("member", Map.of("memberId", AttributeValue.fromN("7")),
                                List.of(key("MEMBER#7", "PROFILE"))),
                        org.assertj.core.groups.Tuple.tuple("loansOfMember", Map.of("memberId",
                                AttributeValue.fromN("7")), List.of(key("MEMBER#7", "LOAN#2026-01-05#b1"),
                                key("MEMBER#7", "LOAN#2026-01-06#b2"))),
                        org.assertj.core.groups.Tuple.tuple("overdue", Map.of(),
                                List.of(key("MEMBER#7", "LOAN#2026-01-05#b1"))));
        assertThat(recorded.unrecorded()).containsExactly(
                Map.entry("loansAfter", "no sample item gives its parameters [memberId, day, limit]"),
                Map.entry("everything", "it is declared as a Scan"));
    }

    @Test
    void leaves_alone_a_pattern_the_fixtures_already_expect_something_of() {
        Fixtures fixtures = fixtures("""
                items:
                  - { entity: Member, memberId: 7 }
                expect:
                  member:
                    - { with: { memberId: 8 }, returns: [] }
                """);

        SampleExpectations recorded = SampleExpectations.record(fixtures);

        assertThat(recorded.expectations()).extracting(Expectation::accessPattern).containsExactly("overdue");
        assertThat(recorded.unrecorded()).containsEntry("loansOfMember", "no sample item gives its parameters"
                + " [memberId]").doesNotContainKey("member");
    }

    @Test
    void says_so_when_there_are_no_sample_items() {
        SampleExpectations recorded = SampleExpectations.record(Fixtures.empty(DESIGN));

        assertThat(recorded.unrecorded()).containsEntry("member", "there are no sample items");
        assertThat(recorded.expectations()).extracting(Expectation::accessPattern).containsExactly("overdue");
    }

    private static Map<String, AttributeValue> key(String pk, String sk) {
        return Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk));
    }

}

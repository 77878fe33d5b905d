package dev.singletable.assertions.internal;

import static org.assertj.core.api.BDDAssertions.then;

import java.util.List;
import org.junit.jupiter.api.Test;

class KeyConditionTextTest {

    @Test
    void reads_the_value_of_an_equality() {
        then(KeyConditionText.valuesOf("PK = \"CUSTOMER#42\" AND SK = \"PROFILE\"", "SK")).contains(
                List.of("PROFILE"));
    }

    @Test
    void reads_both_bounds_of_between() {
        then(KeyConditionText.valuesOf("GSI1PK = \"STATUS#OPEN\" AND GSI1SK BETWEEN \"2026-01-01\" AND"
                + " \"2026-02-01\"", "GSI1SK")).contains(List.of("2026-01-01", "2026-02-01"));
    }

    @Test
    void reads_the_prefix_of_begins_with_even_when_it_holds_a_parenthesis_or_and() {
        then(KeyConditionText.valuesOf("PK = \"A\" AND begins_with(SK, \"ORDER (AND) #\")", "SK")).contains(
                List.of("ORDER (AND) #"));
    }

    @Test
    void reads_numbers_and_comparisons() {
        then(KeyConditionText.valuesOf("id = 7 AND version >= 3", "version")).contains(List.of("3"));
    }

    @Test
    void reads_nothing_for_an_attribute_the_condition_does_not_compare() {
        then(KeyConditionText.valuesOf("PK = \"A\"", "SK")).isEmpty();
    }
}

package dev.singletable.core.internal;

import static org.assertj.core.api.BDDAssertions.then;

import dev.singletable.fixtures.KeyTemplate;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TemplateParametersTest {

    @Test
    void reads_a_parameter_between_literals() {
        then(TemplateParameters.extract(KeyTemplate.parse("CUSTOMER#{customerId}#X"), "CUSTOMER#42#X"))
                .contains(Map.of("customerId", "42"));
    }

    @Test
    void reads_formatted_numbers_back_in_a_form_that_renders_the_same_key() {
        KeyTemplate padded = KeyTemplate.parse("ORDER#{orderId:%08d}");
        Map<String, String> read = TemplateParameters.extract(padded, "ORDER#00001001").orElseThrow();
        then(read).isEqualTo(Map.of("orderId", "00001001"));
        then(padded.renderText(read)).isEqualTo("ORDER#00001001");
        KeyTemplate hex = KeyTemplate.parse("H#{n:%x}");
        then(hex.renderText(TemplateParameters.extract(hex, "H#3e9").orElseThrow())).isEqualTo("H#3e9");
    }

    @Test
    void reads_dates_and_instants() {
        then(TemplateParameters.extract(KeyTemplate.parse("{day:date}|{at:instant}"),
                "2026-01-05|2026-01-05T10:00:00.000Z"))
                .contains(Map.of("day", "2026-01-05", "at", "2026-01-05T10:00:00.000Z"));
    }

    @Test
    void reads_literal_braces() {
        then(TemplateParameters.extract(KeyTemplate.parse("{{{id}}}"), "{7}")).contains(Map.of("id", "7"));
    }

    @Test
    void refuses_a_value_the_template_cannot_produce() {
        then(TemplateParameters.extract(KeyTemplate.parse("CUSTOMER#{customerId}"), "ORDER#1")).isEmpty();
        then(TemplateParameters.extract(KeyTemplate.parse("{a}-{a}"), "1-2")).isEmpty();
    }
}

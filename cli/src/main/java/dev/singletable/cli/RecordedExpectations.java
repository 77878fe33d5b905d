package dev.singletable.cli;

import dev.singletable.report.Words;
import dev.singletable.core.SampleExpectations;
import dev.singletable.fixtures.Fixtures;
import java.util.List;

/**
 * Sample data with an expectation for each access pattern that has none, taken from what it returns on that data
 * ({@code import}, {@code export --expectations}), and how to tell the user.
 *
 * @param fixtures the items and every expectation
 * @param summary  {@code , 4 expectations taken from what the access patterns return on them (review them)}
 * @param notes    one line for each pattern left without an expectation, saying why
 */
record RecordedExpectations(Fixtures fixtures, String summary, List<String> notes) {

    static RecordedExpectations of(Fixtures samples) {
        SampleExpectations recorded = SampleExpectations.record(samples);
        Fixtures fixtures = samples.plus(Fixtures.of(samples.design(), List.of(), recorded.expectations()));
        return new RecordedExpectations(fixtures, ", " + Words.count(recorded.expectations().size(), "expectation")
                + " taken from what the access patterns return on them (review them)", recorded.unrecorded()
                .entrySet().stream().map(e -> "no expectation for access pattern " + e.getKey() + ": "
                        + e.getValue() + "; add an expect entry for it").toList());
    }
}

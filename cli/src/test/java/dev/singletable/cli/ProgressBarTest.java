package dev.singletable.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The progress of a long read: against the table's estimate, or as a count; nothing for a short one. */
class ProgressBarTest {
    private final StringWriter out = new StringWriter();
    private final ProgressBar bar = new ProgressBar(new PrintWriter(out));

    @Test
    void draws_reads_against_the_tables_estimate_and_ends_the_line_when_done() {
        bar.read(150, 600);
        bar.read(600, 600);
        bar.finish();

        assertThat(out.toString()).isEqualTo("\r[#######-----------------------] 150/600 items"
                + "\r[##############################] 600/600 items\n");
    }

    @Test
    void counts_reads_without_an_estimate_and_never_draws_past_the_full_bar() {
        bar.read(120, 0);
        bar.read(700, 600);
        bar.finish();

        assertThat(out.toString()).isEqualTo("\r120 items read\r[##############################] 700/700 items\n");
    }

    @Test
    void draws_nothing_for_a_short_read() {
        bar.read(40, 40);
        bar.finish();

        assertThat(out.toString()).isEmpty();
    }
}

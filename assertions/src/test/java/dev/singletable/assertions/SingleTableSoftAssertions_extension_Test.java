package dev.singletable.assertions;

import static org.assertj.core.api.BDDAssertions.then;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.singletable.core.SingleTable;
import org.assertj.core.api.junit.jupiter.InjectSoftAssertions;
import org.assertj.core.api.junit.jupiter.SoftAssertionsExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.EventConditions;
import org.junit.platform.testkit.engine.TestExecutionResultConditions;

/** AssertJ's extension injects the soft assertions and reports every failure of a test at its end. */
class SingleTableSoftAssertions_extension_Test {

    @Test
    void should_report_every_failure_of_the_test_together() {
        EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(SoftlyAssertedOrders.class))
                .configurationParameter("junit.jupiter.conditions.deactivate", "org.junit.*DisabledCondition")
                .execute()
                .testEvents()
                .assertStatistics(stats -> stats.started(1).failed(1))
                .assertThatEvents()
                .haveExactly(1, EventConditions.finishedWithFailure(
                        TestExecutionResultConditions.message(message -> message.startsWith(
                                "\nMultiple Failures (2 failures)".replace("\n", System.lineSeparator())))));
    }

    @ExtendWith(SoftAssertionsExtension.class)
    static class SoftlyAssertedOrders {

        @InjectSoftAssertions
        SingleTableSoftAssertions softly;

        @Test
        void twoFailures() {
            SingleTable table = OrdersTable.seeded();
            then(softly).isNotNull();
            softly.assertThat(table.accessPattern("ordersOfCustomer").with("customerId", 42)).onIndex("GSI1");
            softly.assertThat(table.accessPattern("ordersOfCustomer").with("customerId", 7)).returnsNothing()
                    .pages(2);
        }
    }
}

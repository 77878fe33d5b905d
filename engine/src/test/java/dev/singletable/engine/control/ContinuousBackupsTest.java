package dev.singletable.engine.control;

import static dev.singletable.engine.control.ControlAssertions.assertError;
import static dev.singletable.engine.control.ControlAssertions.assertValidation;
import static dev.singletable.engine.control.ControlAssertions.singleTable;
import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.EngineTest;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.ContinuousBackupsDescription;
import software.amazon.awssdk.services.dynamodb.model.ContinuousBackupsStatus;
import software.amazon.awssdk.services.dynamodb.model.PointInTimeRecoveryDescription;
import software.amazon.awssdk.services.dynamodb.model.PointInTimeRecoveryStatus;
import software.amazon.awssdk.services.dynamodb.model.TableNotFoundException;

/** DescribeContinuousBackups and UpdateContinuousBackups: point-in-time recovery, as tools read it for every table. */
class ContinuousBackupsTest extends EngineTest {

    @BeforeEach
    void table() {
        client.createTable(singleTable("app").build());
    }

    private ContinuousBackupsDescription describe() {
        return client.describeContinuousBackups(r -> r.tableName("app")).continuousBackupsDescription();
    }

    private ContinuousBackupsDescription update(boolean enabled, Integer days) {
        return client.updateContinuousBackups(r -> r.tableName("app").pointInTimeRecoverySpecification(
                s -> s.pointInTimeRecoveryEnabled(enabled).recoveryPeriodInDays(days))).continuousBackupsDescription();
    }

    @Test
    void should_describe_continuous_backups_enabled_and_point_in_time_recovery_disabled_for_a_new_table() {
        ContinuousBackupsDescription description = describe();

        assertThat(description.continuousBackupsStatus()).isEqualTo(ContinuousBackupsStatus.ENABLED);
        assertThat(description.pointInTimeRecoveryDescription()).isEqualTo(PointInTimeRecoveryDescription.builder()
                .pointInTimeRecoveryStatus(PointInTimeRecoveryStatus.DISABLED).build());
    }

    @Test
    void should_enable_point_in_time_recovery_with_the_default_period_and_a_restorable_window() {
        Instant before = Instant.now().minusSeconds(1);

        ContinuousBackupsDescription answered = update(true, null);
        PointInTimeRecoveryDescription recovery = describe().pointInTimeRecoveryDescription();

        assertThat(answered.pointInTimeRecoveryDescription().pointInTimeRecoveryStatus())
                .isEqualTo(PointInTimeRecoveryStatus.ENABLED);
        assertThat(recovery.pointInTimeRecoveryStatus()).isEqualTo(PointInTimeRecoveryStatus.ENABLED);
        assertThat(recovery.recoveryPeriodInDays()).isEqualTo(35);
        assertThat(recovery.earliestRestorableDateTime()).isAfter(before);
        assertThat(recovery.latestRestorableDateTime()).isAfterOrEqualTo(recovery.earliestRestorableDateTime());
    }

    @Test
    void should_change_the_recovery_period_and_disable_recovery() {
        update(true, null);

        assertThat(update(true, 7).pointInTimeRecoveryDescription().recoveryPeriodInDays()).isEqualTo(7);
        assertThat(update(false, null).pointInTimeRecoveryDescription().pointInTimeRecoveryStatus())
                .isEqualTo(PointInTimeRecoveryStatus.DISABLED);
        assertThat(describe().pointInTimeRecoveryDescription().recoveryPeriodInDays()).isNull();
    }

    @Test
    void should_refuse_a_recovery_period_out_of_range_or_given_when_disabling() {
        assertValidation("1 validation error detected: Value '36' at 'pointInTimeRecoverySpecification."
                + "recoveryPeriodInDays' failed to satisfy constraint: Member must have value less than or equal to 35",
                () -> update(true, 36));
        assertValidation("Invalid Request: Cannot specify RecoveryPeriodInDays when disabling point-in-time recovery.",
                () -> update(false, 10));
        assertValidation("1 validation error detected: Value null at 'pointInTimeRecoverySpecification' failed to "
                + "satisfy constraint: Member must not be null",
                () -> client.updateContinuousBackups(r -> r.tableName("app")));
        assertThat(describe().pointInTimeRecoveryDescription().pointInTimeRecoveryStatus())
                .isEqualTo(PointInTimeRecoveryStatus.DISABLED);
    }

    @Test
    void should_answer_a_missing_table_with_table_not_found() {
        assertError(TableNotFoundException.class, "TableNotFoundException", "Table not found: missing",
                () -> client.describeContinuousBackups(r -> r.tableName("missing")));
        assertError(TableNotFoundException.class, "TableNotFoundException", "Table not found: missing",
                () -> client.updateContinuousBackups(r -> r.tableName("missing")
                        .pointInTimeRecoverySpecification(s -> s.pointInTimeRecoveryEnabled(true))));
    }
}

package dev.singletable.engine.internal.ops.control;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.ops.Constraints;
import dev.singletable.engine.internal.ops.Requests;
import dev.singletable.engine.internal.storage.TableSettings;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * The settings the engine stores and describes but does not act on (billing, throughput, streams, encryption,
 * table class, deletion protection): reading them from CreateTable/UpdateTable and applying them to a table's
 * {@link TableSettings}.
 */
final class SettingsRequests {
    static final List<String> STREAM_VIEW_TYPES = List.of("NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES", "KEYS_ONLY");
    static final List<String> SSE_TYPES = List.of("AES256", "KMS");
    static final List<String> TABLE_CLASSES = List.of("STANDARD", "STANDARD_INFREQUENT_ACCESS");
    private static final String INVALID = "One or more parameter values were invalid: ";
    /**
     * The key DynamoDB encrypts with when SSE is enabled without a key of the caller's: the name-based UUID of
     * {@code alias/aws/dynamodb}, written out because working it out loads the JDK's MD5 provider, which costs a
     * cold JVM's first CreateTable about 10 ms.
     */
    private static final String AWS_MANAGED_KEY = "fa7135e9-4c8f-38b0-9d0e-e8f04a88ac6a";

    private SettingsRequests() {
    }

    /**
     * A stream's label format, made when a table first gets a stream: most tables have none, and making it costs a
     * cold JVM's first CreateTable the JDK's pattern formatting classes.
     */
    private static final class StreamLabel {
        static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS")
                .withZone(ZoneOffset.UTC);
    }

    /** A StreamSpecification as given; {@code viewType} null when absent. */
    record StreamSpec(boolean enabled, String viewType) {
    }

    /** An SSESpecification as given. */
    record SseSpec(boolean enabled, String sseType, String kmsMasterKeyId) {
    }

    /** The throughput a table or GSI is provisioned with: zeros for on-demand. */
    static TableSettings.Throughput throughput(Shapes.Throughput given) {
        return given == null ? TableSettings.Throughput.of(0, 0)
                : TableSettings.Throughput.of(given.readCapacityUnits(), given.writeCapacityUnits());
    }

    /** The BillingModeSummary; on-demand tables also say since when. */
    static TableSettings.BillingSummary billingSummary(String mode, double now) {
        return new TableSettings.BillingSummary(mode,
                mode.equals("PAY_PER_REQUEST") ? TableSettings.epochSeconds(now) : null);
    }

    /** Reads a StreamSpecification member (null when absent), checking its shape into {@code constraints}. */
    static StreamSpec stream(JsonNode request, String path, Constraints constraints) {
        JsonNode node = Requests.object(request, "StreamSpecification");
        if (node == null) {
            return null;
        }
        JsonNode enabled = node.get("StreamEnabled");
        boolean absent = enabled == null || enabled.isNull();
        if (absent) {
            constraints.notNull(null, path + ".streamEnabled");
        } else if (!enabled.isBoolean()) {
            throw Shapes.wrongType("StreamEnabled");
        }
        boolean isEnabled = !absent && enabled.booleanValue();
        String viewType = Requests.string(node, "StreamViewType");
        constraints.enumValue(viewType, path + ".streamViewType", STREAM_VIEW_TYPES);
        return new StreamSpec(isEnabled, viewType);
    }

    /** The meaning checks of a StreamSpecification, after its shape passed. */
    static void checkStream(StreamSpec spec) {
        if (spec.enabled() && spec.viewType() == null) {
            throw DynamoException.validation(INVALID + "StreamViewType is required when StreamEnabled is true");
        }
        if (!spec.enabled() && spec.viewType() != null) {
            throw DynamoException.validation(INVALID + "StreamViewType cannot be specified when StreamEnabled is false");
        }
    }

    /**
     * The settings with the stream as asked: an enabled stream gets a new label and ARN (DynamoDB starts a new
     * stream each time), a disabled one keeps describing its last ARN and label, as DynamoDB does for 24 hours.
     */
    static TableSettings applyStream(TableSettings settings, String tableArn, StreamSpec spec, Instant now) {
        if (!spec.enabled()) {
            return settings.withStream(null, settings.latestStream());
        }
        String label = StreamLabel.FORMAT.format(now);
        return settings.withStream(spec.viewType(),
                new TableSettings.LatestStream(label, tableArn + "/stream/" + label));
    }

    /** Reads an SSESpecification member (null when absent). */
    static SseSpec sse(JsonNode request, String path, Constraints constraints) {
        JsonNode node = Requests.object(request, "SSESpecification");
        if (node == null) {
            return null;
        }
        boolean enabled = Requests.bool(node, "Enabled", false);
        String type = Requests.string(node, "SSEType");
        constraints.enumValue(type, path + ".sSEType", SSE_TYPES);
        return new SseSpec(enabled, type, Requests.string(node, "KMSMasterKeyId"));
    }

    /**
     * The settings with encryption as asked: with a KMS key (the caller's or the AWS-managed one) it is described;
     * the default encryption with an AWS-owned key is not.
     */
    static TableSettings applySse(TableSettings settings, SseSpec spec) {
        if (!spec.enabled()) {
            return settings.withKmsMasterKeyArn(null);
        }
        String key = spec.kmsMasterKeyId();
        return settings.withKmsMasterKeyArn(key == null ? keyArn(AWS_MANAGED_KEY) : key.startsWith("arn:") ? key
                : keyArn(key));
    }

    private static String keyArn(String keyId) {
        return "arn:aws:kms:" + Database.REGION + ":" + Database.ACCOUNT + ":key/" + keyId;
    }

    /** Reads TableClass (null when absent). */
    static String tableClass(JsonNode request, Constraints constraints) {
        String tableClass = Requests.string(request, "TableClass");
        constraints.enumValue(tableClass, "tableClass", TABLE_CLASSES);
        return tableClass;
    }
}

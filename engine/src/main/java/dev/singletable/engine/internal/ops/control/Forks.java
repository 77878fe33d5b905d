package dev.singletable.engine.internal.ops.control;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.protocol.Database;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.storage.TableMetadata;
import java.time.Instant;
import java.util.UUID;

/**
 * The engine's own table operations, which DynamoDB has no request for: forking a table (a new table holding its
 * present items, made in constant time) and dropping a table without a request.
 */
public final class Forks {
    private Forks() {
    }

    /**
     * Makes {@code forkName} a fork of {@code sourceName}: the source's keys, indexes, settings, tags, time to live
     * and items as they are now, sharing their storage until either table writes. An enabled stream is forked as
     * a new stream of the fork's own, which starts empty; a disabled one is not described.
     */
    public static void fork(Database database, String sourceName, String forkName) {
        Constraints constraints = new Constraints();
        constraints.name(forkName, "tableName");
        constraints.check();
        database.write(() -> {
            Table source = ControlRequests.existing(database, Database.nameOf(sourceName));
            if (database.find(forkName).isPresent()) {
                throw DynamoException.of("ResourceInUseException", "Table already exists: " + forkName);
            }
            Instant now = database.clock().instant();
            TableMetadata metadata = source.metadata().copyAs(forkName, Database.arnOf(forkName),
                    UUID.randomUUID().toString(), now.toEpochMilli() / 1000.0);
            ObjectNode settings = metadata.settings();
            settings.remove(TableDescriptions.LATEST_STREAM_ARN);
            settings.remove(TableDescriptions.LATEST_STREAM_LABEL);
            if (TableSettings.streamEnabled(settings)) {
                String viewType = settings.get(TableDescriptions.STREAM_SPECIFICATION).get("StreamViewType").asText();
                TableSettings.StreamSpec stream = new TableSettings.StreamSpec(true, viewType);
                // a fork made again under a dropped fork's name in the same millisecond (a test clock stands
                // still) must not take over the dropped fork's stream, whose ARN is the name and the time
                Instant label = now;
                do {
                    TableSettings.applyStream(settings, metadata.arn(), stream, label);
                    label = label.plusMillis(1);
                } while (database.streams().stream(settings.get(TableDescriptions.LATEST_STREAM_ARN).asText())
                        .isPresent());
            }
            database.addFork(source, source.fork(metadata));
            return null;
        });
    }

    /** Deletes a table at once, as DeleteTable does, whether or not it is protected against deletion. */
    public static void drop(Database database, String tableName) {
        database.write(() -> {
            database.remove(ControlRequests.existing(database, Database.nameOf(tableName)).name());
            return null;
        });
    }
}

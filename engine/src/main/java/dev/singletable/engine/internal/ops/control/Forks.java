package dev.singletable.engine.internal.ops.control;

import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.ops.Constraints;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.storage.TableMetadata;
import dev.singletable.engine.internal.storage.TableSettings;
import java.time.Instant;
import java.util.function.Consumer;
import java.util.function.Predicate;

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
     *
     * @param streamExists whether a stream with this ARN exists already (the streams live above this layer)
     */
    public static void fork(Database database, String sourceName, String forkName, Predicate<String> streamExists) {
        Constraints constraints = new Constraints();
        constraints.name(forkName, "tableName");
        constraints.check();
        database.write(() -> {
            Table source = ControlRequests.existing(database, Database.nameOf(sourceName));
            if (database.find(forkName).isPresent()) {
                throw DynamoException.of("ResourceInUseException", "Table already exists: " + forkName);
            }
            Instant now = database.clock().instant();
            String arn = Database.arnOf(forkName);
            TableSettings settings = source.metadata().settings().withStream(null, null);
            String viewType = source.metadata().settings().streamViewType();
            if (viewType != null) {
                SettingsRequests.StreamSpec stream = new SettingsRequests.StreamSpec(true, viewType);
                // a fork made again under a dropped fork's name in the same millisecond (a test clock stands
                // still) must not take over the dropped fork's stream, whose ARN is the name and the time
                Instant label = now;
                do {
                    settings = SettingsRequests.applyStream(settings, arn, stream, label);
                    label = label.plusMillis(1);
                } while (streamExists.test(settings.latestStream().arn()));
            }
            TableMetadata metadata = source.metadata().copyAs(forkName, arn, CreateTable.newTableId(),
                    now.toEpochMilli() / 1000.0, settings);
            database.addFork(source, source.fork(metadata));
            return null;
        });
    }

    /**
     * Deletes a table at once, as DeleteTable does, whether or not it is protected against deletion; then tells
     * {@code dropped} (still holding the write lock), for what the layers above keep of the table.
     */
    public static void drop(Database database, String tableName, Consumer<Table> dropped) {
        database.write(() -> {
            Table table = ControlRequests.existing(database, Database.nameOf(tableName));
            database.remove(table.name());
            dropped.accept(table);
            return null;
        });
    }
}

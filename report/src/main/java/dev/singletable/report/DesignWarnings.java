package dev.singletable.report;

import dev.singletable.core.Verification;
import dev.singletable.fixtures.AccessPattern;
import dev.singletable.fixtures.DynamoValues;
import dev.singletable.fixtures.KeyAttribute;
import dev.singletable.fixtures.TableDesign;
import dev.singletable.fixtures.TableKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** What a reviewer of the design should look at: patterns that Scan, partitions that grow hot, items near the limit. */
final class DesignWarnings {
    /** A Query returns at most 1 MB a page: a larger collection takes several round trips to read. */
    static final long LARGE_COLLECTION_BYTES = 1024 * 1024;
    /** An item this close to 400 KB has no room to grow. */
    static final long LARGE_ITEM_BYTES = 300 * 1024;
    /** A partition holding this share of the items takes this share of the writes. */
    static final double HOT_SHARE = 0.5;
    /** Below this many items, shares say nothing about a partition being hot. */
    static final int HOT_MINIMUM_ITEMS = 10;

    private DesignWarnings() {
    }

    static List<String> of(TableDesign design, List<ItemCollections.View> views, Verification results) {
        List<String> warnings = new ArrayList<>();
        if (results.checkedNothing()) {
            warnings.add(ResultsText.NOTHING_CHECKED);
        }
        results.failed()
                .forEach(r -> r.shortfalls().forEach(p -> warnings.add("access pattern " + r.label() + ": " + p)));
        for (ItemCollections.View view : views) {
            String where = view.index().map(i -> "index " + i.name()).orElse("the table");
            for (ItemCollections.Collection collection : view.collections()) {
                List<String> values = new ArrayList<>();
                for (int i = 0; i < collection.partition().size(); i++) {
                    values.add(view.partitionKey().get(i) + "=" + DynamoValues.text(collection.partition().get(i)));
                }
                String partition = String.join(", ", values);
                if (collection.bytes() >= LARGE_COLLECTION_BYTES) {
                    warnings.add(String.format(Locale.ROOT, "large partition: %s of %s holds %s; a Query reads at "
                            + "most 1 MB a page", partition, where, kilobytes(collection.bytes())));
                }
                if (view.items() >= HOT_MINIMUM_ITEMS && collection.rows().size() >= HOT_SHARE * view.items()) {
                    warnings.add(String.format(Locale.ROOT, "hot partition: %s holds %d of the %d items of %s, "
                            + "and takes as large a share of its writes", partition, collection.rows().size(),
                            view.items(), where));
                }
                if (view.index().isEmpty()) {
                    collection.rows().stream().filter(r -> r.size() >= LARGE_ITEM_BYTES).forEach(r -> warnings.add(
                            "large item: " + TableKey.ofItem(r.item(), design.primaryKey().stream()
                                    .map(KeyAttribute::name).toList()) + " is " + kilobytes(r.size())
                                    + ", near DynamoDB's " + DynamoValues.MAX_ITEM_BYTES / 1024 + " KB limit"));
                }
            }
            view.index().filter(index -> design.accessPatterns().stream().map(AccessPattern::indexName)
                    .flatMap(Optional::stream).noneMatch(index.name()::equals))
                    .ifPresent(index -> warnings.add("unread index: no access pattern queries " + index.name()
                            + ", yet it projects " + index.projection() + " and every write of its "
                            + Words.count(view.items(), "item") + " writes it too"));
        }
        return warnings;
    }

    private static String kilobytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f KB", bytes / 1024.0);
    }
}

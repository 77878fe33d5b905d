package dev.singletable.core;

import dev.singletable.engine.model.RequestLogEntry;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What running an {@link AccessPatternCall} did: the requests it sent (one per page) and the items it returned.
 *
 * @param call     the call that ran
 * @param requests the requests recorded in the table's log while it ran, oldest first
 * @param items    the items returned, over every page, in order
 */
public record AccessPatternRun(AccessPatternCall call, List<RequestLogEntry> requests,
        List<Map<String, AttributeValue>> items) {

    /** Copies the lists. */
    public AccessPatternRun {
        requests = List.copyOf(requests);
        items = List.copyOf(items);
    }

    /** @return how many pages were read: the number of requests */
    public int pages() {
        return requests.size();
    }

    /** @return how many items the requests read before filtering ({@code ScannedCount}, summed) */
    public int itemsRead() {
        return requests.stream().mapToInt(RequestLogEntry::scannedCount).sum();
    }

    /** @return the read capacity units the requests consumed, summed (0 where the endpoint reported none) */
    public double consumedCapacity() {
        return requests.stream().mapToDouble(r -> r.consumedCapacity().orElse(0)).sum();
    }
}

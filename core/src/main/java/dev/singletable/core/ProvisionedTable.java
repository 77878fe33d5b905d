package dev.singletable.core;

import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A table a {@link Backend} provisioned: it returns to its fixture state on demand, at the cost of what changed
 * since (an undo log on the engine; a rewrite of the items written through the backend's clients on an external
 * endpoint), not of its size.
 */
public interface ProvisionedTable {

    /** @return the physical table name */
    String name();

    /** Makes the present items the state {@link #reset()} returns to (writes of set-up code belong to it). */
    void markFixtureState();

    /** Returns the items to the state of the last {@link #markFixtureState()}. */
    void reset();

    /**
     * Writes items as part of set-up (a test's extra fixtures): the next {@link #reset()} undoes them.
     *
     * @param items the items
     */
    void write(List<Map<String, AttributeValue>> items);

    /** Deletes the table. */
    void drop();
}

package dev.singletable.core;

import java.util.List;
import java.util.Map;
import java.util.Optional;
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

    /**
     * Makes a fork of the table as it is now: a table of its own, under its own name, holding the same items and
     * index entries, made in constant time whatever the size (copy-on-write: the fork and the table share what
     * they hold, and each copies only what is then written to it, so neither sees the other's writes).
     * {@link #drop()} on the fork frees what only it held.
     *
     * @param forkName the fork's physical name, which no table has
     * @return the fork; empty on an external endpoint, which cannot fork a table
     */
    Optional<ProvisionedTable> fork(String forkName);

    /** Deletes the table. */
    void drop();
}

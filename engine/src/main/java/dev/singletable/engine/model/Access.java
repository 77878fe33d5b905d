package dev.singletable.engine.model;

/**
 * How a request read a table or index: one partition's key range, or every item. Query and Scan say it by
 * their name; a PartiQL SELECT does one or the other depending on its WHERE clause.
 */
public enum Access {
    /** Read one partition (a Query, or a SELECT whose WHERE clause fixes the partition key). */
    QUERY,
    /** Read the whole table or index (a Scan, or any other SELECT). */
    SCAN
}

/**
 * The failure messages of the single-table assertions, one factory per kind of failure, in AssertJ's layout:
 * what ran, what was expected, what came back, and the difference. Tests build expected messages with them.
 */
package dev.singletable.assertions.error;

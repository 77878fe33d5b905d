package dev.singletable.engine.internal.expr;

/** The operators a key condition may apply to a sort key. */
public enum SortOp {
    EQ, LT, LE, GT, GE, BETWEEN, BEGINS_WITH
}

package dev.singletable.engine.model;

/**
 * What a key condition may do with a key attribute. A partition key is only ever compared with {@link #EQ};
 * a sort key with any of these. The names are DynamoDB's own ({@code ComparisonOperator}).
 */
public enum KeyOperator {
    EQ("="),
    LT("<"),
    LE("<="),
    GT(">"),
    GE(">="),
    /** Between two operands, both included. */
    BETWEEN("BETWEEN"),
    /** Starts with the operand (strings and binaries). */
    BEGINS_WITH("begins_with");

    private final String symbol;

    KeyOperator(String symbol) {
        this.symbol = symbol;
    }

    /** The operator as a KeyConditionExpression writes it: {@code =}, {@code <=}, {@code BETWEEN}, {@code begins_with}. */
    public String symbol() {
        return symbol;
    }

    /** How many operands the operator takes: two for BETWEEN, one for the others. */
    public int operandCount() {
        return this == BETWEEN ? 2 : 1;
    }
}

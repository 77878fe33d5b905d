package dev.singletable.engine.internal.expr;

/** The request parameter an expression came from; its label names it in DynamoDB's messages. */
public enum ExpressionKind {
    CONDITION("Condition"),
    FILTER("Filter"),
    KEY_CONDITION("KeyCondition"),
    PROJECTION("Projection"),
    UPDATE("Update");

    private final String label;

    ExpressionKind(String label) {
        this.label = label;
    }

    /** The label as in {@code Invalid <label>Expression: …}. */
    public String label() {
        return label;
    }
}

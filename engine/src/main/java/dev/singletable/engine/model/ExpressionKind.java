package dev.singletable.engine.model;

/** The request parameter an expression came from. */
public enum ExpressionKind {
    KEY_CONDITION("KeyConditionExpression"),
    FILTER("FilterExpression"),
    CONDITION("ConditionExpression"),
    UPDATE("UpdateExpression"),
    PROJECTION("ProjectionExpression");

    private final String parameter;

    ExpressionKind(String parameter) {
        this.parameter = parameter;
    }

    /** The request parameter as on the wire, e.g. {@code KeyConditionExpression}; DynamoDB's messages name it. */
    public String parameter() {
        return parameter;
    }
}

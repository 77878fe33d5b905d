/**
 * DynamoDB's expressions: condition, filter, key condition, update and projection expressions, and the legacy
 * parameters they replaced, parsed into one syntax tree and evaluated against items.
 *
 * <p>The pipeline is {@code Lexer} (tokens with offsets) → {@code Parser} (recursive descent, grammar in its
 * Javadoc, syntax errors thrown at once, placeholders kept) → {@code ParseCache} (each distinct text parsed once)
 * → {@code Binder} (the request's names and values put in) → {@code Checks} (semantic problems, reported in
 * DynamoDB's order by {@code Problems}) → an immutable tree of {@code Ast} records, evaluated by
 * {@code Evaluator} and {@code ParsedUpdate}. Every refusal is a ValidationException with DynamoDB's exact
 * message, as the AWS documentation of each expression (DynamoDB Developer Guide, "Using expressions in
 * DynamoDB") and the service itself give it; each rule is described in words where the code applies it.
 *
 * <p>Operation handlers use {@link dev.singletable.engine.internal.expr.ExpressionContext} for expressions and
 * {@link dev.singletable.engine.internal.expr.Legacy} for the legacy parameters.
 */
package dev.singletable.engine.internal.expr;

package dev.singletable.engine.internal.partiql;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.kernel.Capacity;
import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.ops.OperationHandler;
import dev.singletable.engine.internal.ops.RequestContext;
import dev.singletable.engine.internal.ops.Requests;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.internal.value.ValueJson;
import dev.singletable.engine.model.Operation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * DynamoDB's PartiQL operations: ExecuteStatement, BatchExecuteStatement and ExecuteTransaction. A SELECT with
 * equality on the partition key reads one partition (a Query); any other SELECT reads the whole table (a Scan),
 * and the request log says which.
 */
public final class PartiqlOperations {
    private static final int MAX_STATEMENT_LENGTH = 8192;

    private final Database database;

    private PartiqlOperations(Database database) {
        this.database = database;
    }

    /** @return the handler of {@code operation}, or null when it is not a PartiQL operation */
    public static OperationHandler handler(Operation operation, Database database) {
        PartiqlOperations partiql = new PartiqlOperations(database);
        return switch (operation) {
            case EXECUTE_STATEMENT -> partiql::executeStatement;
            case BATCH_EXECUTE_STATEMENT -> partiql::batchExecuteStatement;
            case EXECUTE_TRANSACTION -> partiql::executeTransaction;
            default -> null;
        };
    }

    private ObjectNode executeStatement(JsonNode request, RequestContext context) {
        Bound bound = bind(request, "statement", "parameters");
        Integer limit = Requests.integer(request, "Limit");
        if (limit != null && limit < 1) {
            throw Requests.constraint(limit, "limit", "Member must have value greater than or equal to 1");
        }
        boolean consistent = Requests.bool(request, "ConsistentRead", false);
        String capacityMode = Requests.returnConsumedCapacity(request);
        String nextToken = Requests.string(request, "NextToken");
        boolean oldItemOnFailure = "ALL_OLD".equals(Requests.enumValue(request, "ReturnValuesOnConditionCheckFailure",
                "returnValuesOnConditionCheckFailure", List.of("ALL_OLD", "NONE"), "NONE"));
        Statements statements = new Statements(database, bound.evaluator());
        ObjectNode response = JsonNodeFactory.instance.objectNode();
        if (bound.statement() instanceof Ast.Select select) {
            Statements.Page page = database.read(() -> statements.select(select, limit, nextToken));
            ArrayNode items = response.putArray("Items");
            page.items().forEach(item -> items.add(ValueJson.writeItem(item)));
            if (page.nextToken() != null) {
                response.put("NextToken", page.nextToken());
            }
            double units = Capacity.readUnits(page.bytesRead(), consistent);
            putCapacity(response, capacityMode, select.table(), units);
            context.access(page.access());
            context.index(select.index());
            context.counts(page.scanned(), page.items().size());
            context.morePages(page.nextToken() != null);
            context.consumedCapacity(units);
            return response;
        }
        Statements.Written written = database.write(() -> statements.write(bound.statement(), oldItemOnFailure));
        ArrayNode items = response.putArray("Items");
        if (written.returned() != null) {
            items.add(ValueJson.writeItem(written.returned()));
        }
        putCapacity(response, capacityMode, bound.statement().table(), written.units());
        context.counts(written.old() == null ? 0 : 1, written.returned() == null ? 0 : 1);
        context.consumedCapacity(written.units());
        return response;
    }

    private ObjectNode batchExecuteStatement(JsonNode request, RequestContext context) {
        JsonNode statements = Requests.array(request, "Statements");
        checkCount(statements, "statements", 25);
        String capacityMode = Requests.returnConsumedCapacity(request);
        ObjectNode response = JsonNodeFactory.instance.objectNode();
        ArrayNode responses = response.putArray("Responses");
        double units = 0;
        for (int i = 0; i < statements.size(); i++) {
            JsonNode statement = statements.get(i);
            ObjectNode entry = responses.addObject();
            try {
                Bound bound = bind(statement, "statements." + (i + 1) + ".member.statement", "parameters");
                entry.put("TableName", Database.nameOf(bound.statement().table()));
                Statements executor = new Statements(database, bound.evaluator());
                if (bound.statement() instanceof Ast.Select select) {
                    Map<String, Value> item = database.read(() -> executor.get(select));
                    if (item != null) {
                        entry.set("Item", ValueJson.writeItem(item));
                    }
                    units += Capacity.readUnits(item == null ? 1 : Statements.size(item), false);
                } else {
                    units += database.write(() -> executor.write(bound.statement(), false)).units();
                }
            } catch (DynamoException e) {
                String code = e.type().endsWith("Exception") ? e.type().substring(0, e.type().length() - 9) : e.type();
                entry.putObject("Error").put("Code", code.equals("Validation") ? "ValidationError" : code)
                        .put("Message", e.getMessage());
            }
        }
        if (!capacityMode.equals("NONE")) {
            response.putArray("ConsumedCapacity").add(JsonNodeFactory.instance.objectNode()
                    .put("CapacityUnits", units));
        }
        context.counts(statements.size(), statements.size());
        context.consumedCapacity(units);
        return response;
    }

    private ObjectNode executeTransaction(JsonNode request, RequestContext context) {
        JsonNode statements = Requests.array(request, "TransactStatements");
        checkCount(statements, "transactStatements", 100);
        String capacityMode = Requests.returnConsumedCapacity(request);
        List<Bound> bound = new ArrayList<>();
        for (int i = 0; i < statements.size(); i++) {
            Bound b = bind(statements.get(i), "transactStatements." + (i + 1) + ".member.statement", "parameters");
            String returning = b.statement() instanceof Ast.Update u ? u.returning()
                    : b.statement() instanceof Ast.Delete d ? d.returning() : null;
            if (returning != null) {
                throw DynamoException.validation("Validation failed in TransactStatements[" + i
                        + "]: RETURNING clause is not supported in ExecuteTransaction.");
            }
            bound.add(b);
        }
        long reads = bound.stream().filter(b -> b.statement() instanceof Ast.Select).count();
        if (reads != 0 && reads != bound.size()) {
            throw DynamoException.validation("Transaction must contain either all reads or all writes");
        }
        ObjectNode response = JsonNodeFactory.instance.objectNode();
        double units = reads > 0 ? readTransaction(bound, response) : writeTransaction(bound);
        if (!capacityMode.equals("NONE")) {
            response.putArray("ConsumedCapacity").add(JsonNodeFactory.instance.objectNode()
                    .put("CapacityUnits", units));
        }
        context.counts(bound.size(), bound.size());
        context.consumedCapacity(units);
        return response;
    }

    private double readTransaction(List<Bound> bound, ObjectNode response) {
        ArrayNode responses = response.putArray("Responses");
        return database.read(() -> {
            double units = 0;
            for (Bound b : bound) {
                Map<String, Value> item = new Statements(database, b.evaluator()).get((Ast.Select) b.statement());
                ObjectNode entry = responses.addObject();
                if (item != null) {
                    entry.set("Item", ValueJson.writeItem(item));
                }
                units += 2 * Capacity.readUnits(item == null ? 1 : Statements.size(item), true);
            }
            return units;
        });
    }

    /** All or nothing: every statement is checked against the present items before any is written. */
    private double writeTransaction(List<Bound> bound) {
        return database.write(() -> {
            List<String> codes = new ArrayList<>();
            List<String> messages = new ArrayList<>();
            List<Statements.Planned> planned = new ArrayList<>();
            boolean failed = false;
            for (Bound b : bound) {
                try {
                    planned.add(new Statements(database, b.evaluator()).plan(b.statement()));
                    codes.add("None");
                    messages.add(null);
                } catch (DynamoException e) {
                    failed = true;
                    codes.add(reasonCode(e));
                    messages.add(e.getMessage());
                }
            }
            if (failed) {
                ArrayNode reasons = JsonNodeFactory.instance.arrayNode();
                for (int i = 0; i < codes.size(); i++) {
                    ObjectNode reason = reasons.addObject().put("Code", codes.get(i));
                    if (messages.get(i) != null) {
                        reason.put("Message", messages.get(i));
                    }
                }
                throw DynamoException.of("TransactionCanceledException",
                        "Transaction cancelled, please refer cancellation reasons for specific reasons " + codes,
                        Map.of("CancellationReasons", reasons));
            }
            double units = 0;
            for (Statements.Planned p : planned) {
                units += 2 * p.apply().units();
            }
            return units;
        });
    }

    private static String reasonCode(DynamoException e) {
        return switch (e.type()) {
            case "ConditionalCheckFailedException" -> "ConditionalCheckFailed";
            case "DuplicateItemException" -> "DuplicateItem";
            default -> "ValidationError";
        };
    }

    private Bound bind(JsonNode request, String statementPath, String parametersPath) {
        String text = Requests.string(request, "Statement");
        if (text == null) {
            throw Requests.constraint(null, statementPath, "Member must not be null");
        }
        if (text.isEmpty() || text.length() > MAX_STATEMENT_LENGTH) {
            throw Requests.constraint(text, statementPath, text.isEmpty()
                    ? "Member must have length greater than or equal to 1"
                    : "Member must have length less than or equal to " + MAX_STATEMENT_LENGTH);
        }
        JsonNode parametersNode = Requests.array(request, "Parameters");
        List<Value> parameters = new ArrayList<>();
        if (parametersNode != null) {
            if (parametersNode.isEmpty()) {
                throw Requests.constraint("[]", parametersPath, "Member must have length greater than or equal to 1");
            }
            parametersNode.forEach(p -> parameters.add(ValueJson.read(p)));
        }
        Parser.Parsed parsed = Parser.parse(text);
        if (parsed.parameters() != parameters.size()) {
            throw DynamoException.validation("Number of parameters in request and statement don't match.");
        }
        return new Bound(parsed.statement(), new Evaluator(parameters));
    }

    private static void checkCount(JsonNode list, String path, int max) {
        if (list == null) {
            throw Requests.constraint(null, path, "Member must not be null");
        }
        if (list.isEmpty() || list.size() > max) {
            throw Requests.constraint(list.isEmpty() ? "[]" : "[…]", path, list.isEmpty()
                    ? "Member must have length greater than or equal to 1"
                    : "Member must have length less than or equal to " + max);
        }
    }

    private static void putCapacity(ObjectNode response, String mode, String table, double units) {
        ObjectNode consumed = Capacity.consumed(mode, Database.nameOf(table), units, Map.of(), Map.of());
        if (consumed != null) {
            response.set("ConsumedCapacity", consumed);
        }
    }

    private record Bound(Ast.Statement statement, Evaluator evaluator) {
    }
}

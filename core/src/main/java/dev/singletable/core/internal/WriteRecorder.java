package dev.singletable.core.internal;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionRequest;
import software.amazon.awssdk.services.dynamodb.model.ParameterizedStatement;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Remembers, client-side, the primary keys every write request touches on the tables it tracks, so that an
 * external table can be reset by rewriting just those items. Keys are taken before the request is sent: a write
 * that then fails costs one needless restore, never a missed one. PartiQL statements carry their keys inside
 * text, so a write statement naming a tracked table marks the whole table as touched.
 */
final class WriteRecorder implements ExecutionInterceptor {
    private final ConcurrentMap<String, Tracked> tables = new ConcurrentHashMap<>();

    /** The keys written to a table since the last {@link #drain}, or {@code everything} when they are unknown. */
    record Written(Set<Map<String, AttributeValue>> keys, boolean everything) {
    }

    void track(String table, List<String> keyNames) {
        tables.put(table, new Tracked(keyNames));
    }

    void untrack(String table) {
        tables.remove(table);
    }

    /** Records a write made around the clients, e.g. a test's extra fixtures. */
    void written(String table, Map<String, AttributeValue> itemOrKey) {
        Tracked tracked = tables.get(table);
        if (tracked != null) {
            tracked.add(itemOrKey);
        }
    }

    /** @return what was written to the table since the last call, forgetting it */
    Written drain(String table) {
        return tables.get(table).drain();
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        if (context.request() instanceof PutItemRequest put) {
            written(put.tableName(), put.item());
        } else if (context.request() instanceof UpdateItemRequest update) {
            written(update.tableName(), update.key());
        } else if (context.request() instanceof DeleteItemRequest delete) {
            written(delete.tableName(), delete.key());
        } else if (context.request() instanceof BatchWriteItemRequest batch) {
            batch.requestItems().forEach((table, writes) -> writes.forEach(w -> written(table, keyOf(w))));
        } else if (context.request() instanceof TransactWriteItemsRequest transaction) {
            transaction.transactItems().forEach(this::written);
        } else if (context.request() instanceof ExecuteStatementRequest statement) {
            statement(statement.statement());
        } else if (context.request() instanceof BatchExecuteStatementRequest batch) {
            batch.statements().stream().map(BatchStatementRequest::statement).forEach(this::statement);
        } else if (context.request() instanceof ExecuteTransactionRequest transaction) {
            transaction.transactStatements().stream().map(ParameterizedStatement::statement).forEach(this::statement);
        }
    }

    private static Map<String, AttributeValue> keyOf(WriteRequest write) {
        return write.putRequest() != null ? write.putRequest().item() : write.deleteRequest().key();
    }

    private void written(TransactWriteItem item) {
        if (item.put() != null) {
            written(item.put().tableName(), item.put().item());
        } else if (item.update() != null) {
            written(item.update().tableName(), item.update().key());
        } else if (item.delete() != null) {
            written(item.delete().tableName(), item.delete().key());
        }
    }

    private void statement(String statement) {
        if (statement.stripLeading().toUpperCase(Locale.ROOT).startsWith("SELECT")) {
            return;
        }
        tables.forEach((table, tracked) -> {
            if (statement.contains(table)) {
                tracked.everything();
            }
        });
    }

    private static final class Tracked {
        private final List<String> keyNames;
        private Set<Map<String, AttributeValue>> keys = new HashSet<>();
        private boolean everything;

        Tracked(List<String> keyNames) {
            this.keyNames = keyNames;
        }

        synchronized void add(Map<String, AttributeValue> itemOrKey) {
            Map<String, AttributeValue> key = new LinkedHashMap<>();
            keyNames.forEach(name -> key.put(name, itemOrKey.get(name)));
            keys.add(key);
        }

        synchronized void everything() {
            everything = true;
        }

        synchronized Written drain() {
            Written written = new Written(keys, everything);
            keys = new HashSet<>();
            everything = false;
            return written;
        }
    }
}

package com.example.inventory;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Application code outside the toolkit's packages, so that it is the caller a logged Scan names. */
public final class StockReport {
    private StockReport() {
    }

    /** Reads the whole table: the line a Scan's log entry names. */
    public static int countItems(DynamoDbClient client, String table) {
        return client.scan(r -> r.tableName(table)).count();
    }

    /** A PartiQL statement, which may scan too. */
    public static int selectAll(DynamoDbClient client, String table) {
        return client.executeStatement(r -> r.statement("SELECT * FROM \"" + table + "\"")).items().size();
    }
}

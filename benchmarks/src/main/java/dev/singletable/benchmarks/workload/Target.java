package dev.singletable.benchmarks.workload;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** One endpoint the workload runs against: a name for the report and a client for it. */
record Target(String name, DynamoDbClient client) {
}

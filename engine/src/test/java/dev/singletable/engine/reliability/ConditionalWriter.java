package dev.singletable.engine.reliability;

import dev.singletable.engine.reliability.WriterLog.ItemWrite;
import dev.singletable.engine.reliability.WriterLog.Outcome;
import dev.singletable.engine.reliability.WriterLog.Read;
import dev.singletable.engine.reliability.WriterLog.Write;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * A writer process of {@link ManyWritersTest}: until its time is up, reads one or two of the keys every writer
 * shares and replaces them conditionally (PutItem, UpdateItem, or both in one TransactWriteItems), each write
 * naming the token of the write it read, so that the test can rebuild each item's history from the logs of all
 * writers. Sends each request once (no SDK retry: a retry of a write that was applied would be refused, and
 * logged as refused). Logs every write it sent and every read, one line each, to the file given.
 *
 * <p>Arguments: endpoint, writer name, seconds, seed, log file. Prints {@link #READY} when its time starts,
 * and at the end how many requests it sent.
 */
final class ConditionalWriter {
    static final String TABLE = "writers";
    /** The keys every writer writes to: three partitions of four items. */
    static final List<String> KEYS = List.of("P0/S0", "P0/S1", "P0/S2", "P0/S3", "P1/S0", "P1/S1", "P1/S2",
            "P1/S3", "P2/S0", "P2/S1", "P2/S2", "P2/S3");
    private static final List<String> G1 = List.of("A", "B", "C");
    private static final Duration SERVER_DOWN_PAUSE = Duration.ofMillis(30);
    /** Printed once the writer can reach the table: its time starts then. */
    static final String READY = "ready";
    /** Printed before it ends, with how many requests it sent. */
    static final String REQUESTS = "requests ";

    private final DynamoDbClient client;
    private final String name;
    private final Random random;
    private final WriterLog log = new WriterLog();
    private int writes;
    private long requests;

    private ConditionalWriter(DynamoDbClient client, String name, Random random) {
        this.client = client;
        this.name = name;
        this.random = random;
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        URI endpoint = URI.create(args[0]);
        try (DynamoDbClient client = DynamoDbClient.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
                .httpClient(UrlConnectionHttpClient.builder().connectionTimeout(Duration.ofSeconds(2))
                        .socketTimeout(Duration.ofSeconds(10)).build())
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("a", "b")))
                .overrideConfiguration(c -> c.retryStrategy(r -> r.maxAttempts(1)))
                .build()) {
            client.describeTable(b -> b.tableName(TABLE)); // the client is ready: the time to write starts now
            System.out.println(READY);
            long deadline = System.nanoTime() + Duration.ofSeconds(Long.parseLong(args[2])).toNanos();
            ConditionalWriter writer = new ConditionalWriter(client, args[1], new Random(Long.parseLong(args[3])));
            while (System.nanoTime() < deadline) {
                writer.writeOnce();
            }
            writer.log.save(Path.of(args[4]));
            System.out.println(REQUESTS + writer.requests);
        }
    }

    /** Reads one or two keys, then replaces them conditionally; a server that is down costs a pause. */
    private void writeOnce() throws InterruptedException {
        boolean transaction = random.nextInt(4) == 0;
        String first = KEYS.get(random.nextInt(KEYS.size()));
        String second = KEYS.get(random.nextInt(KEYS.size()));
        List<String> keys = transaction && !second.equals(first) ? List.of(first, second) : List.of(first);
        List<ItemWrite> items = new ArrayList<>();
        for (String key : keys) {
            Map<String, AttributeValue> item;
            long sent = System.currentTimeMillis();
            try {
                requests++;
                item = client.getItem(b -> b.tableName(TABLE).key(key(key)).consistentRead(true)).item();
            } catch (SdkClientException | DynamoDbException serverDown) {
                Thread.sleep(SERVER_DOWN_PAUSE.toMillis());
                return;
            }
            boolean exists = item != null && !item.isEmpty();
            Read read = new Read(key, exists ? item.get("token").s() : WriterLog.NONE,
                    exists ? Integer.parseInt(item.get("version").n()) : 0, sent);
            log.add(read);
            items.add(new ItemWrite(key, read.token(), read.version() + 1, name + "-" + ++writes,
                    G1.get(random.nextInt(G1.size())), random.nextBoolean() ? "V" + random.nextInt(2) : WriterLog.NONE));
        }
        Outcome outcome;
        try {
            requests++;
            if (items.size() > 1) {
                client.transactWriteItems(b -> b.transactItems(items.stream().map(this::transactItem).toList()));
            } else if (random.nextBoolean()) {
                Members put = put(items.get(0));
                client.putItem(b -> b.tableName(TABLE).item(put.attributes()).conditionExpression(put.condition())
                        .expressionAttributeNames(put.names()).expressionAttributeValues(put.values()));
            } else {
                Members update = update(items.get(0));
                client.updateItem(b -> b.tableName(TABLE).key(update.attributes()).updateExpression(update.update())
                        .conditionExpression(update.condition()).expressionAttributeNames(update.names())
                        .expressionAttributeValues(update.values()));
            }
            outcome = Outcome.ACKNOWLEDGED;
        } catch (ConditionalCheckFailedException | TransactionCanceledException refused) {
            outcome = Outcome.REFUSED;
        } catch (SdkClientException noAnswer) {
            outcome = Outcome.UNKNOWN;
            Thread.sleep(SERVER_DOWN_PAUSE.toMillis());
        } catch (DynamoDbException e) {
            if (e.statusCode() < 500) {
                throw e; // a request the test got wrong, not a failure of the server
            }
            outcome = Outcome.UNKNOWN;
        }
        log.add(new Write(outcome, System.currentTimeMillis(), items));
    }

    private TransactWriteItem transactItem(ItemWrite write) {
        if (random.nextBoolean()) {
            Members put = put(write);
            return TransactWriteItem.builder().put(p -> p.tableName(TABLE).item(put.attributes())
                    .conditionExpression(put.condition()).expressionAttributeNames(put.names())
                    .expressionAttributeValues(put.values())).build();
        }
        Members update = update(write);
        return TransactWriteItem.builder().update(u -> u.tableName(TABLE).key(update.attributes())
                .updateExpression(update.update()).conditionExpression(update.condition())
                .expressionAttributeNames(update.names()).expressionAttributeValues(update.values())).build();
    }

    /**
     * The members of a write's request, alike whether it goes alone or in a transaction: the item (PutItem) or
     * key (UpdateItem), the update expression, the condition, and the names and values (null when none).
     */
    private record Members(Map<String, AttributeValue> attributes, String update, String condition,
            Map<String, String> names, Map<String, AttributeValue> values) {
    }

    static Map<String, AttributeValue> key(String key) {
        String[] parts = key.split("/");
        return Map.of("PK", AttributeValue.fromS(parts[0]), "SK", AttributeValue.fromS(parts[1]));
    }

    /**
     * The write as a PutItem of the whole item, on its condition: the item is as the writer read it (absent, or
     * last written by the write whose token it read).
     */
    private static Members put(ItemWrite write) {
        boolean created = write.previous().equals(WriterLog.NONE);
        return created ? new Members(item(write), null, "attribute_not_exists(PK)", null, null)
                : new Members(item(write), null, "#token = :read", Map.of("#token", "token"),
                        Map.of(":read", AttributeValue.fromS(write.previous())));
    }

    /** The same write as an UpdateItem: every attribute set, g2pk set or removed, on the same condition. */
    private static Members update(ItemWrite write) {
        Members put = put(write);
        Map<String, AttributeValue> item = put.attributes();
        boolean inSecondIndex = item.containsKey("g2pk");
        Map<String, AttributeValue> values = new HashMap<>(Map.of(":version", item.get("version"),
                ":token", item.get("token"), ":previous", item.get("previous"), ":g1pk", item.get("g1pk")));
        if (inSecondIndex) {
            values.put(":g2pk", item.get("g2pk"));
        }
        if (put.values() != null) {
            values.putAll(put.values());
        }
        return new Members(key(write.key()), "SET #version = :version, #token = :token, #previous = :previous, "
                + "g1pk = :g1pk, g1sk = :token, g2sk = :version" + (inSecondIndex ? ", g2pk = :g2pk" : " REMOVE g2pk"),
                put.condition(), Map.of("#version", "version", "#token", "token", "#previous", "previous"), values);
    }

    /** The whole item a write leaves. */
    private static Map<String, AttributeValue> item(ItemWrite write) {
        Map<String, AttributeValue> item = new HashMap<>(key(write.key()));
        item.put("version", AttributeValue.fromN(Integer.toString(write.version())));
        item.put("token", AttributeValue.fromS(write.token()));
        item.put("previous", AttributeValue.fromS(write.previous()));
        item.put("g1pk", AttributeValue.fromS(write.g1pk()));
        item.put("g1sk", AttributeValue.fromS(write.token()));
        item.put("g2sk", AttributeValue.fromN(Integer.toString(write.version())));
        if (!write.g2pk().equals(WriterLog.NONE)) {
            item.put("g2pk", AttributeValue.fromS(write.g2pk()));
        }
        return item;
    }
}

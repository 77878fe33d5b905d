package dev.singletable.engine;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

/**
 * Runs an engine as a local DynamoDB endpoint: {@code java -jar singletable-engine.jar --port 8000}.
 * Stops on Ctrl-C. (The {@code singletable serve} command does the same with a design and demo data.)
 */
public final class Server {
    private static final String USAGE = "usage: java -jar singletable-engine-server.jar [--port 8000] [--host 127.0.0.1]"
            + " [--data DIR] [--credentials AKID:SECRET] [--max-connections 512] [--max-header-bytes 16384]"
            + " [--request-timeout SECONDS] [--response-timeout SECONDS] [--idle-timeout SECONDS]";

    private Server() {
    }

    public static void main(String[] args) throws InterruptedException, UnknownHostException {
        int port = 8000;
        String host = "127.0.0.1";
        String data = null;
        String credentials = null;
        HttpLimits limits = HttpLimits.defaults();
        try {
            for (int i = 0; i < args.length; i++) {
                String option = args[i];
                switch (option) {
                    case "--port" -> port = Integer.parseInt(value(args, ++i, option));
                    case "--host" -> host = value(args, ++i, option);
                    case "--data" -> data = value(args, ++i, option);
                    case "--credentials" -> credentials = value(args, ++i, option);
                    case "--max-connections" -> limits = limits.withMaxConnections(Integer.parseInt(value(args, ++i, option)));
                    case "--max-header-bytes" -> limits = limits.withMaxHeaderBytes(Integer.parseInt(value(args, ++i, option)));
                    case "--request-timeout" -> limits = limits.withRequestTimeout(seconds(value(args, ++i, option)));
                    case "--response-timeout" -> limits = limits.withResponseTimeout(seconds(value(args, ++i, option)));
                    case "--idle-timeout" -> limits = limits.withIdleTimeout(seconds(value(args, ++i, option)));
                    default -> throw new IllegalArgumentException("unknown option " + option);
                }
            }
        } catch (IllegalArgumentException e) { // NumberFormatException included
            System.err.println(e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
        }
        DynamoDbEngine.Builder builder = DynamoDbEngine.builder().host(host).port(port).httpLimits(limits);
        if (data != null) {
            builder.dataDirectory(Path.of(data));
        }
        if (credentials != null) {
            int colon = credentials.indexOf(':');
            if (colon < 1) {
                System.err.println("--credentials takes ACCESS_KEY_ID:SECRET_ACCESS_KEY");
                System.exit(2);
            }
            builder.credentials(credentials.substring(0, colon), credentials.substring(colon + 1));
        }
        DynamoDbEngine engine = builder.build();
        if (!InetAddress.getByName(host).isLoopbackAddress()) {
            System.err.println("WARNING: listening on " + host + ", reachable from other machines; "
                    + (credentials == null ? "any caller is served (--credentials makes it check signatures)"
                    : "only requests signed with the given credentials are served"));
        }
        System.out.println("DynamoDB endpoint: " + engine.httpEndpoint());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            engine.close();
            stopped.countDown();
        }));
        stopped.await();
    }

    private static Duration seconds(String text) {
        return Duration.ofMillis(Math.round(Double.parseDouble(text) * 1000));
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }
}

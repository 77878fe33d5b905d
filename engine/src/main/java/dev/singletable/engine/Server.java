package dev.singletable.engine;

import java.io.UncheckedIOException;
import java.util.Optional;

/**
 * Runs an engine as a local DynamoDB endpoint: {@code java -jar singletable-engine.jar --port 8000}.
 * Stops on Ctrl-C; with {@code --data}, also when the disk fails the data directory (exit code 1, after saying
 * why). (The {@code singletable serve} command does the same with a design and demo data.)
 */
public final class Server {
    private Server() {
    }

    public static void main(String[] args) throws InterruptedException, java.net.UnknownHostException {
        int port = 8000;
        String host = "127.0.0.1";
        String data = null;
        String credentials = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--port" -> port = Integer.parseInt(value(args, ++i, "--port"));
                case "--host" -> host = value(args, ++i, "--host");
                case "--data" -> data = value(args, ++i, "--data");
                case "--credentials" -> credentials = value(args, ++i, "--credentials");
                default -> {
                    System.err.println("usage: java -jar singletable-engine-server.jar [--port 8000] [--host 127.0.0.1] [--data DIR] [--credentials AKID:SECRET]");
                    System.exit(2);
                }
            }
        }
        DynamoDbEngine.Builder builder = DynamoDbEngine.builder().host(host).port(port);
        if (data != null) {
            builder.dataDirectory(java.nio.file.Path.of(data));
        }
        if (credentials != null) {
            int colon = credentials.indexOf(':');
            if (colon < 1) {
                System.err.println("--credentials takes ACCESS_KEY_ID:SECRET_ACCESS_KEY");
                System.exit(2);
            }
            builder.credentials(credentials.substring(0, colon), credentials.substring(colon + 1));
        }
        DynamoDbEngine engine;
        try {
            engine = builder.build();
        } catch (UncheckedIOException e) { // the data directory: in use by another engine, unreadable, damaged
            System.err.println(e.getMessage());
            System.exit(1);
            return;
        }
        if (!java.net.InetAddress.getByName(host).isLoopbackAddress()) {
            System.err.println("WARNING: listening on " + host + ", reachable from other machines; "
                    + (credentials == null ? "any caller is served (--credentials makes it check signatures)"
                    : "only requests signed with the given credentials are served"));
        }
        System.out.println("DynamoDB endpoint: " + engine.httpEndpoint());
        Runtime.getRuntime().addShutdownHook(new Thread(engine::close));
        Optional<String> failure = engine.awaitStop();
        if (failure.isPresent()) { // the disk failed the data directory: stop, and let a restart recover
            System.err.println(failure.get());
            System.exit(1);
        }
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            System.err.println(option + " needs a value");
            System.exit(2);
        }
        return args[i];
    }
}
